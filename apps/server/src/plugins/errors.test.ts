import { requestMessages } from '@mihna/shared';
import { createHash } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser } from '../test/accounts.ts';
import { createTestApp } from '../test/harness.ts';
import { AFTER_PAINT_SCRIPT, AFTER_PAINT_SCRIPT_SOURCE } from './first-load.ts';
import { jsonDepth } from './json-body.ts';

describe('error responses', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('answers an unknown /api path with 404 JSON in the error shape', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/no-such-thing', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ detail: 'Not Found', code: 'not_found' });
  });

  it('answers malformed JSON with 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact/send-message',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Sara",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'bad_request', detail: expect.any(String) });
  });

  it('answers a body over the limit with 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact/send-message',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x', email: 'a@b.ae', subject: 'general', message: 'x'.repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('payload_too_large');
  });

  it('answers an unsupported content type with 415, not 500', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact/send-message',
      headers: { 'content-type': 'application/xml' },
      payload: '<message/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('unsupported_media_type');
  });

  it('lists validation problems as loc, msg and type items', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/contact/send-message', payload: { name: '', email: 'nope' } });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.code).toBe('validation_failed');
    expect(body.detail).toEqual(
      expect.arrayContaining([
        { loc: ['body', 'name'], msg: 'This field is required', type: expect.any(String) },
        { loc: ['body', 'email'], msg: 'Please enter a valid email address', type: expect.any(String) },
      ]),
    );
  });

  it('sends security headers with a policy that allows no inline script but the one drawn pages load their code with', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain(`script-src 'self' ${AFTER_PAINT_SCRIPT_SOURCE};`);
    const hash = createHash('sha256').update(AFTER_PAINT_SCRIPT).digest('base64');
    expect(AFTER_PAINT_SCRIPT_SOURCE).toBe(`'sha256-${hash}'`);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['cross-origin-embedder-policy']).toBeUndefined();
    // The same on an answer the router did not find, and on a JSON answer.
    for (const url of ['/api/no/such/thing', '/api/reference']) {
      const other = await app.inject({ method: 'GET', url });
      expect(other.headers['content-security-policy']).toBe(response.headers['content-security-policy']);
      expect(other.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('sends HSTS only over HTTPS, and X-Forwarded-Proto only from a trusted proxy', async () => {
    const plain = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const proxied = await createTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      const secure = await proxied.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
      expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const insecure = await proxied.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'http' } });
      expect(insecure.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it('lets no answer carrying a token or private data be stored, and leaves public answers cacheable', async () => {
    const { input, password } = await createUser(app);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/enhanced-login',
      payload: { email: input.email, login_method: 'password', password },
    });
    expect(login.json().access_token).toEqual(expect.any(String));
    expect(login.headers['cache-control']).toBe('no-store');
    const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(login.json().access_token) });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const reference = await app.inject({ method: 'GET', url: '/api/reference' });
    expect(reference.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('requests a client can get wrong', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it.each([
    ['a JSON null body', 'null'],
    ['a JSON array body', '[1, 2]'],
    ['a JSON string body', '"hello"'],
    ['fields of the wrong type', '{"name": 5, "email": ["a"], "subject": {}, "message": true}'],
  ])('answers %s with a 4xx in the error shape', async (_case, payload) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact/send-message',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toMatchObject({ code: expect.any(String), detail: expect.anything() });
  });

  it('answers a badly encoded path with 400 in the error shape', async () => {
    for (const url of ['/api/%E0%A4%A', '/api/%zz']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'bad_request', detail: expect.any(String) });
    }
  });

  it('turns away a NUL character anywhere in the request with 400, storing nothing', async () => {
    const body = await app.inject({
      method: 'POST',
      url: '/api/contact/send-message',
      payload: { name: 'Sara', email: 'sara@example.ae', subject: 'general', message: 'hi\u0000there' },
    });
    expect(body.statusCode).toBe(400);
    const query = await app.inject({ method: 'GET', url: '/api/dev/outbox?to=%00' });
    expect(query.statusCode).toBe(400);
    expect(query.json().code).toBe('bad_request');
  });

  it('refuses a line break in a one-line field, so nobody can forge lines of the support e-mail', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact/send-message',
      payload: { name: 'Sara\nReference: fake', email: 'sara@example.ae', subject: 'general', message: 'hello' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toContainEqual({ loc: ['body', 'name'], msg: 'Invalid format', type: expect.any(String) });
  });

  it('answers an unknown method on a known path with a 4xx', async () => {
    const response = await app.inject({ method: 'DELETE', url: '/api/public/interface-settings' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
  });
});

describe('hostile bodies and requests the HTTP parser refuses', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let port: number;
  beforeAll(async () => {
    app = await createTestApp();
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app.close());

  const nested = (depth: number) => `{"content":${'['.repeat(depth)}${']'.repeat(depth)}}`;

  it('answers a deeply nested body with 400 on every route that reads a body, to whoever may call it', async () => {
    const user = await createUser(app);
    for (const [method, url, token] of [
      ['POST', '/api/content/validate', undefined],
      ['POST', '/api/auth/enhanced-login', undefined],
      ['PUT', '/api/jobs/00000000-0000-0000-0000-000000000000', user.token],
      ['POST', '/content/validate', undefined],
    ] as const) {
      const response = await app.inject({
        method,
        url,
        headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) },
        payload: nested(5000),
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ detail: requestMessages.tooDeep, code: 'bad_request' });
    }
    // A route for signed-in users checks the session first: an anonymous caller is told that, whatever the body.
    const anonymous = await app.inject({
      method: 'PUT',
      url: '/api/jobs/00000000-0000-0000-0000-000000000000',
      headers: { 'content-type': 'application/json' },
      payload: nested(5000),
    });
    expect(anonymous.statusCode).toBe(401);
    // As deep as any real request goes and more is still read.
    const fine = await app.inject({ method: 'POST', url: '/api/content/validate', payload: { content: 'Hello', nested: [[[[['x']]]]] } });
    expect(fine.statusCode).toBe(200);
  });

  it('still refuses prototype poisoning', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/content/validate',
      headers: { 'content-type': 'application/json' },
      payload: '{"content":"hi","__proto__":{"isAdmin":true}}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('bad_request');
  });

  const raw = (request: string) =>
    new Promise<{ status: number; headers: string; body: string }>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('error', reject);
      socket.on('close', () => {
        const [head = '', body = ''] = text.split('\r\n\r\n');
        resolve({ status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body });
      });
    });

  it('answers an address over the header limit with 431 in the error shape', async () => {
    const answer = await raw(`GET /api/jobs/search?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(answer.headers).toContain('content-type: application/json');
    expect(JSON.parse(answer.body)).toEqual({
      detail: 'The address or the headers of the request are too long.',
      code: 'headers_too_large',
    });
  });

  it('answers a request line it cannot read with 400 in the error shape', async () => {
    const answer = await raw('THIS IS NOT HTTP\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ detail: 'The request could not be read.', code: 'bad_request' });
  });
});

describe('jsonDepth', () => {
  it.each([
    ['1', 0],
    ['{}', 1],
    ['{"a":[1,{"b":[]}]}', 4],
    ['{"a":"[[[[[["}', 1],
    ['{"a":"\\"[[[["}', 1],
    ['[[[', 3],
  ])('measures %s as %i', (text, depth) => {
    expect(jsonDepth(text)).toBe(depth);
  });
});
