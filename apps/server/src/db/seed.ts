import type { App } from '../app.ts';

/**
 * Prepares a database for use through the same services the product uses. Safe to run at every
 * start: it only adds what is missing. `demo` adds demo content (SEED_DEMO); the features that own
 * demo content add it here.
 */
export async function seedDatabase(app: App, _options: { demo: boolean } = { demo: false }) {
  await app.services.settings.ensureSettings();
}
