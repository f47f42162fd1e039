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
let dubaiPro: TestAccount;
let abuDhabiPro: TestAccount;

beforeAll(async () => {
  app = await createTestApp();
  owner = await createEmployer(app);
  otherEmployer = await createEmployer(app, { first_name: 'Layla', last_name: 'Haddad', company_name: null });
  dubaiPro = await createUser(app, { first_name: 'Hessa', last_name: 'Al Falasi' });
  abuDhabiPro = await createUser(app, { first_name: 'Yousef', last_name: 'Al Hammadi', emirate: 'abu_dhabi', city: 'abu_dhabi' });
});
afterAll(() => app.close());

const propose = (payload: Record<string, unknown>, token?: string) =>
  app.inject({ method: 'POST', url: '/api/proposals', headers: token ? bearer(token) : {}, payload });
const listProposals = (jobId: string, token?: string) =>
  app.inject({ method: 'GET', url: `/api/proposals/job/${jobId}`, headers: token ? bearer(token) : {} });
const accept = (proposalId: string, token?: string) =>
  app.inject({ method: 'PUT', url: `/api/proposals/${proposalId}/accept`, headers: token ? bearer(token) : {} });

const proposalFor = (jobId: string, changes: Record<string, unknown> = {}) => ({
  job_id: jobId,
  proposal_text: 'I built two clinic booking sites in Dubai; I can start on Sunday.',
  proposed_rate: 85.5,
  estimated_hours: 40,
  ...changes,
});

const proposalCount = async (jobId: string) => {
  const [row] = await selectRows<{ proposal_count: number }>(
    app.services.database,
    sql`select proposal_count from jobs where id = ${jobId}`,
  );
  return row?.proposal_count;
};
const proposalRows = (jobId: string) =>
  selectRows<{
    id: string;
    worker_id: string;
    proposal_text: string;
    proposed_amount_minor: string;
    currency: string;
    status: string;
    accepted_at: Date | null;
  }>(
    app.services.database,
    sql`select id, worker_id, proposal_text, proposed_amount_minor::text as proposed_amount_minor, currency, status, accepted_at from proposals where job_id = ${jobId}`,
  );
const contractsOf = (jobId: string) =>
  selectRows<{
    proposal_id: string;
    employer_id: string;
    professional_id: string;
    agreed_amount_minor: string;
    currency: string;
    job_type: string;
    status: string;
  }>(
    app.services.database,
    sql`select proposal_id, employer_id, professional_id, agreed_amount_minor::text as agreed_amount_minor, currency, job_type, status
        from contracts where job_id = ${jobId}`,
  );
const jobStatus = async (jobId: string) => {
  const [row] = await selectRows<{ status: string }>(app.services.database, sql`select status from jobs where id = ${jobId}`);
  return row?.status;
};

describe('POST /api/proposals', () => {
  it('stores the proposal in minor units of the job’s currency, counts it and notifies the owner only', async () => {
    const job = await insertJob(app, owner.user.id);
    const before = await notificationRows(app);

    const response = await propose(proposalFor(job.id), dubaiPro.token);

    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      proposal: {
        id: expect.any(String),
        job_id: job.id,
        proposal_text: 'I built two clinic booking sites in Dubai; I can start on Sunday.',
        proposed_rate: 85.5,
        currency: 'AED',
        job_type: 'fixed',
        estimated_hours: 40,
        status: 'pending',
        is_masked: false,
        stage: 'pending',
        created_at: expect.any(String),
        worker: {
          id: dubaiPro.user.id,
          first_name: 'Hessa',
          last_name: 'Al Falasi',
          total_rating: 0,
          total_reviews: 0,
          bio: 'Full-stack engineer in Dubai building fast, accessible web apps.',
          skills: ['React', 'TypeScript', 'Node.js'],
          profile_picture: null,
          identity_verified: null,
        },
      },
      message: 'Proposal submitted successfully!',
      moderation_messages: [],
    });
    const [row] = await proposalRows(job.id);
    expect(row).toMatchObject({ worker_id: dubaiPro.user.id, status: 'pending', accepted_at: null });
    expect(Number(row?.proposed_amount_minor)).toBe(8550);
    expect(row?.currency).toBe('AED');
    expect(await proposalCount(job.id)).toBe(1);

    const added = await notificationsSince(app, before);
    expect(added).toEqual([
      {
        user_id: owner.user.id,
        kind: 'proposal_received',
        link: `/projects/${job.id}#proposal-${body.proposal.id}`,
        params: { worker_name: 'Hessa Al Falasi', job_title: job.title, job_id: job.id },
      },
    ]);
    const bell = (await app.inject({ method: 'GET', url: '/api/notifications?limit=50', headers: bearer(owner.token) })).json();
    expect(bell.notifications[0]).toMatchObject({
      kind: 'proposal_received',
      title: 'New proposal',
      message: `\u2068Hessa Al Falasi\u2069 sent a proposal for "\u2068${job.title}\u2069".`,
      link: `/projects/${job.id}#proposal-${body.proposal.id}`,
      is_read: false,
    });
    expect(bell.unread_count).toBeGreaterThanOrEqual(1);
  });

  it('reads Arabic-Indic digits and stores no hours when they are left empty', async () => {
    const job = await insertJob(app, owner.user.id);
    const response = await propose(proposalFor(job.id, { proposed_rate: '٩٩.٩٩', estimated_hours: '' }), dubaiPro.token);
    expect(response.statusCode).toBe(201);
    expect(response.json().proposal).toMatchObject({ proposed_rate: 99.99, estimated_hours: null });
    expect(Number((await proposalRows(job.id))[0]?.proposed_amount_minor)).toBe(9999);
  });

  it('refuses more decimals than the job’s currency has, and stores nothing', async () => {
    const dirhams = await insertJob(app, owner.user.id);
    const refused = await propose(proposalFor(dirhams.id, { proposed_rate: 99.999 }), dubaiPro.token);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toEqual([
      { loc: ['body', 'proposed_rate'], msg: 'Must have no more than 2 decimal places', type: 'amount' },
    ]);
    expect(await proposalRows(dirhams.id)).toEqual([]);
    // Kuwaiti dinars have three.
    const dinars = await insertJob(app, owner.user.id, { country: 'KW', region: null, currency: 'KWD' });
    const taken = await propose(proposalFor(dinars.id, { proposed_rate: 99.999 }), dubaiPro.token);
    expect(taken.statusCode, taken.body).toBe(201);
    expect(taken.json().proposal).toMatchObject({ proposed_rate: 99.999, currency: 'KWD' });
  });

  it('answers 409 to a second proposal from the same professional and keeps the first', async () => {
    const job = await insertJob(app, owner.user.id);
    expect((await propose(proposalFor(job.id), dubaiPro.token)).statusCode).toBe(201);
    const before = await notificationRows(app);

    const second = await propose(proposalFor(job.id, { proposal_text: 'Second thoughts' }), dubaiPro.token);

    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ detail: proposalMessages.duplicateProposal, code: 'conflict' });
    expect(await proposalRows(job.id)).toHaveLength(1);
    expect(await proposalCount(job.id)).toBe(1);
    expect(await notificationRows(app)).toEqual(before);
  });

  it('answers one of two identical proposals sent at once with 201 and the other with 409', async () => {
    const job = await insertJob(app, owner.user.id);
    const responses = await Promise.all([propose(proposalFor(job.id), abuDhabiPro.token), propose(proposalFor(job.id), abuDhabiPro.token)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(responses.find((response) => response.statusCode === 409)?.json().detail).toBe(proposalMessages.duplicateProposal);
    expect(await proposalRows(job.id)).toHaveLength(1);
    expect(await proposalCount(job.id)).toBe(1);
  });

  it('answers 401 signed out, 403 to employers (the owner too), 404 for an unknown job and 409 for a job that is not open', async () => {
    const job = await insertJob(app, owner.user.id);
    const assigned = await insertJob(app, owner.user.id, { status: 'assigned' });
    const before = await notificationRows(app);

    const signedOut = await propose(proposalFor(job.id));
    expect(signedOut.statusCode).toBe(401);
    for (const employer of [owner, otherEmployer]) {
      const refused = await propose(proposalFor(job.id), employer.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: proposalMessages.onlyProfessionals, code: 'forbidden' });
    }
    const unknown = await propose(proposalFor('5b0e8a4e-3f0c-4d55-9a43-2f6b1c0d9e11'), dubaiPro.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Job not found', code: 'not_found' });
    const closed = await propose(proposalFor(assigned.id), dubaiPro.token);
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toEqual({ detail: 'This project is no longer open', code: 'conflict' });

    expect(await proposalRows(job.id)).toHaveLength(0);
    expect(await proposalRows(assigned.id)).toHaveLength(0);
    expect(await proposalCount(job.id)).toBe(0);
    expect(await notificationRows(app)).toEqual(before);
  });

  it('opens a cash project only to professionals of the same emirate and country', async () => {
    const cashJob = await insertJob(app, owner.user.id, { paymentMethod: 'cash', region: 'dubai' });
    const qatarPro = await createUser(app, { first_name: 'Mariam', last_name: 'Al Thani' });
    // Same emirate id, another country: only the pair of them places a professional.
    await app.services.database.db.execute(sql`update users set country = 'QA' where id = ${qatarPro.user.id}`);

    for (const outsider of [abuDhabiPro, qatarPro]) {
      const refused = await propose(proposalFor(cashJob.id), outsider.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: proposalMessages.cashSameEmirate, code: 'forbidden' });
    }
    expect(await proposalRows(cashJob.id)).toHaveLength(0);
    expect((await propose(proposalFor(cashJob.id), dubaiPro.token)).statusCode).toBe(201);
  });

  it.each([
    ['a missing text', { proposal_text: undefined }, 'proposal_text', 'This field is required'],
    ['a blank text', { proposal_text: '   ' }, 'proposal_text', 'This field is required'],
    ['a missing rate', { proposed_rate: undefined }, 'proposed_rate', 'This field is required'],
    ['a rate of 0', { proposed_rate: 0 }, 'proposed_rate', 'Must be at least 0.01'],
    ['a rate of abc', { proposed_rate: 'abc' }, 'proposed_rate', 'Must be a valid number'],
    ['1.5 estimated hours', { estimated_hours: 1.5 }, 'estimated_hours', 'Must be a valid whole number'],
    ['a job id that is not an id', { job_id: 'job-1' }, 'job_id', 'Invalid format'],
  ])('answers 422 to %s with the specification message', async (_case, changes, field, message) => {
    const job = await insertJob(app, owner.user.id);
    const response = await propose({ ...proposalFor(job.id), ...changes }, dubaiPro.token);
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toEqual([expect.objectContaining({ loc: ['body', field], msg: message })]);
    expect(await proposalRows(job.id)).toHaveLength(0);
  });

  it('stores a rude proposal cleaned and refuses a seriously offensive one', async () => {
    const job = await insertJob(app, owner.user.id);
    const before = await notificationRows(app);
    const refused = await propose(proposalFor(job.id, { proposal_text: 'I will kill you' }), dubaiPro.token);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail[0].loc).toEqual(['body', 'proposal_text']);
    expect(await proposalRows(job.id)).toHaveLength(0);
    expect(await notificationRows(app)).toEqual(before);

    const cleaned = await propose(proposalFor(job.id, { proposal_text: 'I deliver damn good booking sites.' }), dubaiPro.token);
    expect(cleaned.statusCode).toBe(201);
    expect(cleaned.json().moderation_messages).toHaveLength(1);
    expect(cleaned.json().proposal.proposal_text).not.toContain('damn');
    expect((await proposalRows(job.id))[0]?.proposal_text).toBe(cleaned.json().proposal.proposal_text);
  });
});

describe('GET /api/proposals/job/{jobId}', () => {
  it('shows the owner the proposals oldest first, with their workers and rates in dollars', async () => {
    const job = await insertJob(app, owner.user.id);
    const first = (await propose(proposalFor(job.id, { proposed_rate: 120 }), abuDhabiPro.token)).json().proposal;
    const second = (await propose(proposalFor(job.id, { proposed_rate: 99.99, estimated_hours: null }), dubaiPro.token)).json().proposal;

    const response = await listProposals(job.id, owner.token);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ proposals: [first, second], interests: [] });
    expect(response.json().proposals.map((proposal: { proposed_rate: number }) => proposal.proposed_rate)).toEqual([120, 99.99]);
    expect(response.json().proposals[0].worker).toMatchObject({ id: abuDhabiPro.user.id, first_name: 'Yousef', last_name: 'Al Hammadi' });
  });

  it('answers an empty list for a project without proposals', async () => {
    const job = await insertJob(app, owner.user.id);
    expect((await listProposals(job.id, owner.token)).json()).toEqual({ proposals: [], interests: [] });
  });

  it('answers 403 to another employer and to professionals (the proposer too), 401 signed out', async () => {
    const job = await insertJob(app, owner.user.id);
    expect((await propose(proposalFor(job.id), dubaiPro.token)).statusCode).toBe(201);
    for (const stranger of [otherEmployer, dubaiPro, abuDhabiPro]) {
      const refused = await listProposals(job.id, stranger.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: proposalMessages.onlyOwnerViews, code: 'forbidden' });
    }
    expect((await listProposals(job.id)).statusCode).toBe(401);
  });

  it('answers 404 for an unknown job and for an id that cannot be one', async () => {
    for (const jobId of ['5b0e8a4e-3f0c-4d55-9a43-2f6b1c0d9e11', 'not-a-job']) {
      const response = await listProposals(jobId, owner.token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Job not found', code: 'not_found' });
    }
  });
});

describe('PUT /api/proposals/{id}/accept', () => {
  it('accepts the proposal, assigns the job, and notifies and e-mails the worker', async () => {
    const job = await insertJob(app, owner.user.id);
    const proposal = (await propose(proposalFor(job.id), dubaiPro.token)).json().proposal;
    const before = await notificationRows(app);

    const response = await accept(proposal.id, owner.token);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      proposal: { ...proposal, status: 'accepted', stage: 'accepted' },
      job_status: 'assigned',
      message: 'Proposal accepted successfully!',
    });
    expect(await jobStatus(job.id)).toBe('assigned');
    const [row] = await proposalRows(job.id);
    expect(row?.status).toBe('accepted');
    expect(row?.accepted_at).not.toBeNull();
    // The hire is a contract: who, for which job, from which proposal, at what price in which currency.
    expect(await contractsOf(job.id)).toEqual([
      {
        proposal_id: row?.id,
        employer_id: owner.user.id,
        professional_id: row?.worker_id,
        agreed_amount_minor: row?.proposed_amount_minor,
        currency: 'AED',
        job_type: 'fixed',
        status: 'active',
      },
    ]);

    expect(await notificationsSince(app, before)).toEqual([
      {
        user_id: dubaiPro.user.id,
        kind: 'proposal_accepted',
        link: `/projects/${job.id}`,
        params: { employer_name: 'Falcon Tech', job_title: job.title, job_id: job.id },
      },
    ]);
    const [email] = await outboxFor(app, dubaiPro.user.email);
    expect(email?.subject).toBe('Proposal accepted');
    expect(email?.text).toContain(`\u2068Falcon Tech\u2069 accepted your proposal for "\u2068${job.title}\u2069".`);
    expect(email?.text).toContain(`/projects/${job.id}`);
  });

  it('names an employer without a company by their full name', async () => {
    const job = await insertJob(app, otherEmployer.user.id);
    const proposal = (await propose(proposalFor(job.id), abuDhabiPro.token)).json().proposal;
    expect((await accept(proposal.id, otherEmployer.token)).statusCode).toBe(200);
    const [latest] = (await notificationRows(app)).slice(-1);
    expect(latest).toMatchObject({ user_id: abuDhabiPro.user.id, kind: 'proposal_accepted', params: { employer_name: 'Layla Haddad' } });
  });

  it('answers 409 once the job is assigned: to another proposal, to the same one again and to new proposals', async () => {
    const job = await insertJob(app, owner.user.id);
    const first = (await propose(proposalFor(job.id), dubaiPro.token)).json().proposal;
    const second = (await propose(proposalFor(job.id), abuDhabiPro.token)).json().proposal;
    expect((await accept(first.id, owner.token)).statusCode).toBe(200);
    const before = await notificationRows(app);

    for (const proposalId of [second.id, first.id]) {
      const refused = await accept(proposalId, owner.token);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ detail: proposalMessages.notAcceptable, code: 'conflict' });
    }
    const late = await createUser(app, { first_name: 'Noura', last_name: 'Al Suwaidi' });
    expect((await propose(proposalFor(job.id), late.token)).json()).toEqual({ detail: 'This project is no longer open', code: 'conflict' });
    expect((await proposalRows(job.id)).filter((row) => row.status === 'accepted').map((row) => row.id)).toEqual([first.id]);
    expect(await notificationRows(app)).toEqual(before);
  });

  it('answers 403 to another employer and to professionals (the worker too), 401 signed out, and changes nothing', async () => {
    const job = await insertJob(app, owner.user.id);
    const proposal = (await propose(proposalFor(job.id), dubaiPro.token)).json().proposal;
    const before = await notificationRows(app);

    for (const stranger of [otherEmployer, dubaiPro, abuDhabiPro]) {
      const refused = await accept(proposal.id, stranger.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: proposalMessages.onlyOwnerAccepts, code: 'forbidden' });
    }
    expect((await accept(proposal.id)).statusCode).toBe(401);

    expect(await jobStatus(job.id)).toBe('open');
    expect((await proposalRows(job.id))[0]?.status).toBe('pending');
    expect(await notificationRows(app)).toEqual(before);
  });

  it('answers 404 for an unknown proposal and for an id that cannot be one', async () => {
    for (const proposalId of ['5b0e8a4e-3f0c-4d55-9a43-2f6b1c0d9e11', 'proposal-1']) {
      const response = await accept(proposalId, owner.token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: proposalMessages.proposalNotFound, code: 'not_found' });
    }
  });

  it('answers 409 for a pending proposal on a job that is no longer open', async () => {
    const job = await insertJob(app, owner.user.id);
    const proposal = (await propose(proposalFor(job.id), dubaiPro.token)).json().proposal;
    await app.services.database.db.execute(sql`update jobs set status = 'cancelled' where id = ${job.id}`);
    const refused = await accept(proposal.id, owner.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(proposalMessages.notAcceptable);
    expect((await proposalRows(job.id))[0]?.status).toBe('pending');
  });

  it('of two acceptances racing on one job, accepts exactly one and answers the other 409', async () => {
    for (let round = 0; round < 3; round += 1) {
      const job = await insertJob(app, owner.user.id);
      const first = (await propose(proposalFor(job.id), dubaiPro.token)).json().proposal;
      const second = (await propose(proposalFor(job.id), abuDhabiPro.token)).json().proposal;
      const before = await notificationRows(app);

      const responses = await Promise.all([accept(first.id, owner.token), accept(second.id, owner.token)]);

      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      const loser = responses.find((response) => response.statusCode === 409);
      expect(loser?.json()).toEqual({ detail: proposalMessages.notAcceptable, code: 'conflict' });
      const winner = responses.find((response) => response.statusCode === 200)?.json().proposal;
      const accepted = (await proposalRows(job.id)).filter((row) => row.status === 'accepted');
      expect(accepted.map((row) => row.id)).toEqual([winner.id]);
      expect((await contractsOf(job.id)).map((contract) => contract.proposal_id)).toEqual([winner.id]);
      expect(await jobStatus(job.id)).toBe('assigned');
      const loserId = winner.worker.id === dubaiPro.user.id ? abuDhabiPro.user.id : dubaiPro.user.id;
      expect(await notificationsSince(app, before)).toEqual([
        expect.objectContaining({ user_id: winner.worker.id, kind: 'proposal_accepted' }),
        expect.objectContaining({ user_id: loserId, kind: 'proposal_not_selected' }),
      ]);
      expect((await proposalRows(job.id)).filter((row) => row.status === 'not_selected')).toHaveLength(1);
    }
  });
});

describe('notifications of proposals', () => {
  it('lets only the recipient read and mark them', async () => {
    const job = await insertJob(app, owner.user.id);
    expect((await propose(proposalFor(job.id), dubaiPro.token)).statusCode).toBe(201);
    const ownerBell = (await app.inject({ method: 'GET', url: '/api/notifications?limit=50', headers: bearer(owner.token) })).json();
    const received = ownerBell.notifications.find((item: { params: { job_id: string } }) => item.params.job_id === job.id);
    expect(received).toMatchObject({ kind: 'proposal_received', is_read: false });

    const strangerBell = (
      await app.inject({ method: 'GET', url: '/api/notifications?limit=50', headers: bearer(otherEmployer.token) })
    ).json();
    expect(strangerBell.notifications.some((item: { id: string }) => item.id === received.id)).toBe(false);

    const markRead = (token: string) =>
      app.inject({ method: 'PUT', url: `/api/notifications/${received.id}/read`, headers: bearer(token) });
    for (const stranger of [otherEmployer, dubaiPro]) {
      const refused = await markRead(stranger.token);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ detail: 'Notification not found', code: 'not_found' });
    }
    expect((await markRead(owner.token)).statusCode).toBe(200);
    const after = (await app.inject({ method: 'GET', url: '/api/notifications?limit=50', headers: bearer(owner.token) })).json();
    expect(after.notifications.find((item: { id: string }) => item.id === received.id).is_read).toBe(true);
    expect(after.unread_count).toBe(ownerBell.unread_count - 1);
  });
});
