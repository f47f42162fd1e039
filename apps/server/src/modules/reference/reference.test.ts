import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';

describe('GET /api/reference', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('answers the reference data the web app and the server share', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/reference' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('max-age');
    const data = response.json();
    expect(data.countries.map((country: { code: string }) => country.code)).toEqual(['AE', 'SA', 'QA', 'KW', 'OM', 'BH']);
    expect(data.emirates).toHaveLength(7);
    expect(data.industries).toHaveLength(19);
    expect(data.localServiceCategories).toHaveLength(5);
    expect(data.phoneCountryCodes[0]).toMatchObject({ code: '+971' });
    expect(data.currencies.find((currency: { code: string }) => currency.code === 'KWD')).toMatchObject({ decimals: 3 });
    const dubai = data.emirates.find((emirate: { id: string }) => emirate.id === 'dubai');
    expect(dubai.cities[0]).toMatchObject({ lat: expect.any(Number), lng: expect.any(Number) });
  });
});
