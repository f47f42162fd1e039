import type { App } from '../app.ts';
import { DEMO_PASSWORD, seedDemoAccounts } from './demo-accounts.ts';
import { seedDemoMarketplace } from './demo-marketplace.ts';

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
  const marketplace = await seedDemoMarketplace(app, options.clock?.() ?? new Date());
  if (marketplace.created) {
    app.log.info(`Demo marketplace: ${marketplace.users} people, ${marketplace.jobs} projects, ${marketplace.proposals} proposals.`);
  }
  return { ...demo, password: DEMO_PASSWORD, marketplace };
}
