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
});
