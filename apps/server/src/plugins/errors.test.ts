import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness.ts';

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

  it('sends security headers with a policy that allows no inline script', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeDefined();
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
