// Screenshots of pages in English and Arabic at phone (390 px) and desktop (1280 px) widths, for review
// and for the README. Needs a running server: node scripts/screenshots.mjs [baseUrl] [outDir] [paths…]
import fs from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumFlags, ensureChromium } from './chromium.mjs';

const [base = 'http://localhost:3000', outDirectory = '.tmp/screenshots', ...paths] = process.argv.slice(2);
const routes = paths.length > 0 ? paths : ['/', '/about', '/contact', '/help', '/privacy', '/terms', '/dev/mailbox'];
fs.mkdirSync(outDirectory, { recursive: true });

const browser = await chromium.launch({ executablePath: ensureChromium(), args: chromiumFlags });
for (const language of ['en', 'ar']) {
  for (const width of [390, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, deviceScaleFactor: 1 });
    await context.addInitScript((value) => localStorage.setItem('mihna.language', value), language);
    const page = await context.newPage();
    for (const route of routes) {
      await page.goto(new URL(route, base).toString(), { waitUntil: 'networkidle' });
      const name = `${route.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}-${language}-${width}.png`;
      await page.screenshot({ path: `${outDirectory}/${name}`, fullPage: width >= 500 });
      console.log(`${outDirectory}/${name}`);
    }
    await context.close();
  }
}
await browser.close();
