import { proposalMessages, type ReceivedProposalsResponse } from '@mihna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestAccount } from '../../test/accounts.ts';
import { createTestApp } from '../../test/harness.ts';
import { call } from '../payments/test-payments.ts';
import { createEmployer, insertJob } from './test-jobs.ts';
import type { App } from '../../app.ts';

let app: App;
let owner: TestAccount;
let otherEmployer: TestAccount;
let hessa: TestAccount;
let yousef: TestAccount;
let noura: TestAccount;
let villa: { id: string };
let clinic: { id: string };
const proposalIds: Record<string, string> = {};

async function propose(account: TestAccount, jobId: string) {
  const response = await call(app, 'POST', '/api/proposals', account.token, {
    job_id: jobId,
    proposal_text: 'I have done this kind of work in Dubai for years.',
    proposed_rate: 5000,
    estimated_hours: null,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ proposal: { id: string } }>().proposal.id;
}

const received = async (account: TestAccount, query = '') => {
  const response = await call(app, 'GET', `/api/proposals/received${query}`, account.token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReceivedProposalsResponse>();
};
const mark = (account: TestAccount, id: string, stage: string) => call(app, 'PUT', `/api/proposals/${id}/stage`, account.token, { stage });

beforeAll(async () => {
  app = await createTestApp();
  owner = await createEmployer(app);
  otherEmployer = await createEmployer(app, { first_name: 'Layla', last_name: 'Haddad', company_name: null });
  hessa = await createUser(app, { first_name: 'Hessa', last_name: 'Al Falasi' });
  yousef = await createUser(app, { first_name: 'Yousef', last_name: 'Al Hammadi' });
  noura = await createUser(app, { first_name: 'Noura', last_name: 'Al Suwaidi' });
  villa = await insertJob(app, owner.user.id, { title: 'Villa renovation' });
  clinic = await insertJob(app, owner.user.id, { title: 'Clinic booking site' });
  proposalIds.hessa = await propose(hessa, villa.id);
  proposalIds.yousef = await propose(yousef, villa.id);
  proposalIds.noura = await propose(noura, clinic.id);
});
afterAll(() => app.close());

describe('the applications an employer received', () => {
  it('lists every proposal on the employer’s projects, newest first, with its project, for the employer only', async () => {
    const all = await received(owner);
    expect(all.total).toBe(3);
    expect(all.proposals.map((proposal) => [proposal.worker.first_name, proposal.job.title, proposal.stage])).toEqual([
      ['Noura', 'Clinic booking site', 'pending'],
      ['Yousef', 'Villa renovation', 'pending'],
      ['Hessa', 'Villa renovation', 'pending'],
    ]);
    expect((await received(otherEmployer)).total).toBe(0);
    const professional = await call(app, 'GET', '/api/proposals/received', hessa.token);
    expect(professional.statusCode).toBe(403);
    expect(professional.json()).toMatchObject({ detail: proposalMessages.onlyEmployersReceive });
    expect((await call(app, 'GET', '/api/proposals/received')).statusCode).toBe(401);
    expect((await call(app, 'GET', '/api/proposals/received?stage=nonsense', owner.token)).statusCode).toBe(422);
  });

  it('lets the owner mark a pending proposal reviewed, shortlisted or pending again; nobody else', async () => {
    for (const account of [otherEmployer, hessa]) {
      const refused = await mark(account, proposalIds.hessa!, 'shortlisted');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ detail: proposalMessages.onlyOwnerMarks });
    }
    expect((await mark(owner, proposalIds.hessa!, 'accepted')).statusCode).toBe(422);
    expect((await mark(owner, '00000000-0000-4000-8000-000000000000', 'reviewed')).statusCode).toBe(404);
    expect((await received(owner, '?stage=shortlisted')).total).toBe(0);

    const shortlisted = await mark(owner, proposalIds.hessa!, 'shortlisted');
    expect(shortlisted.statusCode, shortlisted.body).toBe(200);
    expect(shortlisted.json()).toMatchObject({ proposal: { stage: 'shortlisted', status: 'pending' }, message: proposalMessages.marked });
    expect((await mark(owner, proposalIds.yousef!, 'reviewed')).statusCode).toBe(200);
    expect((await received(owner, '?stage=shortlisted')).proposals.map((proposal) => proposal.id)).toEqual([proposalIds.hessa]);
    expect((await received(owner, '?stage=reviewed')).proposals.map((proposal) => proposal.id)).toEqual([proposalIds.yousef]);
    expect((await received(owner, '?stage=pending')).proposals.map((proposal) => proposal.id)).toEqual([proposalIds.noura]);
    // The project's own list shows the marks to its owner; the author sees only that it is pending.
    const onProject = (await call(app, 'GET', `/api/proposals/job/${villa.id}`, owner.token)).json<{
      proposals: { id: string; stage: string }[];
    }>();
    expect(onProject.proposals.find((proposal) => proposal.id === proposalIds.hessa)?.stage).toBe('shortlisted');
    const own = (await call(app, 'GET', '/api/proposals/my', hessa.token)).json<{ proposals: Record<string, unknown>[] }>();
    expect(own.proposals[0]).toMatchObject({ status: 'pending' });
    expect(own.proposals[0]).not.toHaveProperty('stage');

    expect((await mark(owner, proposalIds.yousef!, 'pending')).json()).toMatchObject({ proposal: { stage: 'pending' } });

    // A proposal withdrawn and sent again starts afresh: the owner's mark on the old one is gone, and its author never saw it.
    expect((await call(app, 'PUT', `/api/proposals/${proposalIds.hessa}/withdraw`, hessa.token)).statusCode).toBe(200);
    const again = await call(app, 'POST', '/api/proposals', hessa.token, {
      job_id: villa.id,
      proposal_text: 'A revised offer after our call.',
      proposed_rate: 4800,
      estimated_hours: null,
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ proposal: { id: proposalIds.hessa, stage: 'pending' } });
    expect((await received(owner, '?stage=shortlisted')).total).toBe(0);
    expect((await mark(owner, proposalIds.hessa!, 'shortlisted')).statusCode).toBe(200);
  });

  it('declines a proposal when the owner rejects it, tells its author, and then marks it no more', async () => {
    const rejected = await mark(owner, proposalIds.noura!, 'rejected');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ proposal: { stage: 'rejected', status: 'not_selected' } });
    const told = (await call(app, 'GET', '/api/notifications', noura.token)).json<{ notifications: { kind: string }[] }>();
    expect(told.notifications.map((notification) => notification.kind)).toContain('proposal_declined');
    const again = await mark(owner, proposalIds.noura!, 'shortlisted');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: proposalMessages.notMarkable });
    expect((await received(owner, '?stage=rejected')).proposals.map((proposal) => proposal.id)).toEqual([proposalIds.noura]);
  });

  it('shows the accepted one as accepted and the others as rejected once the owner hires', async () => {
    expect((await call(app, 'PUT', `/api/proposals/${proposalIds.hessa}/accept`, owner.token)).statusCode).toBe(200);
    const stages = Object.fromEntries((await received(owner)).proposals.map((proposal) => [proposal.worker.first_name, proposal.stage]));
    expect(stages).toEqual({ Hessa: 'accepted', Yousef: 'rejected', Noura: 'rejected' });
    expect((await mark(owner, proposalIds.yousef!, 'reviewed')).statusCode).toBe(409);
  });
});
