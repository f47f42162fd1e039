import { MAX_ENTRY_SECONDS, messages, timeMessages, type TimeEntry } from '@mihna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock, createUser, type TestAccount } from '../../test/accounts.ts';
import { createTestApp, selectRows } from '../../test/harness.ts';
import { sql } from 'drizzle-orm';
import { call, hire } from '../payments/test-payments.ts';
import { createEmployer } from '../proposals/test-jobs.ts';
import type { App } from '../../app.ts';

const HOUR = 3_600_000;
const clock = createTestClock(Date.parse('2026-11-02T06:00:00Z'));
let app: App;
let employer: TestAccount;
let professional: TestAccount;
let colleague: TestAccount;
let hourlyJob: { id: string };

beforeAll(async () => {
  app = await createTestApp({ clock: clock.now });
  employer = await createEmployer(app);
  professional = await createUser(app, { first_name: 'Hessa', last_name: 'Al Falasi' });
  colleague = await createUser(app, { first_name: 'Yousef', last_name: 'Al Hammadi' });
  // AED 150 an hour.
  hourlyJob = await hire(app, employer, professional, { title: 'Clinic booking site', jobType: 'hourly' }, 150);
  // Twenty days into the contract (sessions last thirty): time typed in for the past falls after the hire.
  clock.advance(20 * 24 * HOUR);
});
afterAll(() => app.close());

const active = async (account: TestAccount) =>
  (await call(app, 'GET', '/api/time/worker/active', account.token)).json<{
    active_entry: { id: string; job_id: string; description: string; start_time: string } | null;
  }>().active_entry;

async function startTimer(account: TestAccount, jobId: string, description = 'Booking form layout') {
  return call(app, 'POST', '/api/time/start', account.token, { job_id: jobId, description });
}

async function stopRunning(account: TestAccount, description = 'Booking form layout') {
  const running = await active(account);
  if (!running) return undefined;
  const stopped = await call(app, 'PUT', `/api/time/${running.id}/stop`, account.token, { description });
  expect(stopped.statusCode, stopped.body).toBe(200);
  return stopped.json<{ entry: TimeEntry }>().entry;
}

describe('the jobs one was hired on (GET /api/jobs)', () => {
  it('lists the hire for both its parties, in every status, and nothing for anyone else', async () => {
    const forProfessional = (await call(app, 'GET', '/api/jobs?limit=100', professional.token)).json<{
      jobs: { id: string; status: string; job_type: string }[];
    }>();
    expect(forProfessional.jobs).toContainEqual(expect.objectContaining({ id: hourlyJob.id, status: 'assigned', job_type: 'hourly' }));
    const forEmployer = (await call(app, 'GET', '/api/jobs', employer.token)).json<{ jobs: { id: string }[] }>();
    expect(forEmployer.jobs.map((job) => job.id)).toContain(hourlyJob.id);
    const stranger = await createUser(app, { first_name: 'Noura', last_name: 'Al Ketbi' });
    expect((await call(app, 'GET', '/api/jobs', stranger.token)).json()).toEqual({ jobs: [], total: 0, has_next: false });
    expect((await call(app, 'GET', '/api/jobs')).statusCode).toBe(401);
    // One status or kind when asked: what the time tracker lists.
    const fixed = await hire(app, employer, professional, { title: 'Menu design', jobType: 'fixed' }, 900);
    const ids = async (query: string) =>
      (await call(app, 'GET', `/api/jobs?${query}`, professional.token)).json<{ jobs: { id: string }[] }>().jobs.map((job) => job.id);
    expect(await ids('limit=100')).toEqual([fixed.id, hourlyJob.id]);
    expect(await ids('status=assigned&job_type=hourly')).toEqual([hourlyJob.id]);
    expect(await ids('job_type=fixed')).toEqual([fixed.id]);
    expect(await ids('status=completed')).toEqual([]);
    expect((await call(app, 'GET', '/api/jobs?status=nonsense', professional.token)).statusCode).toBe(422);
  });
});

describe('the timer', () => {
  it('starts on an hourly job one was hired for, shows as active, and stops to the second at the contract’s rate', async () => {
    expect(await active(professional)).toBeNull();
    const started = await startTimer(professional, hourlyJob.id, '  Booking form layout  ');
    expect(started.statusCode, started.body).toBe(201);
    const entry = started.json<{ entry: { id: string; start_time: string } }>().entry;
    expect(await active(professional)).toEqual({
      id: entry.id,
      job_id: hourlyJob.id,
      description: 'Booking form layout',
      start_time: clock.now().toISOString(),
      job_title: 'Clinic booking site',
    });

    clock.advance(HOUR + 30 * 60_000 + 7_000);
    const stopped = await call(app, 'PUT', `/api/time/${entry.id}/stop`, professional.token, {
      description: 'Booking form layout and validation',
    });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json<{ message: string; entry: TimeEntry }>()).toMatchObject({
      message: timeMessages.stopped,
      entry: {
        description: 'Booking form layout and validation',
        seconds: 5_407,
        hourly_rate: 150,
        // 5,407 s at AED 150 an hour: AED 225.291…, to the fils.
        amount: 225.29,
        currency: 'AED',
        source: 'timer',
        capped: false,
        job_title: 'Clinic booking site',
      },
    });
    expect(await active(professional)).toBeNull();
  });

  it('needs a job and a description, and changes nothing without them', async () => {
    const noDescription = await startTimer(professional, hourlyJob.id, '   ');
    expect(noDescription.statusCode).toBe(422);
    expect(noDescription.json()).toMatchObject({ detail: [{ loc: ['body', 'description'], msg: messages.required }] });
    const noJob = await call(app, 'POST', '/api/time/start', professional.token, { description: 'Work' });
    expect(noJob.statusCode).toBe(422);
    expect(await active(professional)).toBeNull();
  });

  it('runs one timer at a time: a second start answers 409, and two racing starts leave one running', async () => {
    expect((await startTimer(professional, hourlyJob.id)).statusCode).toBe(201);
    const second = await startTimer(professional, hourlyJob.id);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ detail: timeMessages.alreadyRunning, code: 'conflict' });
    await stopRunning(professional);

    const racing = await Promise.all(Array.from({ length: 6 }, () => startTimer(professional, hourlyJob.id)));
    expect(racing.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const running = await selectRows<{ count: number }>(
      app.services.database,
      sql`select count(*)::int as count from time_entries where professional_id = ${professional.user.id} and ended_at is null`,
    );
    expect(running[0]!.count).toBe(1);
    await stopRunning(professional);
  });

  it('refuses a job one was not hired for, an employer, a fixed-price job, and someone else’s timer', async () => {
    const stranger = await startTimer(colleague, hourlyJob.id);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toEqual({ detail: timeMessages.notYourJob, code: 'forbidden' });
    const owner = await startTimer(employer, hourlyJob.id);
    expect(owner.statusCode).toBe(403);
    expect(owner.json()).toEqual({ detail: timeMessages.onlyProfessionals, code: 'forbidden' });
    const fixed = await hire(app, employer, colleague, { title: 'Logo', jobType: 'fixed' }, 900);
    expect((await startTimer(colleague, fixed.id)).json()).toEqual({ detail: timeMessages.hourlyOnly, code: 'conflict' });
    expect((await startTimer(professional, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await startTimer(professional, 'not-an-id')).statusCode).toBe(404);

    const mine = (await startTimer(professional, hourlyJob.id)).json<{ entry: { id: string } }>().entry;
    for (const other of [colleague, employer]) {
      const stopped = await call(app, 'PUT', `/api/time/${mine.id}/stop`, other.token, { description: 'Not mine' });
      expect(stopped.statusCode).toBe(403);
      expect(stopped.json()).toEqual({ detail: timeMessages.notYourEntry, code: 'forbidden' });
    }
    expect((await call(app, 'PUT', `/api/time/${mine.id}/stop`, undefined, { description: 'x' })).statusCode).toBe(401);
    expect((await active(professional))?.id).toBe(mine.id);
    await stopRunning(professional);
    const again = await call(app, 'PUT', `/api/time/${mine.id}/stop`, professional.token, { description: 'Again' });
    expect(again.json()).toEqual({ detail: timeMessages.alreadyStopped, code: 'conflict' });
  });

  it('stops at 12 hours, flagged, a timer stopped after running longer', async () => {
    const long = (await startTimer(professional, hourlyJob.id, 'Forgot to stop')).json<{ entry: { id: string } }>().entry;
    clock.advance(13 * HOUR);
    const stopped = await call(app, 'PUT', `/api/time/${long.id}/stop`, professional.token, { description: 'Forgot to stop' });
    expect(stopped.json<{ entry: TimeEntry }>().entry).toMatchObject({ seconds: MAX_ENTRY_SECONDS, amount: 1800, capped: true });
    const { end_time, start_time } = stopped.json<{ entry: TimeEntry }>().entry;
    expect(Date.parse(end_time!) - Date.parse(start_time)).toBe(MAX_ENTRY_SECONDS * 1000);
  });

  it('stops a timer left running at 12 hours, flagged, and lets a new one start', async () => {
    const forgotten = (await startTimer(professional, hourlyJob.id, 'Left running overnight')).json<{ entry: { id: string } }>().entry;
    clock.advance(15 * HOUR);
    expect(await active(professional)).toBeNull();
    const { entries } = (await call(app, 'GET', `/api/time/entries?job_id=${hourlyJob.id}`, employer.token)).json<{
      entries: TimeEntry[];
    }>();
    expect(entries.find((entry) => entry.id === forgotten.id)).toMatchObject({ seconds: MAX_ENTRY_SECONDS, amount: 1800, capped: true });

    // The server's periodic sweep ends one nobody asks about.
    await startTimer(professional, hourlyJob.id, 'Left running again');
    clock.advance(13 * HOUR);
    expect(await app.services.time.capOverrunning()).toBe(1);
    expect(await active(professional)).toBeNull();
  });
});

describe('time worked offline', () => {
  const manual = (account: TestAccount, start: number, end: number, changes: Record<string, unknown> = {}) =>
    call(app, 'POST', '/api/time/manual', account.token, {
      job_id: hourlyJob.id,
      description: 'Call with the clinic',
      start_time: new Date(start).toISOString(),
      end_time: new Date(end).toISOString(),
      reason: 'Worked on site without the laptop',
      ...changes,
    });

  it('is recorded with its reason, marked manual, in the past, at most 12 hours, overlapping nothing', async () => {
    const now = clock.now().getTime();
    const added = await manual(professional, now - 100 * HOUR, now - 98 * HOUR);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json<{ entry: TimeEntry }>().entry).toMatchObject({
      source: 'manual',
      manual_reason: 'Worked on site without the laptop',
      seconds: 7_200,
      amount: 300,
    });

    const refusals: [Promise<Awaited<ReturnType<typeof manual>>>, string][] = [
      [manual(professional, now - 99 * HOUR, now - 97 * HOUR), timeMessages.overlaps],
      [manual(professional, now - 160 * HOUR, now - 147 * HOUR), timeMessages.tooLong],
      [manual(professional, now - HOUR, now + HOUR), timeMessages.inTheFuture],
      [manual(professional, now - 104 * HOUR, now - 105 * HOUR), timeMessages.endBeforeStart],
    ];
    for (const [response, detail] of refusals) expect((await response).json()).toMatchObject({ detail });
    expect((await manual(professional, now - 50 * HOUR, now - 49 * HOUR, { reason: '' })).statusCode).toBe(422);
    const beforeHire = await manual(professional, now - 300 * 24 * HOUR, now - 300 * 24 * HOUR + HOUR);
    expect(beforeHire.json()).toEqual({ detail: timeMessages.beforeHire, code: 'validation_failed' });
    // Times that are no instant, or outside the years time is recorded in, are refused without a fault.
    for (const [start_time, end_time] of [
      ['0000-01-01T00:00:00Z', '0000-01-01T01:00:00Z'],
      ['+275760-01-01T00:00:00Z', '+275760-01-01T01:00:00Z'],
      ['2026-11-20 09:00', '2026-11-20 10:00'],
      ['yesterday', 'today'],
    ]) {
      const refused = await manual(professional, 0, 0, { start_time, end_time });
      expect(refused.statusCode, start_time).toBe(422);
    }
    const year0 = Buffer.from(`0000-01-01T00:00:00.000Z|${'00000000-0000-4000-8000-000000000000'}`).toString('base64url');
    expect((await call(app, 'GET', `/api/time/entries?before=${year0}`, professional.token)).statusCode).toBe(422);
    const entries = await selectRows<{ count: number }>(
      app.services.database,
      sql`select count(*)::int as count from time_entries where source = 'manual' and professional_id = ${professional.user.id}`,
    );
    expect(entries[0]!.count).toBe(1);
    expect((await manual(colleague, now - 50 * HOUR, now - 49 * HOUR)).statusCode).toBe(403);

    // A running timer counts up to now.
    await startTimer(professional, hourlyJob.id);
    clock.advance(HOUR);
    const later = clock.now().getTime();
    expect((await manual(professional, later - 30 * 60_000, later - 10 * 60_000)).json()).toMatchObject({ detail: timeMessages.overlaps });
    await stopRunning(professional);
  });
});

describe('the entries', () => {
  it('are the professional’s own, or one job’s for its two parties only, newest first, a page at a time', async () => {
    const mine = (await call(app, 'GET', '/api/time/entries', professional.token)).json<{
      entries: TimeEntry[];
      next_before: string | null;
    }>();
    expect(mine.entries.length).toBeGreaterThan(3);
    const starts = mine.entries.map((entry) => entry.start_time);
    expect([...starts].sort().reverse()).toEqual(starts);
    expect(mine.entries.every((entry) => entry.job_id === hourlyJob.id)).toBe(true);

    const forEmployer = await call(app, 'GET', `/api/time/entries?job_id=${hourlyJob.id}`, employer.token);
    expect(forEmployer.json<{ entries: TimeEntry[] }>().entries.map((entry) => entry.id)).toEqual(mine.entries.map((entry) => entry.id));
    const forStranger = await call(app, 'GET', `/api/time/entries?job_id=${hourlyJob.id}`, colleague.token);
    expect(forStranger.statusCode).toBe(403);
    expect((await call(app, 'GET', '/api/time/entries', employer.token)).statusCode).toBe(403);
    expect((await call(app, 'GET', '/api/time/entries?before=nonsense', professional.token)).statusCode).toBe(422);
  });

  it('page by keyset without skipping or repeating an entry', async () => {
    const now = clock.now().getTime();
    for (let day = 0; day < 60; day += 1)
      expect(
        (
          await call(app, 'POST', '/api/time/manual', professional.token, {
            job_id: hourlyJob.id,
            description: `Day ${day}`,
            start_time: new Date(now - (120 + day * 5) * HOUR).toISOString(),
            end_time: new Date(now - (120 + day * 5) * HOUR + HOUR).toISOString(),
            reason: 'Imported from my notebook',
          })
        ).statusCode,
      ).toBe(201);
    const seen: string[] = [];
    let before: string | null = null;
    do {
      const page: { entries: TimeEntry[]; next_before: string | null } = (
        await call(app, 'GET', `/api/time/entries${before ? `?before=${before}` : ''}`, professional.token)
      ).json();
      seen.push(...page.entries.map((entry) => entry.id));
      before = page.next_before;
    } while (before);
    const all = await selectRows<{ id: string }>(
      app.services.database,
      sql`select id from time_entries where professional_id = ${professional.user.id} order by started_at desc, id desc`,
    );
    expect(seen).toEqual(all.map((row) => row.id));
  });
});
