import { payoutMessages, stepUpMessages } from '@mihna/shared';
import { Secret, TOTP } from 'otpauth';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { bearer, createTestClock, createUser, outboxFor, readLatestCode, type TestAccount } from '../../test/accounts.ts';
import { createTestApp, selectRows } from '../../test/harness.ts';
import { stepUp, UAE_IBAN } from '../../test/payout-methods.ts';
import { createEmployer } from '../proposals/test-jobs.ts';
import { call, earn, expectLedgerSound } from './test-payments.ts';

// The trust issue's payouts that only their owner can send: step-up (a second factor proved in the
// last five minutes) for payouts and new payout methods; saved methods usable 24 hours after they
// are added, told to the e-mail at once with a link that freezes payouts until a password reset.

const clock = createTestClock();
let app: App;
let employer: TestAccount;

beforeAll(async () => {
  app = await createTestApp({ clock: clock.now });
  employer = await createEmployer(app);
});
afterAll(() => app.close());

const addMethod = (token: string, payload: Record<string, unknown> = {}) =>
  call(app, 'POST', '/api/payout-methods', token, { iban: UAE_IBAN, account_holder: 'Mariam Al Ketbi', ...payload });
const payout = (token: string, methodId: string, amount = 100) =>
  call(app, 'POST', '/api/payouts', token, { amount, currency: 'AED', payout_method_id: methodId });
const methodsOf = async (token: string) =>
  (await call(app, 'GET', '/api/payout-methods', token)).json<{
    payout_methods: { id: string; iban_masked: string; is_usable: boolean; usable_from: string }[];
    payouts_frozen: boolean;
  }>();
const newMethodMails = async (account: TestAccount) =>
  (await outboxFor(app, account.user.email)).filter((message) => message.subject === 'A payout method was added to your Mihna account');

async function earner() {
  const professional = await createUser(app, { first_name: 'Mariam', last_name: 'Al Ketbi' });
  await earn(app, employer, professional, [1000]);
  return professional;
}

describe('step-up', () => {
  it('is asked for before a payout method is added or a payout sent, and lasts five minutes', async () => {
    const professional = await earner();
    const refused = await addMethod(professional.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: stepUpMessages.requiredEmail, code: 'step_up_required' });
    expect((await call(app, 'GET', '/api/account/step-up', professional.token)).json()).toEqual({
      method: 'email',
      passkey: false,
      confirmed_until: null,
    });
    // A wrong e-mailed code proves nothing.
    await call(app, 'POST', '/api/account/step-up/code', professional.token);
    expect((await call(app, 'POST', '/api/account/step-up', professional.token, { code: '000000' })).statusCode).toBe(400);
    const code = await readLatestCode(app, professional.user.email);
    expect((await call(app, 'POST', '/api/account/step-up', professional.token, { code })).statusCode).toBe(200);
    // A code is spent once.
    expect((await call(app, 'POST', '/api/account/step-up', professional.token, { code })).statusCode).toBe(400);
    expect((await addMethod(professional.token)).statusCode).toBe(201);
    clock.advance(5 * 60_000 + 1_000);
    expect((await addMethod(professional.token, { iban: 'SA0380000000608010167519' })).json()).toMatchObject({ code: 'step_up_required' });
  });

  it('belongs to the session that proved it, not the account’s other sessions', async () => {
    const professional = await earner();
    await stepUp(app, professional.token, professional.user.email);
    const other = await app.inject({
      method: 'POST',
      url: '/api/auth/enhanced-login',
      payload: { email: professional.user.email, password: professional.password, login_method: 'password' },
    });
    const otherToken = other.json<{ access_token: string }>().access_token;
    expect((await addMethod(otherToken)).json()).toMatchObject({ code: 'step_up_required' });
    expect((await addMethod(professional.token)).statusCode).toBe(201);
  });

  it('takes a code of the authenticator app for an account that has one, and a login’s second step counts', async () => {
    const professional = await earner();
    await stepUp(app, professional.token, professional.user.email);
    const started = await call(app, 'POST', '/api/account/totp', professional.token);
    const secret = started.json<{ secret: string }>().secret;
    const codeAt = (steps: number) =>
      new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: clock.now().getTime() + steps * 30_000 });
    expect((await call(app, 'POST', '/api/account/totp/confirm', professional.token, { code: codeAt(0) })).statusCode).toBe(200);
    // Past the e-mailed step-up's five minutes, the app's code is asked for.
    clock.advance(5 * 60_000 + 1_000);
    expect((await addMethod(professional.token)).json()).toEqual({ detail: stepUpMessages.requiredApp, code: 'step_up_required' });
    // No e-mailed code for an account with an app.
    expect((await call(app, 'POST', '/api/account/step-up/code', professional.token)).json()).toEqual({
      detail: stepUpMessages.useApp,
      code: 'conflict',
    });
    expect((await call(app, 'POST', '/api/account/step-up', professional.token, { code: codeAt(1) })).statusCode).toBe(200);
    expect((await addMethod(professional.token)).statusCode).toBe(201);
    // A new login through its second step may act at once.
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/enhanced-login',
      payload: { email: professional.user.email, password: professional.password, login_method: 'password' },
    });
    const challenge = login.json<{ challenge_token: string }>().challenge_token;
    clock.advance(30_000);
    const second = await app.inject({
      method: 'POST',
      url: '/api/auth/second-factor',
      payload: { challenge_token: challenge, code: codeAt(1) },
    });
    expect(second.statusCode, second.body).toBe(200);
    const token = second.json<{ access_token: string }>().access_token;
    expect((await addMethod(token, { iban: 'SA0380000000608010167519' })).statusCode).toBe(201);
  });
});

describe('payout methods', () => {
  it('are checked by country and mod-97, kept sealed, and usable only 24 hours after they were added', async () => {
    const professional = await earner();
    await stepUp(app, professional.token, professional.user.email);
    for (const [payload, message] of [
      [{ iban: 'AE07033123456789012345' }, payoutMessages.ibanLength(23)],
      [{ iban: 'SA03800000006080101675' }, payoutMessages.ibanLength(24)],
      [{ iban: 'QA58DOHB00001234567890ABCDEF' }, payoutMessages.ibanLength(29)],
      [{ iban: 'AE080331234567890123456' }, payoutMessages.ibanChecksum],
      [{ iban: 'not an iban' }, payoutMessages.ibanInvalid],
      [{ account_holder: '  ' }, payoutMessages.accountHolderRequired],
    ] as const) {
      const response = await addMethod(professional.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.body).toContain(message);
    }
    // Typed with spaces and Arabic-Indic digits, as a phone keyboard types it.
    const added = await addMethod(professional.token, { iban: 'ae07 ٠٣٣١ ٢٣٤٥ ٦٧٨٩ ٠١٢٣ ٤٥٦' });
    expect(added.statusCode, added.body).toBe(201);
    const method = added.json<{ payout_method: { id: string; iban_masked: string; is_usable: boolean } }>().payout_method;
    expect(method).toMatchObject({ iban_masked: 'AE•• •••• 3456', is_usable: false });
    expect((await addMethod(professional.token)).json()).toEqual({ detail: payoutMessages.methodDuplicate, code: 'conflict' });
    const [stored] = await selectRows<{ iban_sealed: string }>(
      app.services.database,
      sql`select iban_sealed from payout_methods where id = ${method.id}`,
    );
    expect(stored!.iban_sealed).not.toContain('0331234567890123456');
    // The e-mail is told at once, with the link that freezes payouts.
    const [mail] = await newMethodMails(professional);
    expect(mail?.text).toContain('AE07 •••• 3456');
    expect(mail?.text).toMatch(/freeze-payouts\?token=/);

    // Before its 24 hours: refused, saying how long is left; after: paid.
    expect((await payout(professional.token, method.id)).json()).toEqual({
      detail: payoutMessages.methodNotYetUsable(24),
      code: 'conflict',
    });
    clock.advance(23 * 3_600_000);
    await stepUp(app, professional.token, professional.user.email);
    expect((await payout(professional.token, method.id)).json()).toEqual({
      detail: payoutMessages.methodNotYetUsable(1),
      code: 'conflict',
    });
    clock.advance(3_600_000);
    await stepUp(app, professional.token, professional.user.email);
    const paid = await payout(professional.token, method.id);
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({ payout: { status: 'paid', iban_last4: '3456', account_holder: 'Mariam Al Ketbi' } });
    expect((await methodsOf(professional.token)).payout_methods[0]).toMatchObject({ is_usable: true });
    await expectLedgerSound(app);
  });

  it('are their owner’s only: another professional neither sees, pays to nor removes them; an employer has none', async () => {
    const owner = await earner();
    const other = await earner();
    await stepUp(app, owner.token, owner.user.email);
    await stepUp(app, other.token, other.user.email);
    const { payout_method } = (await addMethod(owner.token)).json<{ payout_method: { id: string } }>();
    expect((await methodsOf(other.token)).payout_methods).toEqual([]);
    clock.advance(24 * 3_600_000 + 1_000);
    await stepUp(app, other.token, other.user.email);
    expect((await payout(other.token, payout_method.id)).json()).toEqual({ detail: payoutMessages.methodNotFound, code: 'not_found' });
    expect((await call(app, 'DELETE', `/api/payout-methods/${payout_method.id}`, other.token)).statusCode).toBe(404);
    expect((await call(app, 'GET', '/api/payout-methods', employer.token)).statusCode).toBe(403);
    expect((await call(app, 'GET', '/api/payout-methods')).statusCode).toBe(401);
    // Removed by its owner, nothing goes to it any more.
    expect((await call(app, 'DELETE', `/api/payout-methods/${payout_method.id}`, owner.token)).json()).toEqual({
      message: payoutMessages.methodRemoved,
    });
    await stepUp(app, owner.token, owner.user.email);
    expect((await payout(owner.token, payout_method.id)).statusCode).toBe(404);
  });

  it('freeze from the e-mail’s link: the method goes, every session ends and payouts stop until the password is reset', async () => {
    const professional = await earner();
    await stepUp(app, professional.token, professional.user.email);
    const { payout_method } = (await addMethod(professional.token)).json<{ payout_method: { id: string } }>();
    const token = /freeze-payouts\?token=([\w-]+)/.exec((await newMethodMails(professional))[0]!.text)![1];
    expect((await call(app, 'POST', '/api/payout-methods/freeze', undefined, { token })).json()).toEqual({
      message: payoutMessages.frozenNow,
    });
    expect((await call(app, 'POST', '/api/payout-methods/freeze', undefined, { token })).json()).toEqual({
      detail: payoutMessages.freezeLinkExpired,
      code: 'unauthorized',
    });
    // Whoever added it is signed out with every other session.
    expect((await call(app, 'GET', '/api/users/me', professional.token)).statusCode).toBe(401);
    const signIn = async (password: string) =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/auth/enhanced-login',
          payload: { email: professional.user.email, password, login_method: 'password' },
        })
      ).json<{ access_token: string }>().access_token;
    const again = await signIn(professional.password);
    expect(await methodsOf(again)).toEqual({ payout_methods: [], payouts_frozen: true });
    clock.advance(24 * 3_600_000 + 1_000);
    await stepUp(app, again, professional.user.email);
    const second = (await addMethod(again, { iban: 'SA0380000000608010167519' })).json<{ payout_method: { id: string } }>();
    clock.advance(24 * 3_600_000 + 1_000);
    await stepUp(app, again, professional.user.email);
    expect((await payout(again, second.payout_method.id)).json()).toEqual({ detail: payoutMessages.frozen, code: 'conflict' });
    expect((await payout(again, payout_method.id)).statusCode).toBe(409);

    // The owner resets the password (proving the e-mail): payouts thaw.
    await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: professional.user.email } });
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: {
        email: professional.user.email,
        reset_code: await readLatestCode(app, professional.user.email),
        new_password: 'Harbour2027!',
        confirm_password: 'Harbour2027!',
      },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const fresh = await signIn('Harbour2027!');
    clock.advance(61_000);
    await stepUp(app, fresh, professional.user.email);
    expect((await payout(fresh, second.payout_method.id)).statusCode).toBe(201);
  });

  it('refuses racing payouts beyond the balance while stepped up', async () => {
    const professional = await earner();
    await stepUp(app, professional.token, professional.user.email);
    const { payout_method } = (await addMethod(professional.token)).json<{ payout_method: { id: string } }>();
    clock.advance(24 * 3_600_000 + 1_000);
    await stepUp(app, professional.token, professional.user.email);
    const responses = await Promise.all(Array.from({ length: 8 }, () => payout(professional.token, payout_method.id, 300)));
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(3);
    expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(5);
    await expectLedgerSound(app);
    expect((await app.inject({ method: 'GET', url: '/api/earnings', headers: bearer(professional.token) })).json()).toMatchObject({
      balances: [{ available: 80 }],
    });
  });
});
