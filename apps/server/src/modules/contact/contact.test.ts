import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, selectRows } from '../../test/harness.ts';

const validMessage = {
  name: 'Mariam Al Suwaidi',
  email: 'mariam@example.ae',
  subject: 'billing',
  message: 'How is the featured-project fee calculated for a fixed-price job?',
  recipient_email: 'attacker@example.com',
};

async function countContactMessages(app: Awaited<ReturnType<typeof createTestApp>>) {
  const [row] = await selectRows<{ count: number }>(app.services.database, sql`select count(*)::int as count from contact_messages`);
  return row?.count;
}

describe('POST /api/contact/send-message', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('stores the message and e-mails the support address from settings', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact/send-message',
      payload: validMessage,
      remoteAddress: '10.0.0.1',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(await countContactMessages(app)).toBe(1);

    const outbox = (await app.inject({ method: 'GET', url: '/api/dev/outbox?to=support@mihna.ae' })).json();
    expect(outbox.messages).toHaveLength(1);
    expect(outbox.messages[0]).toMatchObject({ channel: 'email', to: 'support@mihna.ae' });
    expect(outbox.messages[0].subject).toContain('Billing');
    expect(outbox.messages[0].text).toContain(validMessage.message);
    expect(outbox.messages[0].text).toContain('mariam@example.ae');

    const toAttacker = (await app.inject({ method: 'GET', url: '/api/dev/outbox?to=attacker@example.com' })).json();
    expect(toAttacker.messages).toEqual([]);
  });

  it('also answers at the unprefixed path of the specification', async () => {
    const response = await app.inject({ method: 'POST', url: '/contact/send-message', payload: validMessage, remoteAddress: '10.0.0.2' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
  });

  it.each([
    ['name', { name: '   ' }, 'This field is required'],
    ['email', { email: 'mariam.example.ae' }, 'Please enter a valid email address'],
    ['email', { email: '' }, 'This field is required'],
    ['subject', { subject: 'sales' }, 'This field is required'],
    ['message', { message: '' }, 'This field is required'],
  ])('refuses a bad %s with the specification message and stores nothing', async (field, change, message) => {
    const before = await countContactMessages(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact/send-message',
      payload: { ...validMessage, ...change },
      remoteAddress: '10.0.0.3',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toContainEqual({ loc: ['body', field], msg: message, type: expect.any(String) });
    expect(await countContactMessages(app)).toBe(before);
  });

  it('refuses a missing body field', async () => {
    const { message: _omitted, ...withoutMessage } = validMessage;
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact/send-message',
      payload: withoutMessage,
      remoteAddress: '10.0.0.3',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toContainEqual({ loc: ['body', 'message'], msg: 'This field is required', type: expect.any(String) });
  });

  it('limits each client to 5 messages an hour, with 429 and Retry-After, and stores no more', async () => {
    const send = () => app.inject({ method: 'POST', url: '/api/contact/send-message', payload: validMessage, remoteAddress: '10.9.9.9' });
    for (let index = 0; index < 5; index += 1) expect((await send()).statusCode).toBe(200);
    const before = await countContactMessages(app);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: 'Too many messages from this connection. Please try again later.', code: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await countContactMessages(app)).toBe(before);

    const otherClient = await app.inject({
      method: 'POST',
      url: '/api/contact/send-message',
      payload: validMessage,
      remoteAddress: '10.9.9.10',
    });
    expect(otherClient.statusCode).toBe(200);
  });

  it('counts parallel requests exactly', async () => {
    const responses = await Promise.all(
      Array.from({ length: 12 }, () =>
        app.inject({ method: 'POST', url: '/api/contact/send-message', payload: validMessage, remoteAddress: '10.7.7.7' }),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(5);
    expect(responses.filter((response) => response.statusCode === 429)).toHaveLength(7);
  });
});
