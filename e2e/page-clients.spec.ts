import { expect, test } from './fixtures.ts';

test.describe('pages for every client', () => {
  test('the app answers its pages with HTML to a client taking any type; the API stays JSON', async ({ request }) => {
    const anything = { accept: '*/*' };
    const search = await request.get('/search/jobs?limit=1', { headers: anything });
    expect(search.headers()['content-type']).toContain('application/json');
    const [job] = ((await search.json()) as { jobs: { id: string }[] }).jobs;
    expect(job).toBeDefined();

    for (const url of [
      '/',
      '/projects',
      '/projects?country=SA',
      `/projects/${job!.id}`,
      '/professionals',
      '/login',
      '/jobs',
      `/jobs/${job!.id}`,
    ]) {
      const response = await request.get(url, { headers: anything });
      expect(response.status(), url).toBe(200);
      expect(response.headers()['content-type'], url).toContain('text/html');
      expect(await response.text(), url).toContain('<div id="root"');
    }
    const head = await request.head('/projects', { headers: anything });
    expect(head.status()).toBe(200);

    // The same unprefixed spelling, asked for JSON, is the API call.
    const detail = await request.get(`/jobs/${job!.id}`, { headers: { accept: 'application/json' } });
    expect(detail.status()).toBe(200);
    expect(await detail.json()).toMatchObject({ id: job!.id });
    for (const url of [`/api/jobs/${job!.id}`, `/api/search/jobs?limit=1`]) {
      const api = await request.get(url, { headers: { accept: 'text/html,*/*' } });
      expect(api.headers()['content-type'], url).toContain('application/json');
    }
    const unknown = await request.get('/no/such/page', { headers: anything });
    expect(unknown.status()).toBe(404);
    expect(await unknown.json()).toEqual({ detail: 'Not Found', code: 'not_found' });
  });
});
