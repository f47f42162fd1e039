import type { App } from '../app.ts';
import { DEMO_PASSWORD, seedDemoAccounts } from './demo-accounts.ts';
import { seedDemoMarketplace } from './demo-marketplace.ts';
import { seedDemoMoney } from './demo-money.ts';

/**
 * Prepares a database for use through the same services the product uses. Safe to run at every
 * start: it only adds what is missing. `demo` adds demo content (SEED_DEMO); the features that own
 * demo content add it here.
 */
export async function seedDatabase(
  app: App,
  options: { demo: boolean; canDeliverLocally: boolean; clock?: () => Date } = { demo: false, canDeliverLocally: false },
) {
  await app.services.settings.ensureSettings();
  if (!options.demo) return undefined;
  if (!options.canDeliverLocally) {
    app.log.info('Demo accounts are made only with the development outbox (no e-mail provider); skipped.');
    return undefined;
  }
  const demo = await seedDemoAccounts(app);
  const now = options.clock?.() ?? new Date();
  const marketplace = await seedDemoMarketplace(app, now);
  if (marketplace.created) {
    app.log.info(`Demo marketplace: ${marketplace.users} people, ${marketplace.jobs} projects, ${marketplace.proposals} proposals.`);
  }
  const employer = demo.accounts.find((account) => account.role === 'employer');
  const demoEmployer = employer ? await app.services.users.findUserByEmail(employer.email) : undefined;
  const money = await seedDemoMoney(app, now, demoEmployer?.id);
  if (money.completed > 0) app.log.info(`Demo payments: ${money.completed} jobs completed and paid, one in escrow, one disputed.`);
  return { ...demo, password: DEMO_PASSWORD, marketplace, money };
}
