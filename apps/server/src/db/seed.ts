import type { App } from '../app.ts';

/**
 * Prepares a database for use through the same services the product uses. Safe to run at every
 * start: it only adds what is missing. Demo content (SEED_DEMO) joins here as the features that
 * own it land; the foundation itself needs only the site settings.
 */
export async function seedDatabase(app: App) {
  await app.services.settings.ensureSettings();
}
