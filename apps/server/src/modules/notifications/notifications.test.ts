import type { Notification, NotificationList } from '@mihna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createTestClock, createUser, outboxFor, type TestAccount } from '../../test/accounts.ts';
import { createTestApp } from '../../test/harness.ts';
import { call, fundEscrow, hire } from '../payments/test-payments.ts';
import { createEmployer, insertJob } from '../proposals/test-jobs.ts';

const PUBLIC_URL = 'https://mihna.example';
// Monday 2 November 2026, 10:00 in Dubai.
const clock = createTestClock(Date.parse('2026-11-02T06:00:00Z'));
let app: App;
let employer: TestAccount;
let professional: TestAccount;
let otherProfessional: TestAccount;

beforeAll(async () => {
  app = await createTestApp({ clock: clock.now, env: { PUBLIC_URL } });
  employer = await createEmployer(app);
  professional = await createUser(app, { first_name: 'Hessa', last_name: 'Al Falasi' });
  otherProfessional = await createUser(app, { first_name: 'Yousef', last_name: 'Al Hammadi' });
});
afterAll(() => app.close());

async function bell(account: TestAccount) {
  const response = await call(app, 'GET', '/api/notifications?limit=50', account.token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NotificationList>();
}

/** The account's newest notice of a kind about a job. */
async function noticeOf(account: TestAccount, kind: Notification['kind'], jobId?: string) {
  const found = (await bell(account)).notifications.find((item) => item.kind === kind && (!jobId || item.params.job_id === jobId));
  if (!found) throw new Error(`no ${kind} notice for ${account.user.email}`);
  return found;
}

const propose = (account: TestAccount, jobId: string) =>
  call(app, 'POST', '/api/proposals', account.token, {
    job_id: jobId,
    proposal_text: 'I have built three clinic booking systems.',
    proposed_rate: 150,
    estimated_hours: 40,
  });

describe('GET /api/notifications', () => {
  it('leads a proposal’s notice to that proposal and an interest’s to that interest, on the project page', async () => {
    const job = await insertJob(app, employer.user.id, { title: 'Clinic booking site' });
    const interested = await call(app, 'POST', `/api/jobs/${job.id}/express-interest`, otherProfessional.token, {
      message: 'I can start next week.',
    });
    expect(interested.statusCode, interested.body).toBe(201);
    const proposed = await propose(professional, job.id);
    expect(proposed.statusCode, proposed.body).toBe(201);

    const owned = (await call(app, 'GET', `/api/proposals/job/${job.id}`, employer.token)).json<{
      proposals: { id: string }[];
      interests: { id: string }[];
    }>();
    const proposalId = proposed.json<{ proposal: { id: string } }>().proposal.id;
    expect(owned.proposals.map((proposal) => proposal.id)).toEqual([proposalId]);
    expect((await noticeOf(employer, 'proposal_received', job.id)).link).toBe(`/projects/${job.id}#proposal-${proposalId}`);
    expect((await noticeOf(employer, 'interest_received', job.id)).link).toBe(`/projects/${job.id}#interest-${owned.interests[0]!.id}`);
  });

  it('leads hiring to the project, money to the payment page and a review to the reviews on it', async () => {
    const job = await hire(app, employer, professional, { title: 'Arabic landing page' });
    expect((await noticeOf(professional, 'proposal_accepted', job.id)).link).toBe(`/projects/${job.id}`);

    const { milestones } = await fundEscrow(app, employer, job.id, [2500]);
    const submitted = await call(app, 'POST', `/api/milestones/${milestones[0]!.id}/submit`, professional.token, {});
    expect(submitted.statusCode, submitted.body).toBe(200);
    const approved = await call(app, 'POST', `/api/milestones/${milestones[0]!.id}/approve`, employer.token, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const paymentPage = `/projects/${job.id}/payment`;
    for (const kind of ['payment_setup', 'escrow_funded', 'milestone_approved', 'job_completed'] as const)
      expect((await noticeOf(professional, kind, job.id)).link, kind).toBe(paymentPage);
    for (const kind of ['milestone_submitted', 'job_completed'] as const)
      expect((await noticeOf(employer, kind, job.id)).link, kind).toBe(paymentPage);

    const reviewed = await call(app, 'POST', `/api/jobs/${job.id}/reviews`, employer.token, {
      overall_rating: 5,
      work_quality: 5,
      communication: 5,
      timeliness: 5,
      comment: 'Careful and quick.',
    });
    expect(reviewed.statusCode, reviewed.body).toBe(201);
    expect((await noticeOf(professional, 'review_received', job.id)).link).toBe(`${paymentPage}#reviews`);
  });

  it('leads a conversation’s first message to the conversation', async () => {
    const opened = await call(app, 'POST', '/api/conversations', employer.token, { participant_id: otherProfessional.user.id });
    expect(opened.statusCode, opened.body).toBeLessThan(300);
    const conversationId = opened.json<{ id: string }>().id;
    const sent = await call(app, 'POST', `/api/conversations/${conversationId}/messages`, employer.token, {
      body: 'Are you free in December?',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await noticeOf(otherProfessional, 'new_conversation')).link).toBe(`/messages/${conversationId}`);
  });

  it('leads a reviewed timesheet to that week on the payment page', async () => {
    const job = await hire(app, employer, otherProfessional, { title: 'Booking site support', jobType: 'hourly' }, 150);
    clock.advance(3 * 3_600_000);
    const logged = await call(app, 'POST', '/api/time/manual', otherProfessional.token, {
      job_id: job.id,
      description: 'Booking form',
      start_time: '2026-11-02T07:00:00.000Z',
      end_time: '2026-11-02T08:30:00.000Z',
      reason: 'Worked on site without the laptop',
    });
    expect(logged.statusCode, logged.body).toBe(201);
    clock.advance(7 * 86_400_000);
    const approved = await call(app, 'POST', `/api/jobs/${job.id}/timesheets/2026-11-02/approve`, employer.token, { disputes: [] });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await noticeOf(otherProfessional, 'timesheet_reviewed', job.id)).link).toBe(`/projects/${job.id}/payment#timesheet-2026-11-02`);
  });

  it('quotes a title in English quotes and keeps it and each name in its own direction', async () => {
    const arabicEmployer = await createEmployer(app, { company_name: 'شركة النور' });
    const job = await insertJob(app, arabicEmployer.user.id, { title: 'موقع عيادة' });
    const proposed = await propose(professional, job.id);
    expect(proposed.statusCode, proposed.body).toBe(201);
    const notice = await noticeOf(arabicEmployer, 'proposal_received', job.id);
    expect(notice).toMatchObject({
      title: 'New proposal',
      message: '\u2068Hessa Al Falasi\u2069 sent a proposal for "\u2068موقع عيادة\u2069".',
    });
  });
});

describe('PUT /api/notifications/{id}/read', () => {
  it('marks that one notification read and leaves the others unread', async () => {
    const reader = await createEmployer(app, { company_name: 'Dune Studio' });
    const first = await insertJob(app, reader.user.id);
    const second = await insertJob(app, reader.user.id);
    for (const job of [first, second]) expect((await propose(professional, job.id)).statusCode).toBe(201);
    const before = await bell(reader);
    expect(before.unread_count).toBe(2);
    const opened = before.notifications.find((item) => item.params.job_id === first.id)!;

    const response = await call(app, 'PUT', `/api/notifications/${opened.id}/read`, reader.token);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const after = await bell(reader);
    expect(after.unread_count).toBe(1);
    expect(after.notifications.map((item) => [item.params.job_id, item.is_read])).toEqual(
      expect.arrayContaining([
        [first.id, true],
        [second.id, false],
      ]),
    );
  });

  it('answers 404 for someone else’s notification and changes nothing', async () => {
    const owner = await createEmployer(app, { company_name: 'Palm Works' });
    const job = await insertJob(app, owner.user.id);
    expect((await propose(professional, job.id)).statusCode).toBe(201);
    const [notice] = (await bell(owner)).notifications;

    const response = await call(app, 'PUT', `/api/notifications/${notice!.id}/read`, professional.token);

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Notification not found', code: 'not_found' });
    expect((await bell(owner)).unread_count).toBe(1);
  });

  it('answers 422 for an id that is not one, and 401 without a session', async () => {
    const notUuid = await call(app, 'PUT', '/api/notifications/not-an-id/read', employer.token);
    expect(notUuid.statusCode).toBe(422);
    expect(notUuid.json<{ code: string }>().code).toBe('validation_failed');
    const anonymous = await app.inject({ method: 'PUT', url: '/api/notifications/00000000-0000-4000-8000-000000000000/read' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('notice e-mails', () => {
  it('hold the notice in English and Arabic, each with the absolute link to its subject', async () => {
    const job = await insertJob(app, employer.user.id, { title: 'Clinic booking site' });
    const invited = await call(app, 'POST', `/api/jobs/${job.id}/invitations`, employer.token, {
      professional_id: otherProfessional.user.id,
      message: 'Your portfolio fits this project.',
    });
    expect(invited.statusCode, invited.body).toBe(201);

    const [email] = (await outboxFor(app, otherProfessional.user.email)).filter((item) => item.subject === 'Invitation to a project');
    const link = `${PUBLIC_URL}/projects/${job.id}`;
    expect(email?.text).toBe(
      [
        '\u2068Falcon Tech\u2069 invited you to "\u2068Clinic booking site\u2069".',
        'Message: \u2068Your portfolio fits this project.\u2069',
        '',
        link,
        '',
        'دعاك \u2068Falcon Tech\u2069 إلى مشروع «\u2068Clinic booking site\u2069».',
        'الرسالة: \u2068Your portfolio fits this project.\u2069',
        '',
        link,
        '',
      ].join('\n'),
    );
    expect((await noticeOf(otherProfessional, 'job_invitation', job.id)).link).toBe(`/projects/${job.id}`);
  });

  it('write amounts in each language, the link leading to the payment page', async () => {
    const job = await hire(app, employer, professional, { title: 'Menu design' });
    await fundEscrow(app, employer, job.id, [1250]);
    const [email] = (await outboxFor(app, professional.user.email)).filter((item) => item.subject === 'Escrow funded');
    expect(email?.text).toContain('funded escrow for "\u2068Menu design\u2069": \u2068AED 1,250.00\u2069 is held for you.');
    expect(email?.text).toContain('الضمان لمشروع «\u2068Menu design\u2069»: المبلغ \u20681,250.00 د.إ\u2069 محجوز لك.');
    expect(email?.text.match(new RegExp(`^${PUBLIC_URL}/projects/${job.id}/payment$`, 'gm'))).toHaveLength(2);
  });
});
