import { test as base, type Page } from '@playwright/test';

/** Where the browser journeys' servers listen: one per worker, from E2E_PORT (3100) up. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const serverUrl = (parallelIndex: number) => `http://127.0.0.1:${E2E_PORT + parallelIndex}`;

/**
 * A first visit shows the page the server drew, inert, until the app hydrates it (decision 23). A
 * person waits for it to work before using it; so do the journeys: each goto and reload returns once
 * the app runs the page.
 */
export function waitForTheAppOnLoad(page: Page): Page {
  const live = () => page.waitForFunction(() => !document.querySelector('#root[inert]'));
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await live();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await live();
    return response;
  };
  return page;
}

/** A private address of its own for each journey, from its id. */
function clientAddressOf(id: string): string {
  let hash = 0;
  for (const character of id) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
  return `10.${(hash >>> 16) & 255}.${(hash >>> 8) & 255}.${hash & 255 || 1}`;
}

/**
 * Each worker drives its own server on its own fresh database (playwright.config.ts starts one per
 * worker), so journeys that count every project or professional, or lock an account, never see
 * another worker's writes.
 */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use, testInfo) => use(serverUrl(testInfo.parallelIndex)),
  // Each journey is a visitor of its own on the network, as people are: the limits per client address
  // (60 registrations an hour, say) count each journey apart instead of the whole run from 127.0.0.1.
  // The journey servers trust the loopback proxy that names it (scripts/e2e-servers.mjs).
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) =>
    use({ ...extraHTTPHeaders, 'x-forwarded-for': clientAddressOf(`${testInfo.testId}:${testInfo.retry}`) }),
  page: async ({ page }, use) => use(waitForTheAppOnLoad(page)),
});

export { expect } from '@playwright/test';
