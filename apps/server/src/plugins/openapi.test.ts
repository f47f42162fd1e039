import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness.ts';

describe('API description', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('GET /api/openapi.json is OpenAPI 3.1 generated from the route schemas', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/public/interface-settings',
        '/api/reference',
        '/api/contact/send-message',
        '/api/newsletter/subscribe',
        '/healthz',
        '/readyz',
      ]),
    );
    const contact = document.paths['/api/contact/send-message'].post;
    expect(contact.requestBody.content['application/json'].schema.required).toEqual(['name', 'email', 'subject', 'message']);
    expect(Object.keys(contact.responses)).toEqual(expect.arrayContaining(['200', '422', '429']));
  });

  it('states the one rule for reading input, and marks required only what is required', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(document.info.description).toContain('## How input is read (every operation)');
    const parameters: { name: string; required?: boolean }[] = document.paths['/api/search/professionals'].get.parameters;
    expect(parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name)).toEqual([]);
    const search = await app.inject({ method: 'GET', url: '/api/search/professionals?show_location=maybe' });
    expect(search.json().detail).toEqual([expect.objectContaining({ loc: ['querystring', 'show_location'], msg: 'Invalid format' })]);
    expect((await app.inject({ method: 'GET', url: '/api/search/professionals' })).statusCode).toBe(200);
  });

  it('GET /api/docs serves the browsable documentation', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('swagger');
  });
});
