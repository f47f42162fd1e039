import { proposalMessages, type JobDetail, type MyProposalsResponse } from '@mihna/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, type TestAccount } from '../../test/accounts.ts';
import { createTestApp, selectRows } from '../../test/harness.ts';
import { createEmployer, insertJob, notificationRows, notificationsSince } from './test-jobs.ts';
import type { App } from '../../app.ts';

let app: App;
let owner: TestAccount;
let hessa: TestAccount;
let yousef: TestAccount;

beforeAll(async () => {
  app = await createTestApp();
  owner = await createEmployer(app);
  hessa = await createUser(app, { first_name: 'Hessa', last_name: 'Al Falasi' });
  yousef = await createUser(app, { first_name: 'Yousef', last_name: 'Al Hammadi' });
});
afterAll(() => app.close());

const as = (account: TestAccount | undefined) => (account ? bearer(account.token) : {});
const propose = (jobId: string, account: TestAccount, rate = 85.5) =>
  app.inject({
    method: 'POST',
    url: '/api/proposals',
    headers: as(account),
    payload: { job_id: jobId, proposal_text: 'I can start on Sunday.', proposed_rate: rate, estimated_hours: 40 },
  });
const withdraw = (proposalId: string, account?: TestAccount) =>
  app.inject({ method: 'PUT', url: `/api/proposals/${proposalId}/withdraw`, headers: as(account) });
const myProposals = async (account: TestAccount, query = '') =>
  (await app.inject({ method: 'GET', url: `/api/proposals/my${query}`, headers: as(account) })).json<MyProposalsResponse>();
const proposalCount = async (jobId: string) => {
  const [row] = await selectRows<{ proposal_count: number }>(
    app.services.database,
    sql`select proposal_count from jobs where id = ${jobId}`,
  );
  return row?.proposal_count;
};
const jobPage = async (jobId: string, account: TestAccount) =>
  (await app.inject({ method: 'GET', url: `/api/jobs/${jobId}`, headers: as(account) })).json<JobDetail>();

describe('GET /api/proposals/my', () => {
  it('lists the professional’s own proposals newest first, each with its status and project, and nobody else’s', async () => {
    const older = await insertJob(app, owner.user.id, { title: 'Older clinic site' });
    const newer = await insertJob(app, owner.user.id, { title: 'Newer bakery site' });
    await propose(older.id, hessa);
    await propose(newer.id, hessa);
    await propose(newer.id, yousef);

    const mine = await myProposals(hessa);
    const titles = mine.proposals.map((proposal) => proposal.job.title);
    expect(titles.indexOf('Newer bakery site')).toBeLessThan(titles.indexOf('Older clinic site'));
    expect(mine.proposals.every((proposal) => proposal.status === 'pending')).toBe(true);
    expect(mine.proposals[0]).toMatchObject({ job: { id: newer.id, status: 'open', employer_name: 'Falcon Tech' }, proposed_rate: 85.5 });
    expect((await myProposals(yousef)).proposals.map((proposal) => proposal.job.id)).toEqual([newer.id]);

    const firstPage = await myProposals(hessa, '?limit=1');
    expect(firstPage).toMatchObject({ total: mine.total, has_next: true });
    expect(firstPage.proposals).toHaveLength(1);
  });

  it('answers 401 signed out', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/proposals/my' })).statusCode).toBe(401);
  });
});

describe('PUT /api/proposals/{id}/withdraw', () => {
  it('withdraws a pending proposal: the count drops, the owner no longer sees it, and the author may propose again', async () => {
    const job = await insertJob(app, owner.user.id);
    const proposal = (await propose(job.id, hessa)).json().proposal;
    expect(await proposalCount(job.id)).toBe(1);

    const response = await withdraw(proposal.id, hessa);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: proposalMessages.withdrawn, proposal: { id: proposal.id, status: 'withdrawn' } });
    expect(await proposalCount(job.id)).toBe(0);
    const ownerView = (await app.inject({ method: 'GET', url: `/api/proposals/job/${job.id}`, headers: as(owner) })).json();
    expect(ownerView.proposals).toEqual([]);
    const page = await jobPage(job.id, hessa);
    expect(page.viewer).toMatchObject({ has_proposal: false, proposal: { status: 'withdrawn' } });

    const again = await propose(job.id, hessa, 95);
    expect(again.statusCode).toBe(201);
    expect(again.json().proposal).toMatchObject({ id: proposal.id, status: 'pending', proposed_rate: 95 });
    expect(await proposalCount(job.id)).toBe(1);
  });

  it('answers 403 to anyone but the author, 409 once it is no longer pending, 404 for an unknown one, 401 signed out', async () => {
    const job = await insertJob(app, owner.user.id);
    const proposal = (await propose(job.id, hessa)).json().proposal;
    for (const stranger of [yousef, owner]) {
      const refused = await withdraw(proposal.id, stranger);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: proposalMessages.onlyAuthorWithdraws, code: 'forbidden' });
    }
    expect((await withdraw(proposal.id)).statusCode).toBe(401);
    expect((await withdraw('5b0e8a4e-3f0c-4d55-9a43-2f6b1c0d9e11', hessa)).statusCode).toBe(404);

    const accepted = await app.inject({ method: 'PUT', url: `/api/proposals/${proposal.id}/accept`, headers: as(owner) });
    expect(accepted.statusCode).toBe(200);
    const late = await withdraw(proposal.id, hessa);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ detail: proposalMessages.notWithdrawable, code: 'conflict' });
    expect(await proposalCount(job.id)).toBe(1);
  });

  it('of a withdrawal and an acceptance racing on one proposal, exactly one wins', async () => {
    for (let round = 0; round < 3; round += 1) {
      const job = await insertJob(app, owner.user.id);
      const proposal = (await propose(job.id, hessa)).json().proposal;
      const [withdrawal, acceptance] = await Promise.all([
        withdraw(proposal.id, hessa),
        app.inject({ method: 'PUT', url: `/api/proposals/${proposal.id}/accept`, headers: as(owner) }),
      ]);
      expect([withdrawal.statusCode, acceptance.statusCode].sort()).toEqual([200, 409]);
    }
  });
});

describe('accepting one proposal', () => {
  it('marks the others not selected, tells their authors, and shows the hired professional what they proposed', async () => {
    const job = await insertJob(app, owner.user.id);
    const chosen = (await propose(job.id, hessa, 120)).json().proposal;
    const other = (await propose(job.id, yousef, 90)).json().proposal;
    const before = await notificationRows(app);

    expect((await app.inject({ method: 'PUT', url: `/api/proposals/${chosen.id}/accept`, headers: as(owner) })).statusCode).toBe(200);

    const ownerView = (await app.inject({ method: 'GET', url: `/api/proposals/job/${job.id}`, headers: as(owner) })).json();
    expect(ownerView.proposals.map((proposal: { id: string; status: string }) => [proposal.id, proposal.status])).toEqual([
      [chosen.id, 'accepted'],
      [other.id, 'not_selected'],
    ]);
    const told = await notificationsSince(app, before);
    expect(told).toEqual([
      expect.objectContaining({ user_id: hessa.user.id, kind: 'proposal_accepted' }),
      expect.objectContaining({
        user_id: yousef.user.id,
        kind: 'proposal_not_selected',
        params: expect.objectContaining({ job_id: job.id }),
      }),
    ]);
    expect((await jobPage(job.id, hessa)).viewer.proposal).toMatchObject({ status: 'accepted', proposed_rate: 120 });
    expect((await jobPage(job.id, yousef)).viewer.proposal).toMatchObject({ status: 'not_selected', proposed_rate: 90 });
    expect((await myProposals(yousef)).proposals.find((proposal) => proposal.id === other.id)?.status).toBe('not_selected');
  });
});
