import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openTestDatabase } from '../test/harness.ts';
import type { Database } from '../db/client.ts';
import { AFTER_PAINT_SCRIPT, languageOf } from './first-load.ts';

describe('the page a first visit gets', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let database: Database;
  let webRoot: string;

  beforeAll(async () => {
    // A build as `vite build` leaves it, with the first-load manifest apps/web/first-load.ts writes.
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'mihna-web-'));
    fs.mkdirSync(path.join(webRoot, '.vite'));
    fs.writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html>\n<html lang="en" dir="ltr">\n  <head><meta\n      name="description"\n      content="The Gulf marketplace."\n    /><title>Mihna</title><script type="module" crossorigin src="/assets/index-1.js"></script><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>\n  <body><div id="root"><div class="skeleton"></div></div></body>\n</html>\n',
    );
    fs.mkdirSync(path.join(webRoot, 'assets'));
    fs.writeFileSync(path.join(webRoot, 'assets', 'index-1.css'), 'body{margin:0}');
    fs.writeFileSync(
      path.join(webRoot, '.vite', 'prerendered.json'),
      JSON.stringify({
        '/login': { en: '<header>Mihna</header><main><h1>Log in to Mihna</h1><form><input name="password"></form></main>' },
      }),
    );
    fs.writeFileSync(
      path.join(webRoot, '.vite', 'first-load.json'),
      JSON.stringify({
        routes: [
          { path: '/', files: ['assets/home-1.js'], namespaces: [] },
          { path: '/login', files: ['assets/login-1.js', 'assets/field-1.js'], namespaces: ['auth'] },
          { path: '/professionals/:professionalId', files: ['assets/professional-profile-1.js'], namespaces: ['professionals'] },
        ],
        descriptions: { en: 'The Gulf marketplace.', ar: 'منصة الخليج "للعمل" المهني.' },
        texts: {
          en: {
            common: 'assets/common-en.js',
            validation: 'assets/validation-en.js',
            auth: 'assets/auth-en.js',
            professionals: 'assets/pro-en.js',
          },
          ar: {
            common: 'assets/common-ar.js',
            validation: 'assets/validation-ar.js',
            auth: 'assets/auth-ar.js',
            professionals: 'assets/pro-ar.js',
          },
        },
      }),
    );
    database = await openTestDatabase();
    app = await createTestApp({ webRoot, database });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  const visit = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'accept-encoding': 'identity', ...headers } });
  const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);

  it("announces the page's chunks and its texts in the reader's language", async () => {
    const login = await visit('/login?returnTo=%2Fdashboard');
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-cache');
    expect(login.body).toContain('<html lang="en" dir="ltr">');
    expect(preloads(login.body)).toEqual([
      '/assets/common-en.js',
      '/assets/validation-en.js',
      '/assets/auth-en.js',
      '/assets/login-1.js',
      '/assets/field-1.js',
    ]);
  });

  it('sends Arabic, right to left, to a reader who chose it, and never the English texts', async () => {
    const profile = await visit('/professionals/0b5f7c1e-3a59-4c1a-9a51-3b1e3f1b2c4d', { cookie: 'theme=dark; mihna.language=ar' });
    expect(profile.body).toContain('<html lang="ar" dir="rtl">');
    expect(preloads(profile.body)).toEqual([
      '/assets/common-ar.js',
      '/assets/validation-ar.js',
      '/assets/pro-ar.js',
      '/assets/professional-profile-1.js',
    ]);
    expect(profile.body).not.toMatch(/-en\.js/);
  });

  it('describes the page in its language, for search results and link previews', async () => {
    const description = (html: string) => /<meta\s+name="description"\s+content="([^"]*)"/.exec(html)?.[1];
    expect(description((await visit('/login', { cookie: 'mihna.language=ar' })).body)).toBe('منصة الخليج &quot;للعمل&quot; المهني.');
    expect(description((await visit('/professionals/0b5f7c1e-3a59-4c1a-9a51-3b1e3f1b2c4d', { 'accept-language': 'ar-AE' })).body)).toBe(
      'منصة الخليج &quot;للعمل&quot; المهني.',
    );
    expect(description((await visit('/login')).body)).toBe('The Gulf marketplace.');
  });

  it('sends a public page drawn, inert until the app hydrates it, and the styles inside', async () => {
    const login = await visit('/login');
    expect(login.body).toContain('<div id="root" inert><header>Mihna</header><main><h1>Log in to Mihna</h1>');
    expect(login.body).not.toContain('class="skeleton"');
    expect(login.body).toContain('<style>body{margin:0}</style>');
    expect(login.body).not.toContain('rel="stylesheet"');
    expect(login.body).toContain('<meta name="mihna-texts" content="auth">');
    // Not drawn in Arabic by this build: the skeleton, still in Arabic.
    const arabic = await visit('/login', { cookie: 'mihna.language=ar' });
    expect(arabic.body).toContain('<div id="root"><div class="skeleton"></div></div>');
  });

  it('asks for a drawn page’s code once it has painted, a skeleton’s at once', async () => {
    // A drawn page reads without its code, which only makes it work: the head announces none of it,
    // and the one inline script (the policy allows it by its hash) asks for it after the next frame.
    const drawn = await visit('/login');
    expect(preloads(drawn.body)).toEqual([]);
    expect(drawn.body).not.toContain('<script type="module"');
    const code = /<script data-code="([^"]+)">([^<]+)<\/script>\s*<\/body>/.exec(drawn.body);
    expect(code?.[1]).toBe(
      '/assets/index-1.js /assets/common-en.js /assets/validation-en.js /assets/auth-en.js /assets/login-1.js /assets/field-1.js',
    );
    expect(code?.[2]).toBe(AFTER_PAINT_SCRIPT);
    const skeleton = await visit('/login?returnTo=%2Fdashboard');
    expect(preloads(skeleton.body)).toContain('/assets/login-1.js');
    expect(skeleton.body).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(skeleton.body).not.toContain('data-code');
  });

  it('announces a profile’s data to a visitor, so it downloads beside the code', async () => {
    const id = '0B5F7C1E-3A59-4C1A-9A51-3B1E3F1B2C4D';
    const expert = await visit(`/professionals/${id}`);
    expect(expert.headers.link).toBe(`</api/experts/${id.toLowerCase()}/profile>; rel=preload; as=fetch; crossorigin`);
    expect((await visit(`/employers/${id}`)).headers.link).toBe(
      `</api/employers/${id.toLowerCase()}/profile>; rel=preload; as=fetch; crossorigin`,
    );
    // Signed in, the app asks with its token; an address that is no profile announces nothing.
    expect((await visit(`/professionals/${id}`, { cookie: 'mihna.signed_in=1' })).headers.link).toBeUndefined();
    expect((await visit('/professionals/not-an-id')).headers.link).toBeUndefined();
    expect((await visit('/login')).headers.link).toBeUndefined();
  });

  it('sends a signed-in browser the skeleton: its header is not the visitors’ one the build drew', async () => {
    const login = await visit('/login', { cookie: 'mihna.language=en; mihna.signed_in=1' });
    expect(login.body).toContain('<div id="root"><div class="skeleton"></div></div>');
    expect((await visit('/login', { cookie: 'mihna.signed_in=' })).body).toContain('Log in to Mihna');
  });

  it('sends the skeleton for an address with a query, which the build did not draw', async () => {
    const login = await visit('/login?returnTo=%2Fdashboard');
    expect(login.body).toContain('<div id="root"><div class="skeleton"></div></div>');
    expect(login.body).toContain('<link rel="modulepreload" crossorigin href="/assets/login-1.js">');
  });

  it('sends the skeleton instead once the staff have changed how the site looks', async () => {
    await database.db.execute(sql`update site_settings set settings = settings || '{"site_name": "Mahara"}'::jsonb where id = 1`);
    try {
      const login = await visit('/login');
      expect(login.body).toContain('<div id="root"><div class="skeleton"></div></div>');
      expect(login.body).not.toContain('Log in to Mihna');
    } finally {
      await database.db.execute(sql`update site_settings set settings = settings - 'site_name' where id = 1`);
    }
    expect((await visit('/login')).body).toContain('Log in to Mihna');
  });

  it('gives a page it has no entry for the shell texts only', async () => {
    const unknown = await visit('/somewhere/else');
    expect(unknown.statusCode).toBe(200);
    expect(preloads(unknown.body)).toEqual(['/assets/common-en.js', '/assets/validation-en.js']);
  });

  it("takes the language from the cookie first, then the browser's first language", () => {
    expect(languageOf({ cookie: 'mihna.language=en', 'accept-language': 'ar-AE,ar;q=0.9' })).toBe('en');
    expect(languageOf({ 'accept-language': 'ar-AE,ar;q=0.9,en;q=0.8' })).toBe('ar');
    expect(languageOf({ 'accept-language': 'en-US,ar;q=0.9' })).toBe('en');
    expect(languageOf({ cookie: 'mihna.language=fr' })).toBe('en');
    expect(languageOf({})).toBe('en');
  });
});
