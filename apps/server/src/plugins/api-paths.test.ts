import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness.ts';

describe('path rule', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'mihna-web-'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.mkdirSync(path.join(webRoot, 'assets'));
    fs.writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');
    // The app's addresses as the web build lists them (apps/web/first-load.ts reads them from its router).
    fs.mkdirSync(path.join(webRoot, '.vite'));
    const page = (routePath: string) => ({ path: routePath, public: true, files: [], namespaces: [] });
    const pages = ['/', '/projects', '/projects/:projectId', '/professionals/:professionalId', '/employers/:employerId', '/invoices'];
    fs.writeFileSync(
      path.join(webRoot, '.vite', 'first-load.json'),
      JSON.stringify({ routes: [...pages, '/messages/:conversationId'].map(page), redirects: ['/jobs', '/jobs/:jobId'], texts: {} }),
    );
    app = await createTestApp({ webRoot });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('answers an /api route at its unprefixed spelling for a non-HTML request', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/contact/send-message',
      headers: { accept: 'application/json' },
      payload: {},
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('validation_failed');
  });

  it('keeps the query string when it rewrites an unprefixed call', async () => {
    const response = await app.inject({ method: 'GET', url: '/dev/outbox?to=nobody@example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ messages: [] });
  });

  it('gives a browser navigation to the same path the single-page app', async () => {
    const response = await app.inject({ method: 'GET', url: '/public/interface-settings', headers: { accept: 'text/html,*/*' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<div id="root">');
  });

  it('serves the app shell for any client-side route, uncached', async () => {
    const response = await app.inject({ method: 'GET', url: '/projects/42?tab=proposals', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  });

  it('serves hashed assets with a long cache', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('does not lend the documentation pages an unprefixed spelling', async () => {
    const response = await app.inject({ method: 'GET', url: '/docs', headers: { accept: 'application/json' } });
    expect(response.statusCode).toBe(404);
  });

  it('keeps /api to the API even for a browser navigation with a query string', async () => {
    const response = await app.inject({ method: 'GET', url: '/api?x=1', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
  });

  it('answers a non-HTML request to a path that is no route with 404 JSON', async () => {
    const response = await app.inject({ method: 'GET', url: '/projects/42', headers: { accept: 'application/json' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not Found', code: 'not_found' });
  });

  const isPage = (response: { statusCode: number; headers: Record<string, unknown>; body: string }) =>
    response.statusCode === 200 &&
    String(response.headers['content-type']).startsWith('text/html') &&
    response.body.includes('<div id="root">');
  const jobId = '6f1c3f9e-7c55-4d8e-8d8a-000000000042';
  const profileId = '6f1c3f9e-7c55-4d8e-8d8a-000000000007';

  it.each([
    ['no Accept header', {}],
    ['Accept: */*', { accept: '*/*' }],
    ['a wildcard beside other types', { accept: 'image/webp, text/*;q=0.8' }],
  ])("answers the app's pages with their HTML to %s (curl, uptime checks, link previews)", async (_label, headers) => {
    for (const url of [
      '/',
      '/projects',
      '/projects?country=SA',
      `/projects/${jobId}`,
      `/professionals/${profileId}`,
      `/employers/${profileId}`,
    ]) {
      const response = await app.inject({ method: 'GET', url, headers });
      expect(isPage(response), `${url}: ${response.statusCode} ${response.body.slice(0, 80)}`).toBe(true);
      expect(response.headers.vary).toContain('Accept,');
    }
    const head = await app.inject({ method: 'HEAD', url: '/projects', headers });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('text/html');
  });

  it("answers the app's addresses that are also unprefixed API calls with the page, unless the client names a type", async () => {
    for (const url of ['/jobs', `/jobs/${jobId}`, '/invoices']) {
      expect(isPage(await app.inject({ method: 'GET', url })), url).toBe(true);
      expect(isPage(await app.inject({ method: 'GET', url, headers: { accept: '*/*' } })), url).toBe(true);
    }
    const detail = await app.inject({ method: 'GET', url: `/jobs/${jobId}`, headers: { accept: 'application/json' } });
    expect(detail.statusCode).toBe(404);
    expect(detail.json()).toMatchObject({ code: 'not_found' });
    const asAxiosAsks = await app.inject({ method: 'GET', url: '/invoices', headers: { accept: 'application/json, text/plain, */*' } });
    expect(asAxiosAsks.statusCode).toBe(401);
    expect(asAxiosAsks.json()).toMatchObject({ code: 'unauthorized' });
    const stream = await app.inject({ method: 'GET', url: '/messages/stream', headers: { accept: 'text/event-stream' } });
    expect(stream.statusCode).toBe(401);
  });

  it('answers unprefixed spellings that are API calls only with JSON, whatever the client accepts', async () => {
    for (const headers of [{}, { accept: '*/*' }]) {
      const search = await app.inject({ method: 'GET', url: '/search/jobs?limit=1', headers });
      expect(search.statusCode).toBe(200);
      expect(search.headers['content-type']).toContain('application/json');
      const profile = await app.inject({ method: 'GET', url: `/employers/${profileId}/profile`, headers });
      expect(profile.statusCode).toBe(404);
      expect(profile.json()).toMatchObject({ code: 'not_found' });
      const me = await app.inject({ method: 'GET', url: '/users/me', headers });
      expect(me.json()).toMatchObject({ code: 'unauthorized' });
    }
  });

  it('keeps /api to JSON for every client, and answers a path that is no page nor call 404 JSON', async () => {
    for (const headers of [{}, { accept: '*/*' }, { accept: 'text/html' }]) {
      const response = await app.inject({ method: 'GET', url: `/api/jobs/${jobId}`, headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    }
    const unknown = await app.inject({ method: 'GET', url: '/no/such/page', headers: { accept: '*/*' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Not Found', code: 'not_found' });
  });
});
