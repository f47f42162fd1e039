import { randomBytes } from 'node:crypto';
import { moderationMessages, type ProfessionalSearchResponse } from '@mihna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestClock,
  professionalRegistration,
  readLatestCode,
  uniqueEmail,
  uniquePhone,
  createUser,
  bearer,
  outboxFor,
} from '../../test/accounts.ts';
import { createTestApp } from '../../test/harness.ts';
import type { App } from '../../app.ts';

const register = (app: App, payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/auth/register', payload });
const complete = (app: App, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/auth/complete-registration', payload });
const detailFor = (body: { detail: { loc: unknown[]; msg: string }[] }, field: string) =>
  body.detail.find((issue) => issue.loc[1] === field)?.msg;

describe('POST /api/auth/register: validation', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it.each([
    ['first_name', { first_name: 'A' }, 'Must be at least 2 characters'],
    ['last_name', { last_name: '' }, 'This field is required'],
    ['email', { email: 'hessa.example.ae' }, 'Please enter a valid email address'],
    ['phone_number', { phone_number: '12345' }, 'Please enter a valid phone number (7-15 digits)'],
    ['phone_number', { phone_number: '05012345678901234' }, 'Please enter a valid phone number (7-15 digits)'],
    ['phone_number', { phone_number: '050-ABC-1234' }, 'Please enter a valid phone number (7-15 digits)'],
    [
      'password',
      { password: 'onlyletters', confirm_password: 'onlyletters' },
      'Password must be at least 8 characters long and contain both letters and numbers.',
    ],
    [
      'password',
      { password: 'abc123', confirm_password: 'abc123' },
      'Password must be at least 8 characters long and contain both letters and numbers.',
    ],
    ['confirm_password', { confirm_password: 'Different2025!' }, 'Passwords do not match.'],
    ['hourly_rate', { hourly_rate: '-5' }, 'Must be at least 0'],
    ['hourly_rate', { hourly_rate: 'lots' }, 'Must be a valid number'],
    ['hourly_rate', { hourly_rate: '12.345' }, 'Must have no more than 2 decimal places'],
    ['years_of_experience', { years_of_experience: '51' }, 'Must be no more than 50'],
    ['years_of_experience', { years_of_experience: '2.5' }, 'Must be a valid whole number'],
    [
      'password',
      { password: 'Password123', confirm_password: 'Password123' },
      'This password is too common. Please choose a less predictable one.',
    ],
  ])('refuses a bad %s with the specification message', async (field, change, message) => {
    const response = await register(app, professionalRegistration(change));
    expect(response.statusCode).toBe(422);
    expect(detailFor(response.json(), field)).toBe(message);
  });

  it('accepts worker, professional and expert as one role and stores professional', async () => {
    for (const role of ['worker', 'expert', 'professional']) {
      const { user } = await createUser(app, { role });
      expect(user.role).toBe('professional');
    }
    const { user } = await createUser(app, {
      role: 'employer',
      company_name: 'Gulf Build LLC',
      company_description: 'Fit-out contractor in Abu Dhabi.',
    });
    expect(user.role).toBe('employer');
  });

  it('splits comma-separated lists, trims them and drops empty entries', async () => {
    const { token } = await createUser(app, {
      skills: ' React ,, TypeScript,  ',
      languages: 'Arabic,English,',
      career_highlights: [' Led a team ', ''],
    });
    const me = (await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) })).json();
    expect(me.skills).toEqual(['React', 'TypeScript']);
    expect(me.languages).toEqual(['Arabic', 'English']);
    expect(me.career_highlights).toEqual(['Led a team']);
    expect(me).toMatchObject({ hourly_rate: 180, years_of_experience: 8, show_location: true, show_exact_location: false });
  });

  it('splits lists typed with the Arabic comma and semicolon, and the skill filter finds the person by either skill', async () => {
    const skill = `Falconry${randomBytes(3).toString('hex')}`;
    const { token, user } = await createUser(app, {
      skills: `TypeScript، Node.js، ${skill}`,
      languages: 'العربية؛ English',
      career_highlights: 'قدت فريق التصميم، أطلقت تطبيق البنك',
    });
    const me = (await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) })).json();
    expect(me.skills).toEqual(['TypeScript', 'Node.js', skill]);
    expect(me.languages).toEqual(['العربية', 'English']);
    expect(me.career_highlights).toEqual(['قدت فريق التصميم', 'أطلقت تطبيق البنك']);

    for (const skills of [`${skill}, node.js`, `${skill}، TypeScript`, `${skill.toLowerCase()}؛ Node.js`]) {
      const search = await app.inject({ method: 'GET', url: '/api/search/professionals', query: { skills } });
      expect(search.statusCode).toBe(200);
      expect(search.json<ProfessionalSearchResponse>().professionals.map((professional) => professional.id)).toEqual([user.id]);
    }
  });

  it('refuses a bio with a serious violation and stores nothing', async () => {
    const input = professionalRegistration({ bio: 'I will kill you if you do not pay' });
    const response = await register(app, input);
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('content_refused');
    expect(detailFor(response.json(), 'bio')).toBe(moderationMessages.refused);
    const check = await app.inject({ method: 'GET', url: `/api/auth/check-registration/${input.email}` });
    expect(check.json().has_registration).toBe(false);
  });

  it('replaces a mildly rude company description with the cleaned text and says so', async () => {
    const input = professionalRegistration({
      role: 'employer',
      company_name: 'Damn Good Fitouts',
      company_description: 'We do damn good work across Dubai.',
    });
    const response = await register(app, input);
    expect(response.statusCode).toBe(200);
    expect(response.json().moderation_messages[0]).toMatch(/^Content Cleaned/);
    const code = await readLatestCode(app, input.email);
    const done = await complete(app, { registration_id: response.json().registration_id, verification_code: code, email: input.email });
    expect(done.json().user.company_description).not.toContain('damn');
  });
});

describe('registration with a verification code', () => {
  const clock = createTestClock();
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({ clock: clock.now });
  });
  afterAll(() => app.close());

  it('parks the registration, e-mails a code, and creates the user only when the code is entered', async () => {
    const input = professionalRegistration();
    const response = await register(app, input);
    expect(response.json()).toMatchObject({ verification_required: true, verification_method: 'email', access_token: null, user: null });
    const { registration_id } = response.json();

    const check = (await app.inject({ method: 'GET', url: `/api/auth/check-registration/${input.email}` })).json();
    expect(check).toEqual({ has_registration: true, registration_id, email: input.email, verification_method: 'email' });
    const earlyLogin = await app.inject({
      method: 'POST',
      url: '/api/auth/enhanced-login',
      payload: { email: input.email, password: input.password },
    });
    expect(earlyLogin.statusCode).toBe(401);

    const done = await complete(app, { registration_id, verification_code: await readLatestCode(app, input.email), email: input.email });
    expect(done.statusCode).toBe(200);
    expect(done.json().access_token).toMatch(/^[\w-]{43}$/);
    expect(done.json().user).toMatchObject({ email: input.email, first_name: 'Hessa', role: 'professional' });
  });

  it('sends the code by SMS to the full mobile number when asked', async () => {
    const phone = uniquePhone();
    const { user } = await createUser(app, { verification_method: 'sms', phone_number: phone });
    expect(user).toMatchObject({ verification_method: 'sms', phone_number: phone, country_code: '+971' });
  });

  it('sends a fresh code at once when a waiting registration is submitted again, and says so', async () => {
    const input = professionalRegistration();
    const first = (await register(app, input)).json();
    const firstCode = await readLatestCode(app, input.email);
    const again = await register(app, { ...input, phone_number: uniquePhone() });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      registration_id: first.registration_id,
      message: 'We sent a new code to your email. Codes sent before no longer work.',
    });
    const secondCode = await readLatestCode(app, input.email);
    const outbox = (await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(input.email)}` })).json();
    expect(outbox.messages).toHaveLength(2);
    if (firstCode !== secondCode) {
      const old = await complete(app, { registration_id: first.registration_id, verification_code: firstCode, email: input.email });
      expect(old.statusCode).toBe(400);
    }
    const done = await complete(app, { registration_id: first.registration_id, verification_code: secondCode, email: input.email });
    expect(done.statusCode).toBe(200);
  });

  it('answers a registration with a taken e-mail or number exactly like a new one, and tells the account owner instead', async () => {
    const { input: existing } = await createUser(app);
    const ownerEmail = String(existing.email);
    const before = (await outboxFor(app, ownerEmail)).length;
    const shape = (body: Record<string, unknown>) => ({ ...body, registration_id: typeof body.registration_id });

    const fresh = await register(app, professionalRegistration());
    const taken = await register(app, professionalRegistration({ email: ownerEmail.toUpperCase() }));
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(shape(taken.json())).toEqual(shape(fresh.json()));
    const check = await app.inject({ method: 'GET', url: `/api/auth/check-registration/${encodeURIComponent(ownerEmail.toUpperCase())}` });
    expect(check.json()).toMatchObject({ has_registration: true, verification_method: 'email' });

    const otherEmail = uniqueEmail('number');
    const takenPhone = await register(app, professionalRegistration({ email: otherEmail, phone_number: existing.phone_number }));
    expect(shape(takenPhone.json())).toEqual(shape(fresh.json()));

    // No code reached anyone; the owner was told twice, once for the address and once for the number.
    expect(await outboxFor(app, otherEmail)).toEqual([]);
    const ownerMail = await outboxFor(app, ownerEmail);
    const told = ownerMail.slice(0, ownerMail.length - before);
    expect(told.map((message) => message.subject)).toEqual([
      'Someone tried to register with your details on Mihna',
      'Someone tried to register with your details on Mihna',
    ]);
    expect(told.map((message) => message.text.includes('mobile number')).sort()).toEqual([false, true]);
    expect(told.every((message) => !/\b\d{6}\b/.test(message.text))).toBe(true);

    // Any code entered is refused as a wrong one, and a resend sends no code either.
    const { registration_id } = taken.json();
    const guess = await complete(app, { registration_id, verification_code: '123456', email: ownerEmail });
    expect(guess.json()).toEqual({ detail: 'Invalid or expired code. Please check the code or request a new one.', code: 'bad_request' });
    clock.advance(61_000);
    const resent = await app.inject({ method: 'POST', url: '/auth/resend-verification', payload: { email: otherEmail } });
    expect(resent.statusCode).toBe(200);
    expect(await outboxFor(app, otherEmail)).toEqual([]);
  });

  it('refuses a code that is wrong five times, even when the right one follows', async () => {
    const input = professionalRegistration();
    const { registration_id } = (await register(app, input)).json();
    const code = await readLatestCode(app, input.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await complete(app, { registration_id, verification_code: wrong, email: input.email });
      expect(response.statusCode).toBe(400);
    }
    const sixth = await complete(app, { registration_id, verification_code: code, email: input.email });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().detail).toBe('Too many incorrect codes. Please request a new one.');
  });

  it('refuses an expired code and accepts a new one requested after the 60-second wait', async () => {
    const input = professionalRegistration();
    const { registration_id } = (await register(app, input)).json();
    const first = await readLatestCode(app, input.email);

    const tooSoon = await app.inject({ method: 'POST', url: '/auth/resend-verification', payload: { email: input.email } });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().detail).toMatch(/^Please wait \d+ seconds before requesting a new code\.$/);

    clock.advance(11 * 60_000);
    const expired = await complete(app, { registration_id, verification_code: first, email: input.email });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().detail).toBe('Invalid or expired code. Please check the code or request a new one.');

    const resent = await app.inject({ method: 'POST', url: '/auth/resend-verification', payload: { email: input.email } });
    expect(resent.json()).toEqual({ success: true, message: 'New verification code sent to your email' });
    const second = await readLatestCode(app, input.email);
    const done = await complete(app, { registration_id, verification_code: second, email: input.email });
    expect(done.statusCode).toBe(200);
  });

  it('lets a second registration of a waiting e-mail replace it, so the first registrant’s code no longer completes it', async () => {
    const email = uniqueEmail('contested');
    const first = professionalRegistration({ email, password: 'Intruder2025', confirm_password: 'Intruder2025' });
    const { registration_id } = (await register(app, first)).json();
    const intruderCode = await readLatestCode(app, email);

    const owner = professionalRegistration({ email, first_name: 'Owner' });
    const again = await register(app, owner);
    expect(again.statusCode).toBe(200);
    expect((await complete(app, { registration_id, verification_code: intruderCode, email })).statusCode).toBe(400);

    const done = await complete(app, { registration_id, verification_code: await readLatestCode(app, email), email });
    expect(done.json().user.first_name).toBe('Owner');
    const login = await app.inject({ method: 'POST', url: '/api/auth/enhanced-login', payload: { email, password: owner.password } });
    expect(login.statusCode).toBe(200);
  });

  it('stops checking codes after 10 wrong guesses in a day, however many new codes are sent', async () => {
    const input = professionalRegistration();
    const { registration_id } = (await register(app, input)).json();
    for (let round = 0; round < 2; round += 1) {
      const code = await readLatestCode(app, input.email);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let attempt = 0; attempt < 5; attempt += 1)
        await complete(app, { registration_id, verification_code: wrong, email: input.email });
      clock.advance(61_000);
      await app.inject({ method: 'POST', url: '/auth/resend-verification', payload: { email: input.email } });
    }
    const refused = await app.inject({ method: 'POST', url: '/auth/resend-verification', payload: { email: input.email } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toBe('Too many incorrect codes today. Please try again tomorrow or contact support.');
  });

  it('sends a mobile number at most 10 codes a day', async () => {
    const input = professionalRegistration({ verification_method: 'sms' });
    expect((await register(app, input)).statusCode).toBe(200);
    for (let resend = 0; resend < 9; resend += 1) {
      clock.advance(61_000);
      expect((await app.inject({ method: 'POST', url: '/auth/resend-verification', payload: { email: input.email } })).statusCode).toBe(
        200,
      );
    }
    clock.advance(61_000);
    const refused = await app.inject({ method: 'POST', url: '/auth/resend-verification', payload: { email: input.email } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toBe('Too many text messages to this number today. Please try again tomorrow or use e-mail.');
  });

  it('answers parallel registrations of one e-mail without a server error', async () => {
    const email = uniqueEmail('parallel');
    const responses = await Promise.all(Array.from({ length: 6 }, () => register(app, professionalRegistration({ email }))));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    // Whichever submission came last, the code it sent completes the one registration left.
    const { registration_id } = (await app.inject({ method: 'GET', url: `/api/auth/check-registration/${email}` })).json();
    const outbox = (await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` })).json();
    const codes = outbox.messages.map((message: { text: string }) => /\b(\d{6})\b/.exec(message.text)?.[1]);
    const outcomes = [];
    for (const code of codes) outcomes.push((await complete(app, { registration_id, verification_code: code, email })).statusCode);
    expect(outcomes.filter((status) => status === 200)).toHaveLength(1);
  });

  it('refuses text that PostgreSQL cannot store, and names with direction overrides', async () => {
    expect((await register(app, professionalRegistration({ first_name: 'Ha\ud800ssa' }))).statusCode).toBe(400);
    const spoof = await register(app, professionalRegistration({ first_name: 'Ali\u202Egnp.exe' }));
    expect(detailFor(spoof.json(), 'first_name')).toBe('Invalid format');
    const arabicDigits = await register(app, professionalRegistration({ phone_number: '٠٥٥١٢٣٤٥٦٧' }));
    expect(arabicDigits.statusCode).toBe(200);
  });

  it('stores the place and industry as ids, whether sent as ids or as English or Arabic names', async () => {
    const { user } = await createUser(app, { emirate: 'DUBAI', city: 'جبل علي', industry_category: 'Technology & IT' });
    expect(user).toMatchObject({ country: 'AE', emirate: 'dubai', city: 'jebel_ali', industry_category: 'technology_it' });
    const refused = await register(app, professionalRegistration({ emirate: 'Dubai Marina', industry_category: 'Alchemy' }));
    expect(refused.statusCode).toBe(422);
    expect(detailFor(refused.json(), 'emirate')).toBe('Not a known emirate');
    expect(detailFor(refused.json(), 'industry_category')).toBe('Not a known industry');
  });

  it('takes the rate and years in Arabic-Indic digits', async () => {
    const { user } = await createUser(app, { hourly_rate: '٢٢٠', years_of_experience: '١٥' });
    expect(user).toMatchObject({ hourly_rate: 220, years_of_experience: 15 });
  });

  it('uses a code once', async () => {
    const input = professionalRegistration({ email: uniqueEmail('once') });
    const { registration_id } = (await register(app, input)).json();
    const code = await readLatestCode(app, input.email);
    expect((await complete(app, { registration_id, verification_code: code, email: input.email })).statusCode).toBe(200);
    expect((await complete(app, { registration_id, verification_code: code, email: input.email })).statusCode).toBe(404);
  });

  it('stores codes hashed, never as sent', async () => {
    const input = professionalRegistration();
    await register(app, input);
    const code = await readLatestCode(app, input.email);
    const { selectRows } = await import('../../test/harness.ts');
    const { sql } = await import('drizzle-orm');
    const rows = await selectRows<{ code_hash: string }>(app.services.database, sql`select code_hash from verification_codes`);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.code_hash).toMatch(/^\$argon2id\$/);
      expect(row.code_hash).not.toContain(code);
    }
  });
});
