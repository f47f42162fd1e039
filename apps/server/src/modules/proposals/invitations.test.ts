import { proposalMessages } from '@mihna/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, outboxFor, type TestAccount } from '../../test/accounts.ts';
import { createTestApp, selectRows } from '../../test/harness.ts';
import { createEmployer, insertJob, notificationRows, notificationsSince } from './test-jobs.ts';
import type { App } from '../../app.ts';

let app: App;
let owner: TestAccount;
let otherEmployer: TestAccount;
let professional: TestAccount;
let otherProfessional: TestAccount;

beforeAll(async () => {
  app = await createTestApp();
  owner = await createEmployer(app);
  otherEmployer = await createEmployer(app, { company_name: 'Dune Labs' });
  professional = await createUser(app, { first_name: 'Hessa', last_name: 'Al Falasi' });
  otherProfessional = await createUser(app, { first_name: 'Yousef', last_name: 'Al Hammadi' });
});
afterAll(() => app.close());

const invite = (jobId: string, payload: Record<string, unknown>, token?: string) =>
  app.inject({ method: 'POST', url: `/api/jobs/${jobId}/invitations`, headers: token ? bearer(token) : {}, payload });

const invitationRows = (jobId: string) =>
  selectRows<{ professional_id: string; message: string | null }>(
    app.services.database,
    sql`select professional_id, message from job_invitations where job_id = ${jobId}`,
  );
const invitationEmails = async (to: string) => (await outboxFor(app, to)).filter((email) => email.subject === 'Invitation to a project');

describe('POST /api/jobs/{id}/invitations', () => {
  it('records the invitation, notifies the professional and e-mails them the project link', async () => {
    const job = await insertJob(app, owner.user.id);
    const before = await notificationRows(app);
    const emailsBefore = await invitationEmails(professional.user.email);

    const response = await invite(
      job.id,
      { professional_id: professional.user.id, message: 'Your portfolio fits this project.' },
      owner.token,
    );

    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ success: true, message: 'Invitation sent', moderation_messages: [] });
    expect(await invitationRows(job.id)).toEqual([{ professional_id: professional.user.id, message: 'Your portfolio fits this project.' }]);
    expect(await notificationsSince(app, before)).toEqual([
      {
        user_id: professional.user.id,
        kind: 'job_invitation',
        link: `/projects/${job.id}`,
        params: { employer_name: 'Falcon Tech', job_title: job.title, job_id: job.id, note: 'Your portfolio fits this project.' },
      },
    ]);
    const bell = (await app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(professional.token) })).json();
    expect(bell.notifications[0]).toMatchObject({
      kind: 'job_invitation',
      title: 'Invitation to a project',
      message: `\u2068Falcon Tech\u2069 invited you to "\u2068${job.title}\u2069".`,
      link: `/projects/${job.id}`,
      is_read: false,
    });
    const emails = await invitationEmails(professional.user.email);
    expect(emails).toHaveLength(emailsBefore.length + 1);
    expect(emails[0]?.text).toContain(`\u2068Falcon Tech\u2069 invited you to "\u2068${job.title}\u2069".`);
    expect(emails[0]?.text).toContain('Message: \u2068Your portfolio fits this project.\u2069');
    const page = (await app.inject({ method: 'GET', url: `/api/jobs/${job.id}`, headers: bearer(professional.token) })).json();
    expect(page.viewer.invitation).toMatchObject({ message: 'Your portfolio fits this project.' });
    expect(emails[0]?.text).toMatch(new RegExp(`https?://\\S+/projects/${job.id}\\b`));
    expect(await invitationEmails(otherProfessional.user.email)).toEqual([]);
  });

  it('answers 409 to a second invitation of the same professional, also when both arrive at once', async () => {
    const job = await insertJob(app, owner.user.id);
    const payload = { professional_id: otherProfessional.user.id };
    const responses = await Promise.all([invite(job.id, payload, owner.token), invite(job.id, payload, owner.token)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const before = await notificationRows(app);
    const emailsBefore = await invitationEmails(otherProfessional.user.email);

    const again = await invite(job.id, payload, owner.token);

    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: proposalMessages.duplicateInvitation, code: 'conflict' });
    expect(await invitationRows(job.id)).toHaveLength(1);
    expect(await notificationRows(app)).toEqual(before);
    expect(await invitationEmails(otherProfessional.user.email)).toEqual(emailsBefore);
  });

  it('answers 401 signed out and 403 to professionals', async () => {
    const job = await insertJob(app, owner.user.id);
    expect((await invite(job.id, { professional_id: professional.user.id })).statusCode).toBe(401);
    const refused = await invite(job.id, { professional_id: otherProfessional.user.id }, professional.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: proposalMessages.onlyEmployersInvite, code: 'forbidden' });
    expect(await invitationRows(job.id)).toEqual([]);
  });

  it('answers 403 for another employer’s project and for an own project that is not open', async () => {
    const othersJob = await insertJob(app, otherEmployer.user.id);
    const assignedJob = await insertJob(app, owner.user.id, { status: 'assigned' });
    const before = await notificationRows(app);

    for (const jobId of [othersJob.id, assignedJob.id]) {
      const refused = await invite(jobId, { professional_id: professional.user.id }, owner.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: proposalMessages.inviteOwnOpenJob, code: 'forbidden' });
      expect(await invitationRows(jobId)).toEqual([]);
    }
    expect(await notificationRows(app)).toEqual(before);
  });

  it('answers 404 for a project that does not exist', async () => {
    for (const jobId of ['5b0e8a4e-3f0c-4d55-9a43-2f6b1c0d9e11', 'job-1']) {
      const response = await invite(jobId, { professional_id: professional.user.id }, owner.token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Job not found', code: 'not_found' });
    }
  });

  it('answers 404 unless the invitee is an active professional', async () => {
    const job = await insertJob(app, owner.user.id);
    const suspended = await createUser(app, { first_name: 'Khalid', last_name: 'Al Nuaimi' });
    await app.services.database.db.execute(sql`update users set account_status = 'suspended' where id = ${suspended.user.id}`);
    const before = await notificationRows(app);

    for (const professionalId of ['5b0e8a4e-3f0c-4d55-9a43-2f6b1c0d9e11', otherEmployer.user.id, owner.user.id, suspended.user.id]) {
      const refused = await invite(job.id, { professional_id: professionalId }, owner.token);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ detail: 'Expert Not Found', code: 'not_found' });
    }
    expect(await invitationRows(job.id)).toEqual([]);
    expect(await notificationRows(app)).toEqual(before);
    expect(await invitationEmails(suspended.user.email)).toEqual([]);
  });

  it.each([
    ['a missing professional', { professional_id: undefined }, 'professional_id', 'This field is required'],
    ['a professional id that is not an id', { professional_id: 'hessa' }, 'professional_id', 'Invalid format'],
    ['a message over 1000 characters', { message: 'a'.repeat(1001) }, 'message', 'Must be no more than 1000 characters'],
  ])('answers 422 to %s', async (_case, changes, field, message) => {
    const job = await insertJob(app, owner.user.id);
    const response = await invite(job.id, { professional_id: professional.user.id, ...changes }, owner.token);
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toEqual([expect.objectContaining({ loc: ['body', field], msg: message })]);
    expect(await invitationRows(job.id)).toEqual([]);
  });

  it('stores a rude message cleaned and refuses a seriously offensive one', async () => {
    const job = await insertJob(app, owner.user.id);
    const refused = await invite(job.id, { professional_id: professional.user.id, message: 'I will kill you' }, owner.token);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail[0].loc).toEqual(['body', 'message']);
    expect(await invitationRows(job.id)).toEqual([]);

    const cleaned = await invite(job.id, { professional_id: professional.user.id, message: 'Your damn good portfolio fits.' }, owner.token);
    expect(cleaned.statusCode).toBe(201);
    expect(cleaned.json().moderation_messages).toHaveLength(1);
    expect((await invitationRows(job.id))[0]?.message).not.toContain('damn');
  });
});
