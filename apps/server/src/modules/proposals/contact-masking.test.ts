import type { JobDetail, JobProposalsResponse, MyProposalsResponse, ReceivedProposalsResponse } from '@mihna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { bearer, createUser, outboxFor, type TestAccount } from '../../test/accounts.ts';
import { createTestApp } from '../../test/harness.ts';
import { MASK } from '../moderation/contact-details.ts';
import { fundEscrow } from '../payments/test-payments.ts';
import { createEmployer, insertJob, notificationRows, notificationsSince } from './test-jobs.ts';

let app: App;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const get = <T>(url: string, account: TestAccount) =>
  app.inject({ method: 'GET', url, headers: bearer(account.token) }).then((response) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  });
const post = async (url: string, account: TestAccount, payload: Record<string, unknown>) => {
  const response = await app.inject({ method: 'POST', url, headers: bearer(account.token), payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Record<string, unknown>>();
};
const propose = (jobId: string, account: TestAccount, proposalText: string) =>
  post('/api/proposals', account, { job_id: jobId, proposal_text: proposalText, proposed_rate: 4000, estimated_hours: 20 });

const withDetails = 'I built two clinic sites in Dubai. Call me on 050 123 4567 or write to hessa.dev@gmail.com to talk.';
const masked = `I built two clinic sites in Dubai. Call me on ${MASK} or write to ${MASK} to talk.`;

describe('GET /api/proposals/job/{jobId}', () => {
  it('shows the employer the proposal with its contact details masked until a contract between them is funded', async () => {
    const employer = await createEmployer(app);
    const professional = await createUser(app);
    const job = await insertJob(app, employer.user.id);
    const sent = await propose(job.id, professional, withDetails);
    expect(sent.proposal).toMatchObject({ proposal_text: withDetails, is_masked: false });

    const before = await get<JobProposalsResponse>(`/api/proposals/job/${job.id}`, employer);
    expect(before.proposals).toEqual([expect.objectContaining({ proposal_text: masked, is_masked: true })]);
    const received = await get<ReceivedProposalsResponse>('/api/proposals/received', employer);
    expect(received.proposals).toEqual([expect.objectContaining({ proposal_text: masked, is_masked: true })]);

    // Hired is not funded: accepting shows the same masked text.
    const accepted = await app.inject({
      method: 'PUT',
      url: `/api/proposals/${before.proposals[0]!.id}/accept`,
      headers: bearer(employer.token),
    });
    expect(accepted.json()).toMatchObject({ proposal: { proposal_text: masked, is_masked: true } });

    await fundEscrow(app, employer, job.id, [4000]);
    const after = await get<JobProposalsResponse>(`/api/proposals/job/${job.id}`, employer);
    expect(after.proposals).toEqual([expect.objectContaining({ proposal_text: withDetails, is_masked: false })]);
  });

  it('masks the proposals of other professionals, and of the same professional to another employer', async () => {
    const employer = await createEmployer(app);
    const otherEmployer = await createEmployer(app, { company_name: 'Dune Labs' });
    const funded = await createUser(app, { first_name: 'Noura', last_name: 'Khalid' });
    const stranger = await createUser(app, { first_name: 'Yousef', last_name: 'Al Hammadi' });
    const hiredOn = await insertJob(app, employer.user.id);
    await propose(hiredOn.id, funded, 'I can start on Sunday.');
    const [proposal] = (await get<JobProposalsResponse>(`/api/proposals/job/${hiredOn.id}`, employer)).proposals;
    await app.inject({ method: 'PUT', url: `/api/proposals/${proposal!.id}/accept`, headers: bearer(employer.token) });
    await fundEscrow(app, employer, hiredOn.id, [4000]);

    const next = await insertJob(app, employer.user.id);
    await propose(next.id, funded, withDetails);
    await propose(next.id, stranger, withDetails);
    const elsewhere = await insertJob(app, otherEmployer.user.id);
    await propose(elsewhere.id, funded, withDetails);

    const mine = await get<JobProposalsResponse>(`/api/proposals/job/${next.id}`, employer);
    const byWorker = Object.fromEntries(mine.proposals.map((item) => [item.worker.id, item]));
    expect(byWorker[funded.user.id]).toMatchObject({ proposal_text: withDetails, is_masked: false });
    expect(byWorker[stranger.user.id]).toMatchObject({ proposal_text: masked, is_masked: true });
    const theirs = await get<JobProposalsResponse>(`/api/proposals/job/${elsewhere.id}`, otherEmployer);
    expect(theirs.proposals).toEqual([expect.objectContaining({ proposal_text: masked, is_masked: true })]);
  });

  it('passes a proposal without contact details as it was written', async () => {
    const employer = await createEmployer(app);
    const professional = await createUser(app);
    const job = await insertJob(app, employer.user.id);
    const text = 'Two milestones: designs by 15/04/2026, the site by 30/04/2026; AED 12,500 in all.';
    await propose(job.id, professional, text);
    const list = await get<JobProposalsResponse>(`/api/proposals/job/${job.id}`, employer);
    expect(list.proposals).toEqual([expect.objectContaining({ proposal_text: text, is_masked: false })]);
  });
});

describe('GET /api/proposals/my', () => {
  it('shows the professional their own proposal as they wrote it', async () => {
    const employer = await createEmployer(app);
    const professional = await createUser(app);
    const job = await insertJob(app, employer.user.id);
    await propose(job.id, professional, withDetails);
    const own = await get<MyProposalsResponse>('/api/proposals/my', professional);
    expect(own.proposals).toEqual([expect.objectContaining({ proposal_text: withDetails })]);
    const page = await get<JobDetail>(`/api/jobs/${job.id}`, professional);
    expect(page.viewer.proposal?.proposal_text).toBe(withDetails);
  });
});

describe('POST /api/jobs/{id}/express-interest', () => {
  it('masks the message to the employer, in the list and the notification, and never to its author', async () => {
    const employer = await createEmployer(app);
    const professional = await createUser(app);
    const job = await insertJob(app, employer.user.id);
    const before = await notificationRows(app);
    await post(`/api/jobs/${job.id}/express-interest`, professional, {
      message: 'تواصل معي واتساب ٠٥٠١٢٣٤٥٦٧ لنتفق',
      estimated_duration: 'call 0501234567',
    });

    const [notice] = await notificationsSince(app, before);
    expect(notice?.params).toMatchObject({ note: `تواصل معي واتساب ${MASK} لنتفق`, estimated_duration: `call ${MASK}` });
    const list = await get<JobProposalsResponse>(`/api/proposals/job/${job.id}`, employer);
    expect(list.interests).toEqual([
      expect.objectContaining({ message: `تواصل معي واتساب ${MASK} لنتفق`, estimated_duration: `call ${MASK}`, is_masked: true }),
    ]);
    const page = await get<JobDetail>(`/api/jobs/${job.id}`, professional);
    expect(page.viewer.interest).toMatchObject({
      message: 'تواصل معي واتساب ٠٥٠١٢٣٤٥٦٧ لنتفق',
      estimated_duration: 'call 0501234567',
      is_masked: false,
    });
  });
});

describe('POST /api/jobs/{id}/invitations', () => {
  const invite = async (employer: TestAccount, professional: TestAccount, message: string) => {
    const job = await insertJob(app, employer.user.id);
    const before = await notificationRows(app);
    await post(`/api/jobs/${job.id}/invitations`, employer, { professional_id: professional.user.id, message });
    const [notice] = await notificationsSince(app, before);
    return { job, notice };
  };

  it('masks the note to the professional on the project, in the notification and in the e-mail until funded, then shows it', async () => {
    const employer = await createEmployer(app);
    const professional = await createUser(app);
    const note = 'Your portfolio fits. Reach me at omar@falcontech.ae or on Telegram: @omar_falcon';
    const { job, notice } = await invite(employer, professional, note);
    const hidden = `Your portfolio fits. Reach me at ${MASK} or on ${MASK}`;
    expect(notice?.params.note).toBe(hidden);
    const [email] = (await outboxFor(app, professional.user.email)).filter((item) => item.subject === 'Invitation to a project');
    expect(email?.text).toContain(hidden);
    expect(email?.text).not.toContain('omar@falcontech.ae');
    expect(email?.text).not.toContain('@omar_falcon');
    const page = await get<JobDetail>(`/api/jobs/${job.id}`, professional);
    expect(page.viewer.invitation).toMatchObject({ message: hidden, is_masked: true });

    const hiredOn = await insertJob(app, employer.user.id);
    await propose(hiredOn.id, professional, 'I can start on Sunday.');
    const [proposal] = (await get<JobProposalsResponse>(`/api/proposals/job/${hiredOn.id}`, employer)).proposals;
    await app.inject({ method: 'PUT', url: `/api/proposals/${proposal!.id}/accept`, headers: bearer(employer.token) });
    await fundEscrow(app, employer, hiredOn.id, [4000]);

    const funded = await get<JobDetail>(`/api/jobs/${job.id}`, professional);
    expect(funded.viewer.invitation).toMatchObject({ message: note, is_masked: false });
    const next = await invite(employer, professional, note);
    expect(next.notice?.params.note).toBe(note);
  });
});
