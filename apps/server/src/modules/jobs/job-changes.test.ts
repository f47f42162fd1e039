import { jobMessages, type JobChanged, type JobDetail, type JobSearchResponse, type OwnJobsResponse } from '@mihna/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { bearer, createUser } from '../../test/accounts.ts';
import { createTestApp } from '../../test/harness.ts';
import { notificationRows, notificationsSince } from '../proposals/test-jobs.ts';
import { jobInput, postJob } from './test-jobs.ts';

let app: App;
let owner: Awaited<ReturnType<typeof createUser>>;
let otherEmployer: Awaited<ReturnType<typeof createUser>>;
let professional: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  app = await createTestApp();
  owner = await createUser(app, { role: 'employer', first_name: 'Omar', last_name: 'Saeed', company_name: 'Gulf Bakeries' });
  otherEmployer = await createUser(app, { role: 'employer', first_name: 'Huda', last_name: 'Kassem', company_name: 'Dune Labs' });
  professional = await createUser(app, { first_name: 'Hessa', last_name: 'Al Falasi' });
});
afterAll(() => app.close());

type Account = typeof owner;
const as = (account?: Account) => (account ? bearer(account.token) : {});
const edit = (jobId: string, payload: unknown, account?: Account) =>
  app.inject({ method: 'PUT', url: `/api/jobs/${jobId}`, headers: as(account), payload: payload as object });
const move = (jobId: string, action: 'close' | 'reopen', account?: Account) =>
  app.inject({ method: 'PUT', url: `/api/jobs/${jobId}/${action}`, headers: as(account) });
const searchFor = async (word: string) =>
  (await app.inject({ method: 'GET', url: `/api/search/jobs?q=${word}` })).json<JobSearchResponse>().jobs.map((job) => job.id);
const propose = (jobId: string) =>
  app.inject({
    method: 'POST',
    url: '/api/proposals',
    headers: as(professional),
    payload: { job_id: jobId, proposal_text: 'I can start on Sunday.', proposed_rate: 80 },
  });

describe('PUT /api/jobs/{id}', () => {
  it('lets the owner edit an open project under the posting rules, and search follows the edit', async () => {
    const created = await postJob(app, owner.token, { title: 'Saffron bakery website' });
    const response = await edit(
      created.id,
      jobInput({
        title: 'Cardamom bakery website',
        country: 'Qatar',
        emirate: undefined,
        region: 'Doha',
        budget_min: '٢٬٠٠٠',
        budget_max: 4000,
      }),
      owner,
    );
    expect(response.statusCode).toBe(200);
    const changed = response.json<JobChanged>();
    expect(changed.message).toBe(jobMessages.updated);
    expect(changed.job).toMatchObject({
      title: 'Cardamom bakery website',
      country: 'QA',
      region: 'doha',
      currency: 'QAR',
      budget_min: 2000,
    });
    expect(await searchFor('cardamom')).toEqual([created.id]);
    expect(await searchFor('saffron')).toEqual([]);
  });

  it('moderates an edit as it moderates a posting', async () => {
    const created = await postJob(app, owner.token);
    const cleaned = (await edit(created.id, jobInput({ description: 'Fix this damn slow checkout page.' }), owner)).json<JobChanged>();
    expect(cleaned.moderation_message).toMatch(/description/);
    expect(cleaned.job.description).not.toMatch(/damn/i);
    const severe = await edit(created.id, jobInput({ title: 'You are a faggot' }), owner);
    expect(severe.statusCode).toBe(422);
  });

  it('refuses a new deadline in the past, but keeps an unchanged one that has since passed', async () => {
    const created = await postJob(app, owner.token);
    const past = await edit(created.id, jobInput({ deadline: '2021-05-01' }), owner);
    expect(past.statusCode).toBe(422);
    expect(past.json().detail[0]).toMatchObject({ loc: ['body', 'deadline'], msg: 'Deadline cannot be in the past' });
    // A deadline that passed since posting stays as it is while the title is corrected.
    await app.services.database.db.execute(sql`update jobs set deadline = '2021-05-01' where id = ${created.id}`);
    const kept = await edit(created.id, jobInput({ title: 'Bakery website, corrected', deadline: '2021-05-01' }), owner);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<JobChanged>().job).toMatchObject({ title: 'Bakery website, corrected', deadline: '2021-05-01' });
    expect((await edit(created.id, jobInput({ deadline: '2021-06-01' }), owner)).statusCode).toBe(422);
  });

  it('answers 403 to anyone but the owner, 409 once it is not open, 404 for an unknown project, 401 signed out', async () => {
    const created = await postJob(app, owner.token);
    for (const stranger of [otherEmployer, professional]) {
      const refused = await edit(created.id, jobInput(), stranger);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: jobMessages.onlyOwnerChanges, code: 'forbidden' });
    }
    expect((await edit(created.id, jobInput())).statusCode).toBe(401);
    expect((await edit('5b0e8a4e-3f0c-4d55-9a43-2f6b1c0d9e11', jobInput(), owner)).statusCode).toBe(404);
    await move(created.id, 'close', owner);
    const closed = await edit(created.id, jobInput(), owner);
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toEqual({ detail: jobMessages.notEditable, code: 'conflict' });
  });
});

describe('PUT /api/jobs/{id}/close and /reopen', () => {
  it('closes an open project out of search, tells those who proposed, and reopens it into search', async () => {
    const created = await postJob(app, owner.token, { title: 'Zaatar bakery website' });
    expect((await propose(created.id)).statusCode).toBe(201);
    const before = await notificationRows(app);

    const closed = await move(created.id, 'close', owner);
    expect(closed.statusCode).toBe(200);
    expect(closed.json<JobChanged>()).toMatchObject({ message: jobMessages.closed, job: { status: 'closed' } });
    expect(await searchFor('zaatar')).toEqual([]);
    expect((await propose(created.id)).statusCode).toBe(409);
    expect(await notificationsSince(app, before)).toEqual([
      expect.objectContaining({ user_id: professional.user.id, kind: 'job_closed', link: `/projects/${created.id}` }),
    ]);
    expect((await move(created.id, 'close', owner)).json()).toEqual({ detail: jobMessages.notClosable, code: 'conflict' });

    const reopened = await move(created.id, 'reopen', owner);
    expect(reopened.json<JobChanged>()).toMatchObject({ message: jobMessages.reopened, job: { status: 'open' } });
    expect(await searchFor('zaatar')).toEqual([created.id]);
    expect((await notificationsSince(app, before)).map((row) => row.kind)).toEqual(['job_closed', 'job_reopened']);
    expect((await move(created.id, 'reopen', owner)).json()).toEqual({ detail: jobMessages.notReopenable, code: 'conflict' });
  });

  it('answers 403 to anyone but the owner and changes nothing', async () => {
    const created = await postJob(app, owner.token);
    for (const stranger of [otherEmployer, professional]) {
      expect((await move(created.id, 'close', stranger)).statusCode).toBe(403);
    }
    expect((await move(created.id, 'close')).statusCode).toBe(401);
    const detail = (await app.inject({ method: 'GET', url: `/api/jobs/${created.id}` })).json<JobDetail>();
    expect(detail.status).toBe('open');
  });
});

describe('GET /api/jobs/employer/my', () => {
  it('lists every status newest first with proposal counts, pages, and shows nobody else’s projects', async () => {
    const first = await postJob(app, owner.token, { title: 'First of mine' });
    const second = await postJob(app, owner.token, { title: 'Second of mine' });
    await propose(second.id);
    await move(first.id, 'close', owner);

    const mine = (await app.inject({ method: 'GET', url: '/api/jobs/employer/my', headers: as(owner) })).json<OwnJobsResponse>();
    const [newest, next] = mine.jobs;
    expect(newest).toMatchObject({ id: second.id, status: 'open', proposal_count: 1 });
    expect(next).toMatchObject({ id: first.id, status: 'closed' });
    expect(mine.total).toBe(mine.jobs.length);

    const page = (
      await app.inject({ method: 'GET', url: '/api/jobs/employer/my?limit=1&skip=1', headers: as(owner) })
    ).json<OwnJobsResponse>();
    expect(page).toMatchObject({ total: mine.total, has_next: mine.total > 2 });
    expect(page.jobs.map((job) => job.id)).toEqual([first.id]);
    const theirs = (await app.inject({ method: 'GET', url: '/api/jobs/employer/my', headers: as(otherEmployer) })).json<OwnJobsResponse>();
    expect(theirs.jobs.map((job) => job.id)).not.toContain(first.id);
  });
});

describe('GET /api/jobs/{id} tells a professional about the client', () => {
  it('answers member since, projects posted and hires made', async () => {
    const client = await createUser(app, { role: 'employer', first_name: 'Maha', last_name: 'Nasser', company_name: 'Pearl Studio' });
    const hiring = await postJob(app, client.token);
    await postJob(app, client.token);
    const proposal = (await propose(hiring.id)).json().proposal;
    await app.inject({ method: 'PUT', url: `/api/proposals/${proposal.id}/accept`, headers: as(client) });

    const detail = (await app.inject({ method: 'GET', url: `/api/jobs/${hiring.id}`, headers: as(professional) })).json<JobDetail>();
    expect(detail.employer_info).toMatchObject({ projects_posted: 2, hires_made: 1, rating: 0, total_reviews: 0, company: 'Pearl Studio' });
    expect(new Date(detail.employer_info.member_since).getTime()).toBeLessThanOrEqual(Date.now());
  });
});
