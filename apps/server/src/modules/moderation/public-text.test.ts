import { moderationMessages, type CurrentUser, type JobDetail } from '@mihna/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { bearer, createUser, outboxFor, professionalRegistration, type TestAccount } from '../../test/accounts.ts';
import { createTestApp, selectRows } from '../../test/harness.ts';
import { jobInput, postJob } from '../jobs/test-jobs.ts';
import { createEmployer } from '../proposals/test-jobs.ts';

let app: App;
let employer: TestAccount;
let professional: TestAccount;

beforeAll(async () => {
  app = await createTestApp();
  employer = await createEmployer(app);
  professional = await createUser(app);
});
afterAll(() => app.close());

/** The refusal of public text with contact details: a 422 naming each field, in the catalogue's words. */
const refusedFor = (...fields: string[]) => ({
  code: 'validation_failed',
  detail: fields.map((field) => ({ loc: ['body', field], msg: moderationMessages.contactDetails, type: 'contact_details' })),
});

const register = (changes: Record<string, unknown>) => {
  const payload = professionalRegistration(changes);
  return { payload, sent: app.inject({ method: 'POST', url: '/api/auth/register', payload }) };
};
const pendingRegistrations = async (email: string) => {
  const rows = await selectRows<{ total: number }>(
    app.services.database,
    sql`select count(*)::int as total from pending_registrations where lower(email) = lower(${email})`,
  );
  return rows[0]?.total;
};

describe('POST /api/auth/register', () => {
  it('answers 422 on the bio when it holds a phone number, and keeps nothing', async () => {
    const { payload, sent } = register({ bio: 'Full-stack engineer in Dubai. Call me on 050 123 4567 to talk.' });
    const response = await sent;
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(refusedFor('bio'));
    expect(await pendingRegistrations(String(payload.email))).toBe(0);
    expect(await outboxFor(app, String(payload.email))).toEqual([]);
  });

  it('answers 422 on the company description and name of an employer, in Arabic as in English', async () => {
    const { payload, sent } = register({
      role: 'employer',
      company_name: 'Falcon Tech wa.me/971501234567',
      company_description: 'شركة تقنية في دبي، راسلونا على الايميل falcon.hr@gmail.com',
      bio: undefined,
    });
    const response = await sent;
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(refusedFor('company_name', 'company_description'));
    expect(await pendingRegistrations(String(payload.email))).toBe(0);
  });

  it('answers 422 on career highlights that give a messenger handle', async () => {
    const response = await register({ career_highlights: 'Led the Expo 2020 visitor app, Telegram: @hessa_dev' }).sent;
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(refusedFor('career_highlights'));
  });

  it('accepts a bio with dates, hours and prices, which are not contact details', async () => {
    const response = await register({
      bio: 'Engineer since 2014, available Sunday to Thursday 9:00-18:00 from 01/03/2026; fixed projects from AED 12,500.',
    }).sent;
    expect(response.statusCode).toBe(200);
  });
});

describe('PUT /api/users/{id}', () => {
  const update = (account: TestAccount, payload: Record<string, unknown>) =>
    app.inject({ method: 'PUT', url: `/api/users/${account.user.id}`, headers: bearer(account.token), payload });
  const me = async (account: TestAccount) =>
    (await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(account.token) })).json<CurrentUser>();

  it('answers 422 on the bio when it holds an e-mail address spelled out, and changes nothing', async () => {
    const before = await me(professional);
    const response = await update(professional, {
      first_name: 'Hessa',
      last_name: 'Al Falasi',
      hourly_rate: '250',
      bio: 'Write to hessa dot dev at outlook dot com for a quote.',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(refusedFor('bio'));
    expect(await me(professional)).toEqual(before);
  });

  it('answers 422 on the company description of an employer with an Arabic-Indic phone number', async () => {
    const response = await update(employer, {
      first_name: 'Omar',
      last_name: 'Al Mansoori',
      company_description: 'نطور تطبيقات للشركات في الإمارات. للتواصل: ٠٥٠٩٨٧٦٥٤٣',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(refusedFor('company_description'));
    expect((await me(employer)).company_description).toBeNull();
  });

  it('saves a bio without contact details', async () => {
    const response = await update(professional, {
      first_name: 'Hessa',
      last_name: 'Al Falasi',
      bio: 'Full-stack engineer in Dubai; 12 years, 40+ projects, replies within 24 hours.',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<CurrentUser>().bio).toBe('Full-stack engineer in Dubai; 12 years, 40+ projects, replies within 24 hours.');
  });
});

describe('POST /api/jobs', () => {
  const jobCount = async () =>
    (await selectRows<{ total: number }>(app.services.database, sql`select count(*)::int as total from jobs`))[0]?.total;

  it('answers 422 on the title and the description that hold contact details, and posts nothing', async () => {
    const before = await jobCount();
    const response = await app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: bearer(employer.token),
      payload: jobInput({
        title: 'Website for a bakery, WhatsApp 0551234567',
        description: 'Send your portfolio to bakery.jobs@hotmail.com before Sunday.',
      }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(refusedFor('title', 'description'));
    expect(await jobCount()).toBe(before);
  });
});

describe('PUT /api/jobs/{id}', () => {
  it('answers 422 on a description edited to give a bank account, and keeps the project as it was', async () => {
    const { id } = await postJob(app, employer.token);
    const response = await app.inject({
      method: 'PUT',
      url: `/api/jobs/${id}`,
      headers: bearer(employer.token),
      payload: jobInput({ description: 'Half paid upfront to AE07 0331 2345 6789 0123 456, the rest on delivery.' }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(refusedFor('description'));
    const job = (await app.inject({ method: 'GET', url: `/api/jobs/${id}`, headers: bearer(employer.token) })).json<JobDetail>();
    expect(job.description).toBe(jobInput().description);
  });

  it('saves an edit with an order number and a deadline, which are not contact details', async () => {
    const { id } = await postJob(app, employer.token);
    const description = 'Follow-up to order 4500012877: the menu pages, due 15/04/2026, budget AED 7,500.';
    const response = await app.inject({
      method: 'PUT',
      url: `/api/jobs/${id}`,
      headers: bearer(employer.token),
      payload: jobInput({ description }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ job: JobDetail }>().job.description).toBe(description);
  });
});
