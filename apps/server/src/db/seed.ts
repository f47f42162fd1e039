import type { App } from '../app.ts';
import { DEMO_PASSWORD, seedDemoAccounts } from './demo-accounts.ts';

/**
 * Prepares a database for use through the same services the product uses. Safe to run at every
 * start: it only adds what is missing. `demo` adds demo content (SEED_DEMO); the features that own
 * demo content add it here.
 */
export async function seedDatabase(
  app: App,
  options: { demo: boolean; canDeliverLocally: boolean } = { demo: false, canDeliverLocally: false },
) {
  await app.services.settings.ensureSettings();
  if (!options.demo) return undefined;
  if (!options.canDeliverLocally) {
    app.log.info('Demo accounts are made only with the development outbox (no e-mail provider); skipped.');
    return undefined;
  }
  const demo = await seedDemoAccounts(app);
  return { ...demo, password: DEMO_PASSWORD };
}
