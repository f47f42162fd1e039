import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { listOperations, type Operation } from '../fuzz/cases.ts';
import { createTestApp } from '../test/harness.ts';

let app: App;
let operations: Operation[];
beforeAll(async () => {
  app = await createTestApp();
  operations = listOperations((await app.inject({ method: 'GET', url: '/api/openapi.json' })).json());
});
afterAll(() => app.close());

/** Bodies a route would refuse on their fields, or before reading them. */
const badBodies = [
  { label: 'an empty object', payload: '{}', contentType: 'application/json' },
  {
    label: 'fields of the wrong type',
    payload: '{"title":12,"amount":"ten","email":false,"milestones":"all"}',
    contentType: 'application/json',
  },
  { label: 'malformed JSON', payload: '{"name": "Sara",', contentType: 'application/json' },
  { label: 'a form instead of JSON', payload: 'name=Sara', contentType: 'application/x-www-form-urlencoded' },
];

// Path parameters that are not ids either: the session is checked before them too.
const urlOf = (operation: Operation) => operation.path.replace(/\{[^}]+\}/g, 'not-an-id');

describe('routes that need a signed-in user', () => {
  it('are listed in the OpenAPI document', () => {
    const authenticated = operations.filter((operation) => operation.needsLogin);
    expect(authenticated.length).toBeGreaterThan(60);
    expect(authenticated.map((operation) => `${operation.method} ${operation.path}`)).toEqual(
      expect.arrayContaining(['POST /api/jobs', 'PUT /api/users/{id}', 'POST /api/conversations', 'GET /api/messages/stream']),
    );
  });

  it.each(badBodies)('answer an anonymous request with $label 401 with the usual JSON error, on every one', async (bad) => {
    const answers: string[] = [];
    for (const operation of operations.filter((candidate) => candidate.needsLogin)) {
      const hasBody = !['GET', 'HEAD', 'DELETE'].includes(operation.method);
      const response = await app.inject({
        method: operation.method as 'POST',
        url: `${urlOf(operation)}?limit=-5&after=x`,
        ...(hasBody ? { payload: bad.payload, headers: { 'content-type': bad.contentType } } : {}),
      });
      const body = String(response.headers['content-type']).includes('application/json') ? response.json<{ code?: unknown }>() : undefined;
      if (response.statusCode !== 401 || typeof body?.code !== 'string' || !('detail' in body)) {
        answers.push(`${operation.method} ${operation.path}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
    }
    expect(answers).toEqual([]);
  });

  it('answer a token that opens no session 401 too, before the body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: { authorization: 'Bearer not-a-session', 'content-type': 'application/json' },
      payload: '{"title": 5}',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Not authenticated', code: 'unauthorized' });
  });
});

describe('public routes', () => {
  it.each([
    ['POST', '/api/auth/register', {}, 'email'],
    ['POST', '/api/auth/enhanced-login', {}, 'email'],
    ['POST', '/api/auth/send-login-code?method=email', {}, 'email'],
    ['POST', '/contact/send-message', { email: 'not an address' }, 'email'],
    ['POST', '/content/validate', {}, 'content'],
  ] as const)('keep answering an anonymous %s %s with its field errors (422)', async (method, url, payload, field) => {
    const response = await app.inject({ method, url, payload });
    expect(response.statusCode, response.body).toBe(422);
    const { detail } = response.json<{ detail: { loc: string[] }[] }>();
    expect(detail.some((error) => error.loc.includes(field))).toBe(true);
  });

  it('keep validating searches for anonymous callers', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/search/jobs?min_budget=lots' });
    expect(response.statusCode).toBe(422);
  });
});
