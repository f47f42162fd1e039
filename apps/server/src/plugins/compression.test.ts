import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness.ts';

describe('compressed answers', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let webRoot: string;
  const script = `console.log(${JSON.stringify('مهنة '.repeat(2000))});`;

  beforeAll(async () => {
    // A build as `vite build` leaves it: every text file over 1 KB with .br and .gz beside it.
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'mihna-web-'));
    const index = `<!doctype html><html><head><title>Mihna</title></head><body><div id="root"></div>${'<!-- -->'.repeat(200)}</body></html>`;
    fs.mkdirSync(path.join(webRoot, 'assets'));
    for (const [file, content] of [
      ['index.html', index],
      ['assets/index-abc123.js', script],
    ] as const) {
      fs.writeFileSync(path.join(webRoot, file), content);
      fs.writeFileSync(path.join(webRoot, `${file}.br`), brotliCompressSync(content));
      fs.writeFileSync(path.join(webRoot, `${file}.gz`), gzipSync(content));
    }
    app = await createTestApp({ webRoot });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('serves a built script as the build compressed it, brotli or gzip as accepted, cached for a year', async () => {
    const br = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 5);

    const gz = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('compresses the page a navigation gets, and never caches it', async () => {
    const page = await app.inject({ method: 'GET', url: '/projects', headers: { accept: 'text/html', 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<div id="root">');
  });

  it('compresses API answers as the client accepts, and leaves small ones and unaccepting clients alone', async () => {
    const reference = await app.inject({ method: 'GET', url: '/api/reference', headers: { 'accept-encoding': 'br, gzip' } });
    expect(reference.statusCode).toBe(200);
    expect(reference.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(reference.rawPayload).toString())).toHaveProperty('countries');

    const gz = await app.inject({ method: 'GET', url: '/api/public/interface-settings', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toHaveProperty('site_name');

    const plain = await app.inject({ method: 'GET', url: '/api/search/jobs?limit=20' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toHaveProperty('jobs');

    const small = await app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('compresses error answers too, keeping their shape', async () => {
    const refused = await app.inject({
      method: 'GET',
      url: `/api/search/jobs?q=${'a'.repeat(5000)}`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(refused.statusCode).toBe(422);
    const body = JSON.parse(refused.headers['content-encoding'] === 'gzip' ? gunzipSync(refused.rawPayload).toString() : refused.body) as {
      code: string;
    };
    expect(body.code).toBe('validation_failed');
  });
});
