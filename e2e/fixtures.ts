import { test as base } from '@playwright/test';

/** Where the browser journeys' servers listen: one per worker, from E2E_PORT (3100) up. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const serverUrl = (parallelIndex: number) => `http://127.0.0.1:${E2E_PORT + parallelIndex}`;

/**
 * Each worker drives its own server on its own fresh database (playwright.config.ts starts one per
 * worker), so journeys that count every project or professional, or lock an account, never see
 * another worker's writes.
 */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use, testInfo) => use(serverUrl(testInfo.parallelIndex)),
});

export { expect } from '@playwright/test';
