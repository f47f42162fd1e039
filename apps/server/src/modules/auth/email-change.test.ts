import { codeMessages, emailChangeMessages, registrationMessages, stepUpMessages } from '@mihna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { bearer, createUser, outboxFor, readLatestCode, uniqueEmail, type TestAccount } from '../../test/accounts.ts';
import { createTestApp } from '../../test/harness.ts';
import { stepUp } from '../../test/payout-methods.ts';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const call = (account: TestAccount | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, headers: account ? bearer(account.token) : {}, ...(payload ? { payload } : {}) });

describe('changing the e-mail address', () => {
  it('needs step-up, then the code sent to the new address; the old one is told, with the link that secures the account', async () => {
    const account = await createUser(app);
    const newEmail = uniqueEmail('moved');
    expect((await call(account, 'POST', '/api/account/email', { email: newEmail })).json()).toEqual({
      detail: stepUpMessages.requiredEmail,
      code: 'step_up_required',
    });
    await stepUp(app, account.token, account.user.email);
    const started = await call(account, 'POST', '/api/account/email', { email: newEmail.toUpperCase() });
    expect(started.json()).toEqual({ message: emailChangeMessages.codeSent, pending_email: newEmail });
    expect((await call(account, 'GET', '/api/account/email')).json()).toEqual({ email: account.user.email, pending_email: newEmail });

    // A wrong code changes nothing; the right one makes the new address the account's.
    expect((await call(account, 'POST', '/api/account/email/confirm', { code: '000000' })).json()).toMatchObject({
      detail: codeMessages.refused,
    });
    const confirmed = await call(account, 'POST', '/api/account/email/confirm', { code: await readLatestCode(app, newEmail) });
    expect(confirmed.json()).toEqual({ message: emailChangeMessages.changed, email: newEmail });
    expect((await call(account, 'GET', '/api/users/me')).json()).toMatchObject({ email: newEmail });
    const told = (await outboxFor(app, account.user.email)).find((message) => message.subject === 'Your Mihna e-mail address was changed');
    expect(told?.text).toContain(newEmail);
    expect(told?.text).toMatch(/\/secure-account\?token=/);
    // Signing in goes by the new address; the code is spent.
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/enhanced-login',
      payload: { email: newEmail, login_method: 'password', password: account.password },
    });
    expect(login.statusCode).toBe(200);
    expect((await call(account, 'POST', '/api/account/email/confirm', { code: await readLatestCode(app, newEmail) })).statusCode).not.toBe(
      200,
    );
  });

  it('refuses an address another account has, its own address, and a confirmation with nothing asked for', async () => {
    const account = await createUser(app);
    const other = await createUser(app);
    await stepUp(app, account.token, account.user.email);
    expect((await call(account, 'POST', '/api/account/email', { email: other.user.email })).json()).toEqual({
      detail: registrationMessages.emailTaken,
      code: 'conflict',
    });
    expect((await call(account, 'POST', '/api/account/email', { email: account.user.email })).json()).toEqual({
      detail: emailChangeMessages.sameAddress,
      code: 'conflict',
    });
    expect((await call(account, 'POST', '/api/account/email', { email: 'not an address' })).statusCode).toBe(422);
    expect((await call(account, 'POST', '/api/account/email/confirm', { code: '123456' })).statusCode).toBeGreaterThanOrEqual(400);
    expect((await call(undefined, 'POST', '/api/account/email', { email: uniqueEmail() })).statusCode).toBe(401);
    expect((await call(account, 'GET', '/api/users/me')).json()).toMatchObject({ email: account.user.email });
  });
});
