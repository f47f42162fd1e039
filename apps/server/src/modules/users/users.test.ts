import { stepUpMessages } from '@mihna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser } from '../../test/accounts.ts';
import { createTestApp } from '../../test/harness.ts';
import { stepUp } from '../../test/payout-methods.ts';
import type { App } from '../../app.ts';

describe('PUT /users/{id}', () => {
  let app: App;
  let owner: Awaited<ReturnType<typeof createUser>>;
  let other: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    app = await createTestApp();
    owner = await createUser(app);
    other = await createUser(app, { role: 'employer', company_name: 'Other Co' });
  });
  afterAll(() => app.close());

  const update = (id: string, payload: Record<string, unknown>, token?: string) =>
    app.inject({ method: 'PUT', url: `/users/${id}`, headers: token ? bearer(token) : {}, payload });

  it('updates the four tabs of the owner’s profile with the parsing rules', async () => {
    const response = await update(
      owner.user.id,
      {
        first_name: 'Hessa',
        skills: ' Figma , ,Webflow ',
        languages: 'Arabic,English',
        hourly_rate: '195.5',
        years_of_experience: '',
        availability_status: 'busy',
        preferred_project_size: 'medium',
        emirate: 'abu_dhabi',
        city: 'al_ain',
        show_location: true,
        show_exact_location: true,
        linkedin_url: 'https://www.linkedin.com/in/hessa',
        github_url: '',
        behance_url: 'https://www.behance.net/hessa',
      },
      owner.token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      skills: ['Figma', 'Webflow'],
      languages: ['Arabic', 'English'],
      hourly_rate: 195.5,
      years_of_experience: null,
      availability_status: 'busy',
      emirate: 'abu_dhabi',
      city: 'al_ain',
      show_exact_location: true,
      linkedin_url: 'https://www.linkedin.com/in/hessa',
      github_url: null,
      moderation_messages: [],
    });
  });

  it('answers 403 to another user and to an employer, and changes nothing', async () => {
    const before = (await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(owner.token) })).json();
    const response = await update(owner.user.id, { first_name: 'Hacked', bio: 'owned' }, other.token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'You can only edit your own profile.', code: 'forbidden' });
    const after = (await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(owner.token) })).json();
    expect(after).toEqual(before);
    expect((await update('not-a-uuid', { first_name: 'Nope' }, other.token)).statusCode).toBe(403);
  });

  it('changes the mobile number only after step-up, as login codes go to it', async () => {
    const refused = await update(owner.user.id, { phone_number: '559876543' }, owner.token);
    expect(refused.json()).toEqual({ detail: stepUpMessages.requiredEmail, code: 'step_up_required' });
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(owner.token) })).json().phone_number).not.toBe(
      '559876543',
    );
    // Another user's profile is refused as before, step-up or not.
    expect((await update(owner.user.id, { phone_number: '559876543' }, other.token)).statusCode).toBe(403);
    await stepUp(app, owner.token, owner.user.email);
    const changed = await update(owner.user.id, { phone_number: '0559876543' }, owner.token);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().phone_number).toBe('559876543');
  });

  it('turns the exact location off with the location', async () => {
    const response = await update(owner.user.id, { show_location: false, show_exact_location: true }, owner.token);
    expect(response.json()).toMatchObject({ show_location: false, show_exact_location: false });
  });

  it('takes numbers in Arabic-Indic digits, places and industries by name, and links without a scheme', async () => {
    const response = await update(
      owner.user.id,
      {
        hourly_rate: '١٥٠٫٥',
        years_of_experience: '۱۲',
        country: 'United Arab Emirates',
        emirate: 'Dubai',
        city: 'جبل علي',
        industry_category: 'design & creative',
        linkedin_url: 'linkedin.com/in/hessa',
        website_url: 'www.hessa.ae',
        languages: 'Arabic, English, Urdu',
        career_highlights: 'Designed the Expo 2020 app, Led a 12-person team',
      },
      owner.token,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      hourly_rate: 150.5,
      years_of_experience: 12,
      country: 'AE',
      emirate: 'dubai',
      city: 'jebel_ali',
      industry_category: 'design_creative',
      linkedin_url: 'https://linkedin.com/in/hessa',
      website_url: 'https://www.hessa.ae',
    });
    // What the professional entered is on their public profile.
    const profile = (await app.inject({ method: 'GET', url: `/api/experts/${owner.user.id}/profile` })).json();
    expect(profile.user).toMatchObject({
      years_of_experience: 12,
      languages: ['Arabic', 'English', 'Urdu'],
      career_highlights: ['Designed the Expo 2020 app', 'Led a 12-person team'],
      linkedin_url: 'https://linkedin.com/in/hessa',
      website_url: 'https://www.hessa.ae',
    });
  });

  it('refuses an unknown place or industry on its field and changes nothing', async () => {
    const response = await update(owner.user.id, { emirate: 'Dubay', industry_category: 'Basket weaving', bio: 'New bio' }, owner.token);
    expect(response.statusCode).toBe(422);
    expect(response.json().detail.map((issue: { loc: string[]; msg: string }) => [issue.loc[1], issue.msg])).toEqual([
      ['emirate', 'Not a known emirate'],
      ['industry_category', 'Not a known industry'],
    ]);
    const me = (await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(owner.token) })).json();
    expect(me.bio).not.toBe('New bio');
  });

  it('reads a region in the profile’s own country, and drops a stored one a new country does not have', async () => {
    await update(owner.user.id, { country: 'AE', emirate: 'sharjah', city: 'khor_fakkan' }, owner.token);
    const moved = await update(owner.user.id, { country: 'Kuwait' }, owner.token);
    expect(moved.json()).toMatchObject({ country: 'KW', emirate: null, city: null });
    const region = await update(owner.user.id, { emirate: 'Hawalli' }, owner.token);
    expect(region.json()).toMatchObject({ country: 'KW', emirate: 'hawalli' });
    const wrong = await update(owner.user.id, { emirate: 'dubai' }, owner.token);
    expect(wrong.json().detail[0]).toMatchObject({ loc: ['body', 'emirate'], msg: 'Not a known region' });
  });

  it('answers 401 without a login', async () => {
    expect((await update(owner.user.id, { first_name: 'Hessa' })).statusCode).toBe(401);
  });

  it.each([
    ['linkedin_url', { linkedin_url: 'javascript:alert(1)' }, 'Invalid format'],
    ['first_name', { first_name: 'H' }, 'Must be at least 2 characters'],
    ['phone_number', { phone_number: '12ab' }, 'Please enter a valid phone number (7-15 digits)'],
    ['years_of_experience', { years_of_experience: '60' }, 'Must be no more than 50'],
  ])('refuses a bad %s in the specification words', async (field, payload, message) => {
    const response = await update(owner.user.id, payload, owner.token);
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toContainEqual(expect.objectContaining({ loc: ['body', field], msg: message }));
  });

  it('cleans a rude bio, and refuses a seriously offensive one', async () => {
    const cleaned = await update(owner.user.id, { bio: 'I deliver damn good designs.' }, owner.token);
    expect(cleaned.json().bio).not.toContain('damn');
    expect(cleaned.json().moderation_messages).toHaveLength(1);
    const refused = await update(owner.user.id, { bio: 'I will kill you' }, owner.token);
    expect(refused.statusCode).toBe(422);
  });
});

describe('what responses never contain', () => {
  it('no route answers with a password hash, a token hash or another user’s e-mail', async () => {
    const app = await createTestApp();
    try {
      const reader = await createUser(app);
      const stranger = await createUser(app);
      const calls: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: Record<string, unknown> }[] = [
        { method: 'GET', url: '/api/users/me' },
        { method: 'PUT', url: `/users/${reader.user.id}`, payload: { bio: 'Hello' } },
        { method: 'PUT', url: `/users/${stranger.user.id}`, payload: { bio: 'Hello' } },
        { method: 'GET', url: `/api/auth/check-registration/${String(stranger.input.email)}` },
        { method: 'GET', url: `/api/auth/login-status/${String(stranger.input.email)}` },
        { method: 'POST', url: '/api/auth/enhanced-login', payload: { email: stranger.input.email, password: 'Wrong2025pass' } },
        { method: 'POST', url: '/api/auth/enhanced-login', payload: { email: reader.input.email, password: reader.password } },
        { method: 'POST', url: '/api/auth/forgot-password', payload: { email: stranger.input.email } },
        { method: 'POST', url: '/api/auth/send-login-code?method=email', payload: { email: stranger.input.email } },
        { method: 'POST', url: '/api/auth/register', payload: { email: stranger.input.email } },
        { method: 'DELETE', url: '/api/profile/picture' },
        { method: 'GET', url: '/api/public/interface-settings' },
        { method: 'GET', url: '/api/openapi.json' },
      ];
      for (const call of calls) {
        const response = await app.inject({
          method: call.method,
          url: call.url,
          headers: bearer(reader.token),
          ...(call.payload ? { payload: call.payload } : {}),
        });
        expect(response.body, call.url).not.toMatch(/\$argon2/);
        expect(response.body, call.url).not.toContain('password_hash');
        expect(response.body, call.url).not.toContain('token_hash');
        if (!call.url.includes('check-registration') && !call.url.includes('login-status')) {
          expect(response.body.toLowerCase(), call.url).not.toContain(String(stranger.input.email).toLowerCase());
        }
      }
    } finally {
      await app.close();
    }
  });
});
