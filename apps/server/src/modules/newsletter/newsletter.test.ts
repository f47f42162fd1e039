import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, selectRows } from '../../test/harness.ts';

describe('POST /api/newsletter/subscribe', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const subscriptions = async () =>
    selectRows<{ email: string; language: string }>(app.services.database, sql`select email, language from newsletter_subscriptions`);

  it('stores the address once, whatever its case, and answers the same each time', async () => {
    const first = await app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      payload: { email: 'Noura@Example.ae', language: 'ar' },
    });
    const second = await app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email: 'noura@example.ae' } });
    expect(first.json()).toEqual({ success: true });
    expect(second.json()).toEqual({ success: true });
    expect(await subscriptions()).toEqual([{ email: 'Noura@Example.ae', language: 'ar' }]);
  });

  it('refuses an invalid address with the specification message', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email: 'not-an-address' } });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0]).toMatchObject({ loc: ['body', 'email'], msg: 'Please enter a valid email address' });
    expect(await subscriptions()).toHaveLength(1);
  });
});
