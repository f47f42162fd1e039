import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, readLatestCode, uniqueEmail } from '../../test/accounts.ts';
import { createTestApp } from '../../test/harness.ts';
import type { App } from '../../app.ts';

describe('password reset', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const forgot = (email: string) => app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
  const reset = (payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/auth/reset-password', payload });
  const login = (payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/auth/enhanced-login', payload });

  it('answers the same whether or not the e-mail has an account', async () => {
    const { input } = await createUser(app);
    const known = await forgot(String(input.email));
    const unknown = await forgot(uniqueEmail('nobody'));
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
  });

  it('answers wrong codes at an unknown address exactly as at an account, through the lock and a new code', async () => {
    const { input } = await createUser(app);
    const known = String(input.email);
    const unknown = uniqueEmail('nobody');
    const tryCode = (email: string, code: string) =>
      reset({ email, reset_code: code, new_password: 'Sunrise2026!', confirm_password: 'Sunrise2026!' });
    const answer = async (response: Promise<{ statusCode: number; json: () => unknown }>) => {
      const settled = await response;
      return [settled.statusCode, settled.json()];
    };
    const sameForBoth = async (step: (email: string) => Promise<{ statusCode: number; json: () => unknown }>) => {
      const [forKnown, forUnknown] = [await answer(step(known)), await answer(step(unknown))];
      expect(forUnknown).toEqual(forKnown);
      return forKnown;
    };

    // Before any code is asked for, then with a code out: five wrong guesses, then the code is spent.
    expect(await sameForBoth((email) => tryCode(email, '000000'))).toEqual([400, expect.anything()]);
    await sameForBoth(forgot);
    for (let guess = 1; guess <= 5; guess += 1) expect((await sameForBoth((email) => tryCode(email, '000000')))[0]).toBe(400);
    expect(await sameForBoth((email) => tryCode(email, '000000'))).toEqual([
      429,
      { detail: 'Too many incorrect codes. Please request a new one.', code: 'rate_limited' },
    ]);
    // Asking again within a minute is the same wait for both.
    expect((await sameForBoth(forgot))[0]).toBe(429);
  });

  it('sets the new password with the e-mailed code, lifts a lock and ends every session', async () => {
    const { input, token, password } = await createUser(app);
    const email = String(input.email);
    for (let attempt = 0; attempt < 3; attempt += 1) await login({ email, password: 'Wrong2025pass' });
    expect((await app.inject({ method: 'GET', url: `/api/auth/login-status/${email}` })).json().requires_captcha).toBe(true);

    await forgot(email);
    const code = await readLatestCode(app, email);
    const mismatch = await reset({ email, reset_code: code, new_password: 'Sunrise2026!', confirm_password: 'Sunset2026!' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().detail[0].msg).toBe('Passwords do not match.');

    const done = await reset({ email, reset_code: code, new_password: 'Sunrise2026!', confirm_password: 'Sunrise2026!' });
    expect(done.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: `/api/auth/login-status/${email}` })).json().requires_captcha).toBe(false);
    expect((await login({ email, password })).statusCode).toBe(401);
    expect((await login({ email, password: 'Sunrise2026!' })).statusCode).toBe(200);

    const reused = await reset({ email, reset_code: code, new_password: 'Another2026!', confirm_password: 'Another2026!' });
    expect(reused.statusCode).toBe(400);
  });

  it('applies the password rules to the new password', async () => {
    const { input } = await createUser(app);
    const weak = await reset({ email: input.email, reset_code: '123456', new_password: 'short1', confirm_password: 'short1' });
    expect(weak.json().detail[0].msg).toBe('Password must be at least 8 characters long and contain both letters and numbers.');
    const badCode = await reset({
      email: input.email,
      reset_code: '12345',
      new_password: 'Sunrise2026!',
      confirm_password: 'Sunrise2026!',
    });
    expect(badCode.json().detail[0].msg).toBe('Please enter a 6-digit verification code');
  });
});
