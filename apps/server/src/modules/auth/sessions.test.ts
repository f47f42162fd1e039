import { messages, passwordChangeMessages, sessionMessages, stepUpMessages } from '@mihna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { bearer, createUser, outboxFor, type TestAccount } from '../../test/accounts.ts';
import { createTestApp } from '../../test/harness.ts';
import { stepUp } from '../../test/payout-methods.ts';

// The trust issue's sessions and alerts: /settings/security lists the live sessions, ends one or all
// others at once; a sign-in from a device not seen before is told to the account's e-mail, with a
// link that ends every session.

const chromeOnWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const safariOnIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const login = async (account: TestAccount, userAgent: string, address = '203.0.113.7') => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/enhanced-login',
    headers: { 'user-agent': userAgent },
    remoteAddress: address,
    payload: { email: account.user.email, password: account.password, login_method: 'password' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ access_token: string }>().access_token;
};
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) =>
  app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const sessionsOf = async (token: string) =>
  (await call('GET', '/api/account/sessions', token)).json<{
    sessions: { id: string; browser: string | null; system: string | null; ip_address: string; is_current: boolean }[];
  }>().sessions;
const newDeviceMails = async (account: TestAccount) =>
  (await outboxFor(app, account.user.email)).filter((message) => message.subject === 'New sign-in to your Mihna account');

describe('the sessions of an account', () => {
  it('are listed with the browser, system and address, this one marked', async () => {
    const account = await createUser(app);
    const onWindows = await login(account, chromeOnWindows, '198.51.100.20');
    const listed = await sessionsOf(onWindows);
    expect(listed).toHaveLength(2);
    expect(listed.find((session) => session.is_current)).toMatchObject({
      browser: 'Chrome',
      system: 'Windows',
      ip_address: '198.51.100.20',
    });
    expect(listed.filter((session) => session.is_current)).toHaveLength(1);
    expect((await call('GET', '/api/account/sessions')).statusCode).toBe(401);
  });

  it('end one at a time, its token refused at once, and never another user’s', async () => {
    const account = await createUser(app);
    const other = await createUser(app);
    const phone = await login(account, safariOnIphone);
    const phoneSession = (await sessionsOf(phone)).find((session) => session.is_current)!;
    // Another user cannot end it, nor learn whether it exists.
    const byOther = await call('DELETE', `/api/account/sessions/${phoneSession.id}`, other.token);
    expect(byOther.statusCode).toBe(404);
    expect(byOther.json()).toEqual({ detail: sessionMessages.notFound, code: 'not_found' });
    expect((await call('GET', '/api/users/me', phone)).statusCode).toBe(200);
    expect((await call('DELETE', '/api/account/sessions/not-an-id', account.token)).statusCode).toBe(404);
    // Its owner ends it from the first session.
    expect((await call('DELETE', `/api/account/sessions/${phoneSession.id}`, account.token)).statusCode).toBe(204);
    expect((await call('GET', '/api/users/me', phone)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/account/sessions/${phoneSession.id}`, account.token)).statusCode).toBe(404);
  });

  it('end all but this one', async () => {
    const account = await createUser(app);
    const first = await login(account, chromeOnWindows);
    const second = await login(account, safariOnIphone);
    expect((await call('POST', '/api/account/sessions/end-others', second)).json()).toEqual({ ended: 2 });
    expect((await call('GET', '/api/users/me', first)).statusCode).toBe(401);
    expect((await call('GET', '/api/users/me', account.token)).statusCode).toBe(401);
    expect(await sessionsOf(second)).toHaveLength(1);
  });
});

describe('a sign-in from a device not seen before', () => {
  it('is told to the account’s e-mail once per device, with when, the browser and the address', async () => {
    const account = await createUser(app);
    // The device the account registered on is known: no e-mail.
    await login(account, 'lightMyRequest');
    expect(await newDeviceMails(account)).toHaveLength(0);
    await login(account, chromeOnWindows, '198.51.100.44');
    const [mail] = await newDeviceMails(account);
    expect(mail?.text).toContain('Browser: Chrome on Windows');
    expect(mail?.text).toContain('Address: 198.51.100.44');
    expect(mail?.text).toMatch(/When: .+2026.+\(UAE time\)/);
    expect(mail?.text).toContain('المتصفح: Chrome على Windows');
    // The same browser again (updated, from elsewhere): known.
    await login(account, chromeOnWindows.replace('131.0.0.0', '132.0.0.0'), '192.0.2.9');
    expect(await newDeviceMails(account)).toHaveLength(1);
  });

  it('comes with a link that ends every session, once', async () => {
    const account = await createUser(app);
    const phone = await login(account, safariOnIphone);
    const [mail] = await newDeviceMails(account);
    const token = /secure-account\?token=([\w-]+)/.exec(mail!.text)?.[1];
    expect(token).toBeTruthy();
    const secured = await call('POST', '/api/auth/secure-account', undefined, { token });
    expect(secured.json()).toEqual({ message: sessionMessages.secured });
    expect((await call('GET', '/api/users/me', phone)).statusCode).toBe(401);
    expect((await call('GET', '/api/users/me', account.token)).statusCode).toBe(401);
    const again = await call('POST', '/api/auth/secure-account', undefined, { token });
    expect(again.json()).toEqual({ detail: sessionMessages.secureLinkExpired, code: 'unauthorized' });
    expect((await call('POST', '/api/auth/secure-account', undefined, { token: 'made-up' })).statusCode).toBe(401);
    expect((await call('POST', '/api/auth/secure-account', undefined, {})).statusCode).toBe(422);
  });
});

describe('a password change', () => {
  it('needs step-up and the current password, then ends every other session and tells the e-mail', async () => {
    const account = await createUser(app);
    const other = await login(account, safariOnIphone);
    const change = (payload: object) => call('POST', '/api/account/password', account.token, payload);
    const good = { current_password: account.password, new_password: 'Lantern2027!', confirm_password: 'Lantern2027!' };
    expect((await change(good)).json()).toEqual({ detail: stepUpMessages.requiredEmail, code: 'step_up_required' });
    await stepUp(app, account.token, account.user.email);
    expect((await change({ ...good, current_password: 'not-it-2026' })).json()).toMatchObject({
      code: 'validation_failed',
      detail: [{ loc: ['body', 'current_password'], msg: passwordChangeMessages.wrongCurrent }],
    });
    expect((await change({ ...good, confirm_password: 'Lantern2028!' })).body).toContain(messages.passwordsDoNotMatch);
    expect((await change({ ...good, new_password: 'short', confirm_password: 'short' })).statusCode).toBe(422);
    // Nothing changed so far: the other session still works.
    expect((await call('GET', '/api/users/me', other)).statusCode).toBe(200);
    expect((await change(good)).json()).toEqual({ message: passwordChangeMessages.changed });
    expect((await call('GET', '/api/users/me', other)).statusCode).toBe(401);
    expect((await call('GET', '/api/users/me', account.token)).statusCode).toBe(200);
    expect((await outboxFor(app, account.user.email)).some((mail) => mail.subject === 'Your Mihna password was changed')).toBe(true);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/enhanced-login',
      payload: { email: account.user.email, password: 'Lantern2027!', login_method: 'password' },
    });
    expect(signIn.statusCode).toBe(200);
    expect((await call('POST', '/api/account/password', undefined, good)).statusCode).toBe(401);
  });
});
