import { proposalMessages } from '@mihna/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, type TestAccount } from '../../test/accounts.ts';
import { createTestApp, selectRows } from '../../test/harness.ts';
import { createEmployer, insertJob, notificationRows, notificationsSince } from './test-jobs.ts';
import type { App } from '../../app.ts';

let app: App;
let owner: TestAccount;
let otherEmployer: TestAccount;
let professional: TestAccount;

beforeAll(async () => {
  app = await createTestApp();
  owner = await createEmployer(app);
  otherEmployer = await createEmployer(app, { company_name: 'Dune Labs' });
  professional = await createUser(app, { first_name: 'Hessa', last_name: 'Al Falasi' });
});
afterAll(() => app.close());

const expressInterest = (jobId: string, payload: Record<string, unknown>, token?: string) =>
  app.inject({ method: 'POST', url: `/api/jobs/${jobId}/express-interest`, headers: token ? bearer(token) : {}, payload });

const interest = {
  message: 'I have built three clinic booking systems and can start next week.',
  proposed_rate: '150.5',
  availability_start: '2026-03-01',
  estimated_duration: '4-6 weeks',
};

const interestRows = (jobId: string) =>
  selectRows<{
    worker_id: string;
    message: string | null;
    proposed_amount_minor: string | null;
    currency: string | null;
    availability_start: string | Date | null;
    estimated_duration: string | null;
  }>(
    app.services.database,
    sql`select worker_id, message, proposed_amount_minor::text as proposed_amount_minor, currency, availability_start::text as availability_start, estimated_duration from job_interests where job_id = ${jobId}`,
  );

describe('POST /api/jobs/{id}/express-interest', () => {
  it('records the interest and notifies the owner only', async () => {
    const job = await insertJob(app, owner.user.id);
    const before = await notificationRows(app);

    const response = await expressInterest(job.id, interest, professional.token);

    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      success: true,
      message: 'Interest expressed successfully! The employer will be notified.',
      moderation_messages: [],
    });
    const [stored] = await selectRows<{ id: string }>(app.services.database, sql`select id from job_interests where job_id = ${job.id}`);
    const interestId = stored!.id;
    expect(await interestRows(job.id)).toEqual([
      {
        worker_id: professional.user.id,
        message: interest.message,
        proposed_amount_minor: '15050',
        currency: 'AED',
        availability_start: '2026-03-01',
        estimated_duration: '4-6 weeks',
      },
    ]);
    expect(await notificationsSince(app, before)).toEqual([
      {
        user_id: owner.user.id,
        kind: 'interest_received',
        link: `/projects/${job.id}#interest-${interestId}`,
        params: {
          worker_name: 'Hessa Al Falasi',
          job_title: job.title,
          job_id: job.id,
          note: interest.message,
          proposed_rate: '150.5',
          currency: 'AED',
          job_type: 'fixed',
          availability_start: '2026-03-01',
          estimated_duration: '4-6 weeks',
        },
      },
    ]);
    // The owner reads what was sent on the project's proposals view too.
    const view = (await app.inject({ method: 'GET', url: `/api/proposals/job/${job.id}`, headers: bearer(owner.token) })).json();
    expect(view.interests).toEqual([
      expect.objectContaining({
        message: interest.message,
        proposed_rate: 150.5,
        availability_start: '2026-03-01',
        estimated_duration: '4-6 weeks',
        worker: expect.objectContaining({ id: professional.user.id, first_name: 'Hessa' }),
      }),
    ]);
    // And the professional sees what they sent on the project page.
    const page = (await app.inject({ method: 'GET', url: `/api/jobs/${job.id}`, headers: bearer(professional.token) })).json();
    expect(page.viewer.interest).toMatchObject({ message: interest.message, proposed_rate: 150.5, estimated_duration: '4-6 weeks' });
    const bell = (await app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(owner.token) })).json();
    expect(bell.notifications[0]).toMatchObject({
      kind: 'interest_received',
      title: 'New interest',
      message: `\u2068Hessa Al Falasi\u2069 is interested in "\u2068${job.title}\u2069".`,
      link: `/projects/${job.id}#interest-${interestId}`,
      is_read: false,
    });
    const otherBell = (await app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(otherEmployer.token) })).json();
    expect(otherBell).toEqual({ notifications: [], unread_count: 0 });
  });

  it('accepts an interest with every field left empty', async () => {
    const job = await insertJob(app, owner.user.id);
    const response = await expressInterest(job.id, { message: '', proposed_rate: '', availability_start: '' }, professional.token);
    expect(response.statusCode).toBe(201);
    expect(await interestRows(job.id)).toEqual([
      {
        worker_id: professional.user.id,
        message: null,
        proposed_amount_minor: null,
        currency: 'AED',
        availability_start: null,
        estimated_duration: null,
      },
    ]);
  });

  it('answers 409 to a second interest in the same job, also when both arrive at once', async () => {
    const job = await insertJob(app, owner.user.id);
    const responses = await Promise.all([
      expressInterest(job.id, interest, professional.token),
      expressInterest(job.id, interest, professional.token),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const before = await notificationRows(app);

    const again = await expressInterest(job.id, {}, professional.token);

    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: proposalMessages.duplicateInterest, code: 'conflict' });
    expect(await interestRows(job.id)).toHaveLength(1);
    expect(await notificationRows(app)).toEqual(before);
  });

  it('answers 401 signed out, 403 to employers, 404 for an unknown job and 409 for a job that is not open', async () => {
    const job = await insertJob(app, owner.user.id);
    const completed = await insertJob(app, owner.user.id, { status: 'completed' });
    const before = await notificationRows(app);

    expect((await expressInterest(job.id, interest)).statusCode).toBe(401);
    for (const employer of [owner, otherEmployer]) {
      const refused = await expressInterest(job.id, interest, employer.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: proposalMessages.onlyProfessionalsInterest, code: 'forbidden' });
    }
    for (const unknownId of ['5b0e8a4e-3f0c-4d55-9a43-2f6b1c0d9e11', 'job-1']) {
      const unknown = await expressInterest(unknownId, interest, professional.token);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ detail: 'Job not found', code: 'not_found' });
    }
    const closed = await expressInterest(completed.id, interest, professional.token);
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toEqual({ detail: 'This project is no longer open', code: 'conflict' });

    expect(await interestRows(job.id)).toHaveLength(0);
    expect(await interestRows(completed.id)).toHaveLength(0);
    expect(await notificationRows(app)).toEqual(before);
  });

  it.each([
    ['a rate of abc', { proposed_rate: 'abc' }, 'proposed_rate', 'Must be a valid number'],
    ['a negative rate', { proposed_rate: -5 }, 'proposed_rate', 'Must be at least 0'],
    ['a rate the column cannot hold', { proposed_rate: 1e15 }, 'proposed_rate', 'Must be no more than 100000'],
    ['a rate finer than a fils', { proposed_rate: 10.005 }, 'proposed_rate', 'Must have no more than 2 decimal places'],
    ['a day that does not exist', { availability_start: '2026-02-30' }, 'availability_start', 'Invalid format'],
    ['a date in another format', { availability_start: '01/03/2026' }, 'availability_start', 'Invalid format'],
    ['a message over 2000 characters', { message: 'a'.repeat(2001) }, 'message', 'Must be no more than 2000 characters'],
  ])('answers 422 to %s', async (_case, changes, field, message) => {
    const job = await insertJob(app, owner.user.id);
    const response = await expressInterest(job.id, { ...interest, ...changes }, professional.token);
    expect(response.statusCode).toBe(422);
    // The shared date rule reports a malformed date twice, in the same words.
    const issues = response.json<{ detail: { loc: string[]; msg: string }[] }>().detail.map((issue) => [issue.loc, issue.msg]);
    expect(new Set(issues.map((issue) => JSON.stringify(issue)))).toEqual(new Set([JSON.stringify([['body', field], message])]));
    expect(await interestRows(job.id)).toHaveLength(0);
  });

  it('stores a rude message cleaned and refuses a seriously offensive one', async () => {
    const job = await insertJob(app, owner.user.id);
    const refused = await expressInterest(job.id, { message: 'I will kill you' }, professional.token);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail[0].loc).toEqual(['body', 'message']);
    expect(await interestRows(job.id)).toHaveLength(0);

    const cleaned = await expressInterest(job.id, { message: 'I do damn good work.' }, professional.token);
    expect(cleaned.statusCode).toBe(201);
    expect(cleaned.json().moderation_messages).toHaveLength(1);
    const [row] = await interestRows(job.id);
    expect(row?.message).toMatch(/^I do \S+ good work\.$/);
    expect(row?.message).not.toContain('damn');
  });
});
