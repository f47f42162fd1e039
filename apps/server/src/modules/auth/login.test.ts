import { loginMessages } from '@mihna/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestClock, createUser, readLatestCode, uniqueEmail } from '../../test/accounts.ts';
import { createTestApp, selectRows } from '../../test/harness.ts';
import type { App } from '../../app.ts';

const login = (app: App, payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/auth/enhanced-login', payload });

async function solveCaptcha(app: App) {
  const { captcha_id, question } = (await app.inject({ method: 'GET', url: '/api/auth/captcha' })).json();
  const [left, right] = String(question).match(/\d+/g)!.map(Number);
  const verified = await app.inject({ method: 'POST', url: '/api/auth/captcha/verify', payload: { captcha_id, answer: left! + right! } });
  return verified.json().captcha_token as string;
}

describe('POST /api/auth/enhanced-login', () => {
  const clock = createTestClock();
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({ clock: clock.now });
  });
  afterAll(() => app.close());

  it('signs in with the password, records the login, and GET /api/users/me answers with the user', async () => {
    const { user, password, input } = await createUser(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/enhanced-login',
      payload: { email: String(input.email).toUpperCase(), login_method: 'password', password },
      headers: { 'user-agent': 'Mihna test browser' },
    });
    expect(response.statusCode).toBe(200);
    const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(response.json().access_token) });
    expect(me.json()).toMatchObject({ id: user.id, email: input.email });
    const events = await selectRows<{ success: boolean; user_agent: string; ip_address: string }>(
      app.services.database,
      sql`select success, user_agent, ip_address from login_events where user_id = ${user.id} order by created_at`,
    );
    expect(events.at(-1)).toMatchObject({ success: true, user_agent: 'Mihna test browser', ip_address: '127.0.0.1' });
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const { input } = await createUser(app);
    const wrongPassword = await login(app, { email: input.email, password: 'Wrong2025pass' });
    const unknownEmail = await login(app, { email: uniqueEmail('nobody'), password: 'Wrong2025pass' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
  });

  it('needs a captcha after 3 failures and locks password login after 5, e-mailing the owner', async () => {
    const { input, password } = await createUser(app);
    for (let attempt = 0; attempt < 3; attempt += 1)
      expect((await login(app, { email: input.email, password: 'Wrong2025pass' })).statusCode).toBe(401);

    const status = async () => (await app.inject({ method: 'GET', url: `/api/auth/login-status/${input.email}` })).json<unknown>();
    expect(await status()).toEqual({ requires_captcha: true, is_locked: false, locked_minutes: 0 });
    const withoutCaptcha = await login(app, { email: input.email, password });
    expect(withoutCaptcha.statusCode).toBe(429);
    expect(withoutCaptcha.json()).toEqual({ detail: loginMessages.captchaRequired, code: 'captcha_required' });

    expect((await login(app, { email: input.email, password: 'Wrong2025pass', captcha_token: await solveCaptcha(app) })).statusCode).toBe(
      401,
    );
    const locking = await login(app, { email: input.email, password: 'Wrong2025pass', captcha_token: await solveCaptcha(app) });
    expect(locking.statusCode).toBe(423);
    expect(locking.json().detail).toBe(
      'Account temporarily locked. Please try again or use password reset. You can try again in 30 minutes.',
    );
    expect(locking.headers['retry-after']).toBe('1800');
    // While locked, no captcha is asked: only the wait, which the status and the answer both tell.
    expect(await status()).toEqual({ requires_captcha: false, is_locked: true, locked_minutes: 30 });

    clock.advance(12 * 60_000);
    const rightButLocked = await login(app, { email: input.email, password });
    expect(rightButLocked.statusCode).toBe(423);
    expect(rightButLocked.json().detail).toBe(
      'Account temporarily locked. Please try again or use password reset. You can try again in 18 minutes.',
    );
    expect(await status()).toEqual({ requires_captcha: false, is_locked: true, locked_minutes: 18 });
    const outbox = (await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${input.email}` })).json();
    expect(outbox.messages[0].subject).toBe('Your Mihna account was temporarily locked');

    clock.advance(19 * 60_000);
    expect((await login(app, { email: input.email, password })).statusCode).toBe(200);
  });

  it('lets 50 parallel wrong passwords check no more than the captcha threshold allows', async () => {
    const { input, password } = await createUser(app);
    const responses = await Promise.all(Array.from({ length: 50 }, () => login(app, { email: input.email, password: 'Wrong2025pass' })));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(47);
    const withCaptcha = await Promise.all(
      Array.from({ length: 10 }, async () =>
        login(app, { email: input.email, password: 'Wrong2025pass', captcha_token: await solveCaptcha(app) }),
      ),
    );
    const checked = withCaptcha.filter((response) => response.statusCode === 401 || response.statusCode === 423).length;
    expect(checked).toBeGreaterThan(0);
    expect(withCaptcha.filter((response) => response.statusCode === 401).length).toBeLessThanOrEqual(2);
    expect((await login(app, { email: input.email, password, captcha_token: await solveCaptcha(app) })).statusCode).toBe(423);
  });

  it('locks password login for 30 minutes after 5 wrong codes too, and the lock ends', async () => {
    const { input, password } = await createUser(app);
    await app.inject({ method: 'POST', url: '/api/auth/send-login-code?method=email', payload: { email: input.email } });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await login(app, {
        email: input.email,
        login_method: 'email_code',
        verification_code: '000000',
        ...(attempt >= 3 ? { captcha_token: await solveCaptcha(app) } : {}),
      });
    }
    expect((await login(app, { email: input.email, password, captcha_token: await solveCaptcha(app) })).statusCode).toBe(423);
    clock.advance(31 * 60_000);
    expect((await login(app, { email: input.email, password })).statusCode).toBe(200);
  });

  it('spends a captcha token once and refuses a wrong answer', async () => {
    const { input } = await createUser(app);
    for (let attempt = 0; attempt < 3; attempt += 1) await login(app, { email: input.email, password: 'Wrong2025pass' });
    const token = await solveCaptcha(app);
    expect((await login(app, { email: input.email, password: 'Wrong2025pass', captcha_token: token })).statusCode).toBe(401);
    expect((await login(app, { email: input.email, password: 'Wrong2025pass', captcha_token: token })).statusCode).toBe(429);

    const { captcha_id, question } = (await app.inject({ method: 'GET', url: '/api/auth/captcha' })).json();
    expect(question).toMatch(/^(3 \+ 3|4 \+ 4|5 \+ 5|6 \+ 6)$/);
    const wrong = await app.inject({ method: 'POST', url: '/api/auth/captcha/verify', payload: { captcha_id, answer: 99 } });
    expect(wrong.statusCode).toBe(400);
    const sum = Number(question[0]) * 2;
    const late = await app.inject({ method: 'POST', url: '/api/auth/captcha/verify', payload: { captcha_id, answer: sum } });
    expect(late.statusCode).toBe(400);
  });

  it('signs in with a code sent by e-mail, and by SMS to the mobile number', async () => {
    const { input, user } = await createUser(app);
    const sent = await app.inject({ method: 'POST', url: '/api/auth/send-login-code?method=email', payload: { email: input.email } });
    expect(sent.json().success).toBe(true);
    const code = await readLatestCode(app, String(input.email));
    const byEmail = await login(app, { email: input.email, login_method: 'email_code', verification_code: code });
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json().user.id).toBe(user.id);
    expect((await login(app, { email: input.email, login_method: 'email_code', verification_code: code })).statusCode).toBe(401);

    clock.advance(61_000);
    const mobile = `+971${String(input.phone_number)}`;
    await app.inject({ method: 'POST', url: '/api/auth/send-login-code?method=sms', payload: { email: mobile } });
    const bySms = await login(app, { email: mobile, login_method: 'sms_code', verification_code: await readLatestCode(app, mobile) });
    expect(bySms.statusCode).toBe(200);
    expect(bySms.json().user.id).toBe(user.id);
  });

  it('sends an SMS code to a number typed in Arabic-Indic digits, and takes a pasted code with spaces or words', async () => {
    const { input, user } = await createUser(app);
    const national = `0${String(input.phone_number)}`;
    const arabic = national.replace(/\d/g, (digit) => '٠١٢٣٤٥٦٧٨٩'[Number(digit)] ?? digit);
    const eastern = national.replace(/\d/g, (digit) => '۰۱۲۳۴۵۶۷۸۹'[Number(digit)] ?? digit);
    const sent = await app.inject({ method: 'POST', url: '/api/auth/send-login-code?method=sms', payload: { email: arabic } });
    expect(sent.statusCode).toBe(200);
    const mobile = `+971${String(input.phone_number)}`;
    const code = await readLatestCode(app, mobile);
    const pasted = await login(app, {
      email: eastern,
      login_method: 'sms_code',
      verification_code: `Code: ${code.slice(0, 3)} ${code.slice(3)}`,
    });
    expect(pasted.statusCode).toBe(200);
    expect(pasted.json().user.id).toBe(user.id);
    // The same number in other digits is the same request: the minute's wait applies to it.
    const again = await app.inject({ method: 'POST', url: '/api/auth/send-login-code?method=sms', payload: { email: mobile } });
    expect(again.statusCode).toBe(429);
  });

  it('allows one login code a minute per address, answering the same for unknown addresses', async () => {
    const { input } = await createUser(app);
    const known = await app.inject({ method: 'POST', url: '/api/auth/send-login-code?method=email', payload: { email: input.email } });
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/auth/send-login-code?method=email',
      payload: { email: uniqueEmail('ghost') },
    });
    expect(unknown.json()).toEqual(known.json());
    const again = await app.inject({ method: 'POST', url: '/api/auth/send-login-code?method=email', payload: { email: input.email } });
    expect(again.statusCode).toBe(429);
    expect(again.json().detail).toBe('Please wait 60 seconds before requesting a new code.');
    expect(again.headers['retry-after']).toBe('60');
    // Unknown addresses wait the same, so the wait reveals nothing.
    clock.advance(20_000);
    const ghost = uniqueEmail('ghost');
    await app.inject({ method: 'POST', url: '/api/auth/send-login-code?method=email', payload: { email: ghost } });
    const ghostAgain = await app.inject({ method: 'POST', url: '/api/auth/send-login-code?method=email', payload: { email: ghost } });
    expect(ghostAgain.statusCode).toBe(429);
    expect(ghostAgain.json().detail).toBe('Please wait 60 seconds before requesting a new code.');
    const stillWaiting = await app.inject({
      method: 'POST',
      url: '/api/auth/send-login-code?method=email',
      payload: { email: input.email },
    });
    expect(stillWaiting.json().detail).toBe('Please wait 40 seconds before requesting a new code.');
    // An SMS code right after an e-mail code is a different request, and it is sent.
    const sms = await app.inject({
      method: 'POST',
      url: '/api/auth/send-login-code?method=sms',
      payload: { email: `${input.country_code}${input.phone_number}` },
    });
    expect(sms.statusCode).toBe(200);
    const texts = (
      await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(`${input.country_code}${input.phone_number}`)}` })
    ).json();
    expect(texts.messages).toHaveLength(1);
    const missing = await app.inject({ method: 'POST', url: '/api/auth/send-login-code?method=email', payload: { email: '' } });
    expect(missing.json().detail[0].msg).toBe('Please enter your email first.');
  });

  it('answers a known address past its wrong-code limit exactly as an unknown one, and caps every address at 10 codes a day', async () => {
    // The daily count starts at midnight UTC: begin an hour into a day, so the 11 minutes below stay in one.
    const day = 86_400_000;
    clock.advance(Math.ceil(clock.now().getTime() / day) * day + 3_600_000 - clock.now().getTime());
    const { input, user } = await createUser(app);
    const ghost = uniqueEmail('ghost');
    const send = (email: string) => app.inject({ method: 'POST', url: '/api/auth/send-login-code?method=email', payload: { email } });
    // Ten wrong codes today: the account may get no more codes, but saying so would reveal that it exists.
    await app.services.database.db.execute(
      sql`insert into verification_codes (purpose, subject_id, channel, code_hash, expires_at, failed_attempts, consumed_at, created_at)
          values ('login', ${user.id}, 'email', 'x', ${clock.now()}, 10, ${clock.now()}, ${clock.now()})`,
    );
    const known: number[] = [];
    const unknown: number[] = [];
    for (let request = 0; request < 11; request += 1) {
      known.push((await send(String(input.email))).statusCode);
      unknown.push((await send(ghost)).statusCode);
      clock.advance(61_000);
    }
    expect(known).toEqual(unknown);
    expect(known.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(known[10]).toBe(429);
    expect((await send(ghost)).json().detail).toBe('Too many codes requested for this address today. Please try again tomorrow.');
  });

  it('refuses a login with missing fields in the specification words', async () => {
    expect((await login(app, { email: '', password: 'x' })).json().detail[0].msg).toBe('This field is required');
    expect((await login(app, { email: '', login_method: 'sms_code', verification_code: '123456' })).json().detail[0].msg).toBe(
      'Mobile number is required',
    );
    expect((await login(app, { email: 'a@b.ae', login_method: 'email_code', verification_code: '12ab' })).json().detail[0].msg).toBe(
      'Please enter a 6-digit verification code',
    );
  });

  it('logs out: the token stops working', async () => {
    const { token } = await createUser(app);
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) })).json()).toEqual({ success: true });
    const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(401);
  });

  it('answers sessions read together each by its own token: live ones their user, logged-out and unknown ones 401', async () => {
    const [first, second, gone] = await Promise.all([createUser(app), createUser(app), createUser(app)]);
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(gone.token) });
    const asked = Array.from({ length: 60 }, (_, index) => [first.token, second.token, gone.token, 'not-a-session-token'][index % 4]!);
    const answers = await Promise.all(asked.map((token) => app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) })));
    answers.forEach((answer, index) => {
      const token = asked[index];
      if (token === first.token) expect(answer.json()).toMatchObject({ id: first.user.id });
      else if (token === second.token) expect(answer.json()).toMatchObject({ id: second.user.id });
      else expect(answer.statusCode).toBe(401);
    });
  });

  it('stores session tokens and passwords hashed', async () => {
    const { token, password } = await createUser(app);
    const sessions = await selectRows<{ token_hash: string }>(app.services.database, sql`select token_hash from sessions`);
    expect(sessions.every((row) => row.token_hash !== token && /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
    const users = await selectRows<{ password_hash: string }>(app.services.database, sql`select password_hash from users`);
    expect(
      users.every((row) => row.password_hash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$') && !row.password_hash.includes(password)),
    ).toBe(true);
  });
});

describe('POST /api/auth/send-login-code?method=sms', () => {
  const clock = createTestClock();
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({ clock: clock.now });
  });
  afterAll(() => app.close());

  const sendBySms = (identifier: string) =>
    app.inject({ method: 'POST', url: '/api/auth/send-login-code?method=sms', payload: { email: identifier } });
  const smsCount = async () =>
    (
      await selectRows<{ total: number }>(
        app.services.database,
        sql`select count(*)::int as total from outgoing_messages where channel = 'sms'`,
      )
    )[0]?.total ?? 0;

  it('answers 422 "Please enter your mobile number" to an e-mail address, known or not, and sends nothing', async () => {
    const { input } = await createUser(app);
    const before = await smsCount();
    const known = await sendBySms(String(input.email));
    const unknown = await sendBySms(uniqueEmail('ghost'));
    for (const answer of [known, unknown]) {
      expect(answer.statusCode).toBe(422);
      expect(answer.json()).toEqual({
        detail: [{ loc: ['body', 'email'], msg: 'Please enter your mobile number', type: 'value_error' }],
        code: 'validation_failed',
      });
    }
    expect(await smsCount()).toBe(before);
    // Refused input takes nothing from the minute's allowance: the number itself still gets its code.
    const mobile = `+971${String(input.phone_number)}`;
    const sent = await sendBySms(`+971 ${String(input.phone_number).replace(/^(\d{2})(\d{3})/, '$1 $2 ')}`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ success: true, message: loginMessages.codeSent });
    expect(await readLatestCode(app, mobile)).toMatch(/^\d{6}$/);
  });

  it.each(['Salem', 'call me', '123', '+971 50 123 4567 ext 9', 'omar@demo.mihna.ae'])('refuses %j as no mobile number', async (typed) => {
    expect((await sendBySms(typed)).statusCode).toBe(422);
  });
});
