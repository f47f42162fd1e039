import fs from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfSignedCertificate } from '../../../scripts/certificate.mjs';
import { createTestApp } from './test/harness.ts';

/** The server with a certificate (TLS_CERT_FILE, TLS_KEY_FILE): HTTP/2 to a client that offers it, HTTP/1.1 to one that does not. */
describe('HTTPS and HTTP/2', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let directory: string;
  let port: number;
  let ca: Buffer;

  beforeAll(async () => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'mihna-tls-'));
    const { cert, key } = selfSignedCertificate(directory);
    ca = fs.readFileSync(cert);
    const webRoot = path.join(directory, 'web');
    fs.mkdirSync(path.join(webRoot, 'assets'), { recursive: true });
    fs.writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html>\n<html lang="en" dir="ltr"><head></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(webRoot, 'assets', 'app-1.js'), 'export {};');
    app = await createTestApp({ env: { TLS_CERT_FILE: cert, TLS_KEY_FILE: key }, webRoot });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(directory, { recursive: true, force: true });
  });

  /** One request over HTTP/2: status, headers and body. */
  async function h2(
    pathname: string,
    { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ) {
    const session = http2.connect(`https://localhost:${port}`, { ca });
    try {
      const stream = session.request({ ':method': method, ':path': pathname, ...headers });
      if (body !== undefined) stream.end(body);
      else stream.end();
      const [responseHeaders, chunks] = await Promise.all([
        new Promise<http2.IncomingHttpHeaders>((resolve) => stream.once('response', resolve)),
        (async () => {
          const parts: Buffer[] = [];
          for await (const chunk of stream) parts.push(chunk as Buffer);
          return Buffer.concat(parts);
        })(),
      ]);
      return { status: Number(responseHeaders[':status']), headers: responseHeaders, body: chunks, protocol: session.alpnProtocol };
    } finally {
      session.close();
    }
  }

  it('answers the API over HTTP/2, with its security headers', async () => {
    const health = await h2('/healthz');
    expect(health.protocol).toBe('h2');
    expect(health.status).toBe(200);
    expect(health.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(health.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('reads a JSON body and answers a bad one with {detail, code}, as over HTTP/1.1', async () => {
    const broken = await h2('/api/auth/enhanced-login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.body.toString())).toEqual({ detail: expect.any(String), code: expect.any(String) });
    const wrong = await h2('/api/auth/enhanced-login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password-1' }),
    });
    expect(wrong.status).toBe(401);
    expect(JSON.parse(wrong.body.toString())).toMatchObject({ code: expect.any(String) });
  });

  it('sends pages compressed and the built files with their cache headers', async () => {
    const page = await h2('/projects', { headers: { accept: 'text/html', 'accept-encoding': 'br' } });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.body).toString()).toContain('<div id="root">');
    const file = await h2('/assets/app-1.js');
    expect(file.status).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.body.toString()).toBe('export {};');
  });

  it('answers a client without HTTP/2 over HTTP/1.1', async () => {
    const answer = await new Promise<{ status: number; version: string; body: string }>((resolve, reject) => {
      https
        .get(`https://localhost:${port}/healthz`, { ca }, (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, version: response.httpVersion, body }));
        })
        .on('error', reject);
    });
    expect(answer).toMatchObject({ status: 200, version: '1.1' });
  });
});
