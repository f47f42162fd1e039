import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isOutboxEnabled } from '../../config.ts';
import { sql } from 'drizzle-orm';
import { createTestApp, selectRows, testConfig } from '../../test/harness.ts';
import { startSmtpPeer, startTwilioStandIn } from '../../test/peers.ts';
import { createTransports } from './transports.ts';

// What production requires besides mail: a payment provider, the seller on tax invoices, and the data key.
const stripeTestKeys = {
  STRIPE_SECRET_KEY: 'sk_test_mihna',
  STRIPE_WEBHOOK_SECRET: 'whsec_mihna',
  INVOICE_SELLER_NAME: 'Mihna Marketplace FZ-LLC',
  INVOICE_VAT_NUMBER: '100987654300003',
  DATA_KEY: Buffer.alloc(32, 7).toString('base64'),
};

const contactMessage = {
  name: 'Omar Haddad',
  email: 'omar@example.com',
  subject: 'support',
  message: 'My verification code has not arrived.',
};
const hourLater = () => new Date(Date.now() + 3_600_000);

describe('delivery through SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let app: Awaited<ReturnType<typeof createTestApp>>;

  afterEach(async () => {
    await app.close();
    await smtp.stop();
  });

  it('hands the message to a real SMTP server after the commit', async () => {
    smtp = await startSmtpPeer();
    const config = testConfig({ SMTP_URL: smtp.url, MAIL_FROM: 'Mihna <no-reply@mihna.ae>' });
    app = await createTestApp({ config, transports: createTransports(config) });

    const response = await app.inject({ method: 'POST', url: '/api/contact/send-message', payload: contactMessage });
    expect(response.statusCode).toBe(200);
    await app.services.delivery.dispatchSoon();

    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual(['support@mihna.ae']);
    expect(smtp.received[0]?.from).toBe('no-reply@mihna.ae');
    expect(smtp.received[0]?.raw).toContain('Reply-To: omar@example.com');
    expect(smtp.received[0]?.raw).toContain('My verification code has not arrived.');
  });

  it('keeps a refused message and delivers it on a later try', async () => {
    smtp = await startSmtpPeer({ failFirst: 1 });
    const config = testConfig({ SMTP_URL: smtp.url });
    app = await createTestApp({ config, transports: createTransports(config) });

    await app.inject({ method: 'POST', url: '/api/contact/send-message', payload: contactMessage });
    await app.services.delivery.dispatchSoon();
    expect(smtp.received).toHaveLength(0);

    await app.services.delivery.dispatchDue(new Date());
    expect(smtp.received).toHaveLength(0);

    await app.services.delivery.dispatchDue(hourLater());
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.raw).toContain('My verification code has not arrived.');

    await app.services.delivery.dispatchDue(new Date(Date.now() + 48 * 3_600_000));
    expect(smtp.received).toHaveLength(1);
  });

  it('has no development outbox when a real provider is configured', async () => {
    smtp = await startSmtpPeer();
    const config = testConfig({ SMTP_URL: smtp.url });
    app = await createTestApp({ config, transports: createTransports(config) });
    const response = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(response.statusCode).toBe(404);
  });
});

describe('delivery through Twilio', () => {
  const credentials = { accountSid: `AC${'1'.repeat(32)}`, authToken: 'twilio-test-token' };
  let twilio: Awaited<ReturnType<typeof startTwilioStandIn>>;

  beforeAll(async () => {
    twilio = await startTwilioStandIn(credentials);
  });
  afterAll(() => twilio.stop());

  it('sends an SMS through the Messages API and retries after a provider error', async () => {
    const config = testConfig({
      TWILIO_ACCOUNT_SID: credentials.accountSid,
      TWILIO_AUTH_TOKEN: credentials.authToken,
      TWILIO_FROM: '+15005550006',
      TWILIO_API_URL: twilio.url,
    });
    const app = await createTestApp({ config, transports: createTransports(config) });
    try {
      twilio.failNext(1);
      await app.services.delivery.enqueue(
        { channel: 'sms', to: '+971501234567', text: 'Your Mihna code is 123456' },
        app.services.database.db,
      );
      await app.services.delivery.dispatchSoon();
      expect(twilio.received).toHaveLength(0);

      await app.services.delivery.dispatchDue(hourLater());
      expect(twilio.received).toEqual([{ To: '+971501234567', From: '+15005550006', Body: 'Your Mihna code is 123456' }]);
    } finally {
      await app.close();
    }
  });
});

describe('what is due', () => {
  it('sends a message queued within the same millisecond as the dispatch', async () => {
    const app = await createTestApp();
    try {
      const now = new Date();
      await app.services.delivery.enqueue(
        { channel: 'email', to: 'same.millisecond@example.ae', subject: 'Code', text: 'code 123456' },
        app.services.database.db,
      );
      // The database keeps microseconds: queued 0.5 ms after the dispatch's millisecond began.
      await app.services.database.db.execute(
        sql`update outgoing_messages set next_attempt_at = ${now.toISOString()}::timestamptz + interval '500 microseconds' where recipient = 'same.millisecond@example.ae'`,
      );
      await app.services.delivery.dispatchDue(now);
      const [row] = await selectRows<{ status: string }>(
        app.services.database,
        sql`select status from outgoing_messages where recipient = 'same.millisecond@example.ae'`,
      );
      expect(row?.status).toBe('sent');
    } finally {
      await app.close();
    }
  });
  it('sends a queue longer than a batch, each message once, and records every send', async () => {
    const app = await createTestApp();
    try {
      const recipients = Array.from({ length: 45 }, (_, index) => `queued.${index}@example.ae`);
      for (const to of recipients)
        await app.services.delivery.enqueue({ channel: 'email', to, subject: 'Queued', text: to }, app.services.database.db);
      await app.services.delivery.dispatchSoon();

      const rows = await selectRows<{ status: string; attempts: number; transport: string; sent: boolean }>(
        app.services.database,
        sql`select status, attempts, transport, sent_at is not null as sent from outgoing_messages where recipient like 'queued.%'`,
      );
      expect(rows).toHaveLength(45);
      expect(rows.every((row) => row.status === 'sent' && row.attempts === 1 && row.transport === 'outbox' && row.sent)).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('records a send only while the lease it was claimed under is held', async () => {
    const app = await createTestApp();
    try {
      const { outbox } = app.services;
      await app.services.delivery.enqueue(
        { channel: 'email', to: 'leased@example.ae', subject: 'Code', text: 'code 123456' },
        app.services.database.db,
      );
      const now = new Date();
      const [first] = await outbox.claimDueMessages(now, new Date(now.getTime() + 60_000), 20);
      expect(first).toMatchObject({ recipient: 'leased@example.ae', attempts: 1 });
      // Its lease runs out and another process claims it again.
      const later = new Date(now.getTime() + 120_000);
      const [second] = await outbox.claimDueMessages(later, new Date(later.getTime() + 60_000), 20);
      expect(second).toMatchObject({ id: first?.id, attempts: 2 });

      const status = async () =>
        (
          await selectRows<{ status: string; transport: string | null }>(
            app.services.database,
            sql`select status, transport from outgoing_messages where recipient = 'leased@example.ae'`,
          )
        )[0];
      await outbox.markSent([{ id: first!.id, attempts: 1, transport: 'outbox', sentAt: now }]);
      expect(await status()).toEqual({ status: 'pending', transport: null });
      await outbox.markSent([{ id: first!.id, attempts: 2, transport: 'outbox', sentAt: later }]);
      expect(await status()).toEqual({ status: 'sent', transport: 'outbox' });
    } finally {
      await app.close();
    }
  });
});

describe('the development outbox', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('is on only without a provider and outside production', () => {
    expect(isOutboxEnabled(testConfig())).toBe(true);
    expect(isOutboxEnabled(testConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525', ...stripeTestKeys }))).toBe(false);
    expect(isOutboxEnabled(testConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }))).toBe(false);
  });

  it('GET /api/dev/outbox lists e-mail and SMS for a recipient, newest first', async () => {
    const { delivery } = app.services;
    await delivery.enqueue({ channel: 'email', to: 'layla@example.ae', subject: 'First', text: 'one' }, app.services.database.db);
    await delivery.enqueue({ channel: 'sms', to: '+971551112233', text: 'code 654321' }, app.services.database.db);
    await delivery.enqueue({ channel: 'email', to: 'layla@example.ae', subject: 'Second', text: 'two' }, app.services.database.db);
    await delivery.dispatchSoon();

    const emails = (await app.inject({ method: 'GET', url: '/api/dev/outbox?to=Layla@Example.ae' })).json();
    expect(emails.messages.map((message: { subject: string }) => message.subject)).toEqual(['Second', 'First']);
    expect(emails.messages[0]).toEqual({
      id: expect.any(String),
      channel: 'email',
      to: 'layla@example.ae',
      subject: 'Second',
      text: 'two',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });

    const sms = (await app.inject({ method: 'GET', url: '/api/dev/outbox?to=+971551112233' })).json();
    expect(sms.messages).toHaveLength(1);
    expect(sms.messages[0]).toMatchObject({ channel: 'sms', to: '+971551112233', text: 'code 654321' });
  });

  it('is not served in production', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525', ...stripeTestKeys } });
    try {
      const response = await production.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(response.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
