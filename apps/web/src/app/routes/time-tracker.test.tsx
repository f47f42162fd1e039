import type { TimeEntry } from '@mihna/shared';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { answer, JOB_ID, jobCard, jsonResponse, loadTranslations, mockApi, renderRoutes, signedInAs } from '../../test/testing.tsx';
import { groupByWeek } from '../../features/time/components/time-entries.tsx';
import { i18n } from '../../i18n/index.ts';
import TimeTrackerPage from './time-tracker.tsx';
import { timeEntry } from '../../features/time/testing.ts';

const ENTRY_ID = '33333333-3333-4333-8333-333333333333';

const entry = timeEntry;

const hourly = jobCard({ title: 'Clinic booking site', status: 'assigned', job_type: 'hourly' });
const hiredJobs = (jobs = [hourly]) => answer('GET', '/api/jobs', () => jsonResponse(200, { jobs, total: jobs.length, has_next: false }));
const entries = (list: TimeEntry[]) => answer('GET', '/api/time/entries', () => jsonResponse(200, { entries: list, next_before: null }));

const renderTracker = () => renderRoutes([{ path: '/time-tracker', element: <TimeTrackerPage /> }], '/time-tracker');

describe('/time-tracker', () => {
  beforeAll(async () => {
    await loadTranslations('en');
    await i18n.loadNamespaces(['time', 'validation']);
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('starts the timer on a chosen hourly project with a description, and asks for both first', async () => {
    let running = false;
    const api = mockApi(
      signedInAs({ role: 'professional' }),
      hiredJobs(),
      entries([]),
      answer('GET', '/api/time/worker/active', () =>
        jsonResponse(200, {
          active_entry: running
            ? {
                id: ENTRY_ID,
                job_id: JOB_ID,
                description: 'Booking form',
                start_time: new Date().toISOString(),
                job_title: 'Clinic booking site',
              }
            : null,
        }),
      ),
      answer('POST', '/api/time/start', () => {
        running = true;
        return jsonResponse(201, { message: 'Timer started', entry: {} });
      }),
    );
    renderTracker();
    const project = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Project' });
    // Only hourly projects in progress can take a timer: the server is asked for those. Being the only one, it is chosen.
    expect(Object.fromEntries(api.callsTo('GET', '/api/jobs')[0]!.query)).toEqual({ status: 'assigned', job_type: 'hourly', limit: '100' });
    expect(Array.from(project.options).map((option) => option.text)).toEqual(['Choose one of your hourly projects', 'Clinic booking site']);
    expect(project.value).toBe(JOB_ID);

    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/time/start')).toHaveLength(0);

    fireEvent.change(screen.getByRole('textbox', { name: 'Task description' }), { target: { value: '  Booking form  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(await screen.findByRole('button', { name: 'Stop' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/time/start')[0]!.body).toEqual({ job_id: JOB_ID, description: 'Booking form' });
    expect(screen.getByText('Running on \u2068Clinic booking site\u2069')).toBeInTheDocument();
  });

  it('shows a running timer’s clock from the server’s start time, so a reload loses nothing, and stops it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: Date.parse('2026-11-24T08:00:00Z') });
    const api = mockApi(
      signedInAs({ role: 'professional' }),
      hiredJobs(),
      entries([]),
      answer('GET', '/api/time/worker/active', () =>
        jsonResponse(200, {
          active_entry: {
            id: ENTRY_ID,
            job_id: JOB_ID,
            description: 'Booking form',
            start_time: '2026-11-24T06:58:55Z',
            job_title: 'Clinic booking site',
          },
        }),
      ),
      answer('PUT', `/api/time/${ENTRY_ID}/stop`, () => jsonResponse(409, { detail: 'This timer has already stopped', code: 'conflict' })),
    );
    renderTracker();
    expect((await screen.findByRole('timer', { name: 'Elapsed time' })).textContent).toBe('01:01:05');
    fireEvent.change(screen.getByRole('textbox', { name: 'Task description' }), { target: { value: 'Booking form and tests' } });
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    // The server's words first (§8: 'Failed to stop timer' only when it gives none).
    expect(await screen.findByText('This timer has already stopped')).toBeInTheDocument();
    expect(api.callsTo('PUT', `/api/time/${ENTRY_ID}/stop`)[0]!.body).toEqual({ description: 'Booking form and tests' });
  });

  it('says so when the start fails without the server’s words', async () => {
    mockApi(
      signedInAs({ role: 'professional' }),
      hiredJobs([hourly]),
      entries([]),
      answer('GET', '/api/time/worker/active', () => jsonResponse(200, { active_entry: null })),
      answer('POST', '/api/time/start', () => jsonResponse(500, { detail: 'Internal Server Error', code: 'internal' })),
    );
    renderTracker();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Task description' }), { target: { value: 'Booking form' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(await screen.findByText('Failed to start timer')).toBeInTheDocument();
  });

  it('gives the server’s words when a start is refused, and says the stop failed when it gives none', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: Date.parse('2026-11-24T08:00:00Z') });
    let active: unknown = null;
    mockApi(
      signedInAs({ role: 'professional' }),
      hiredJobs([hourly]),
      entries([]),
      answer('GET', '/api/time/worker/active', () => jsonResponse(200, { active_entry: active })),
      answer('POST', '/api/time/start', () =>
        jsonResponse(409, { detail: 'You already have a timer running. Stop it before starting another.', code: 'conflict' }),
      ),
      answer('PUT', `/api/time/${ENTRY_ID}/stop`, () => jsonResponse(502, {})),
    );
    renderTracker();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Task description' }), { target: { value: 'Booking form' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(await screen.findByText('You already have a timer running. Stop it before starting another.')).toBeInTheDocument();
    expect(screen.queryByText('Failed to start timer')).toBeNull();
    cleanup();

    active = {
      id: ENTRY_ID,
      job_id: JOB_ID,
      description: 'Booking form',
      start_time: '2026-11-24T07:00:00Z',
      job_title: 'Clinic booking site',
    };
    renderTracker();
    fireEvent.click(await screen.findByRole('button', { name: 'Stop' }));
    expect(await screen.findByText('Failed to stop timer')).toBeInTheDocument();
  });

  it('lists the real entries week by week, Monday to Sunday in the Gulf, with each week’s time and amount', async () => {
    mockApi(
      signedInAs({ role: 'professional' }),
      hiredJobs([hourly]),
      answer('GET', '/api/time/worker/active', () => jsonResponse(200, { active_entry: null })),
      entries([
        entry(),
        entry({
          id: '55555555-5555-4555-8555-555555555555',
          start_time: '2026-11-23T04:00:00Z',
          seconds: 3_600,
          amount: 150,
          source: 'manual',
        }),
        // Monday 23 November, 00:30 in Dubai, though still Sunday in UTC: this week.
        entry({
          id: '77777777-7777-4777-8777-777777777777',
          start_time: '2026-11-22T20:30:00Z',
          seconds: 60,
          amount: 2.5,
          description: 'Monday early',
        }),
        // Sunday 22 November, 23:30 in Dubai: the week before.
        entry({
          id: '66666666-6666-4666-8666-666666666666',
          start_time: '2026-11-22T19:30:00Z',
          seconds: 43_200,
          amount: 1800,
          capped: true,
        }),
      ]),
    );
    renderTracker();
    const thisWeek = await screen.findByRole('region', { name: 'Week of Nov 23, 2026 – Nov 29, 2026' });
    expect(within(thisWeek).getByText('02:31:07')).toBeInTheDocument();
    expect(within(thisWeek).getByText('AED 377.79')).toBeInTheDocument();
    expect(within(thisWeek).getByText('Monday early')).toBeInTheDocument();
    expect(within(thisWeek).getByText('Added by hand')).toBeInTheDocument();
    const lastWeek = screen.getByRole('region', { name: 'Week of Nov 16, 2026 – Nov 22, 2026' });
    expect(within(lastWeek).getByText('Stopped at 12 hours')).toBeInTheDocument();
  });

  it('adds amounts in minor units, so a week’s total is exact', () => {
    const weeks = groupByWeek([entry({ amount: 0.1 }), entry({ amount: 0.2 }), entry({ amount: 0.3, currency: 'KWD' })]);
    expect(weeks).toHaveLength(1);
    expect(Object.fromEntries(weeks[0]!.amounts)).toEqual({ AED: 30, KWD: 300 });
  });

  it('adds time worked offline with its reason, asking for every field, and shows the server’s refusal', async () => {
    let overlaps = true;
    const api = mockApi(
      signedInAs({ role: 'professional' }),
      hiredJobs([hourly]),
      entries([]),
      answer('GET', '/api/time/worker/active', () => jsonResponse(200, { active_entry: null })),
      answer('POST', '/api/time/manual', () =>
        overlaps
          ? jsonResponse(409, { detail: 'This time overlaps an entry you already recorded', code: 'conflict' })
          : jsonResponse(201, { message: 'Time entry added', entry: entry({ source: 'manual' }) }),
      ),
    );
    renderTracker();
    fireEvent.click(await screen.findByRole('button', { name: 'Add time by hand' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add time worked offline' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add time' }));
    expect(within(dialog).getAllByText('This field is required')).toHaveLength(5);
    expect(api.callsTo('POST', '/api/time/manual')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Day'), { target: { value: '2026-11-20' } });
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '09:00' } });
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: '11:30' } });
    fireEvent.change(within(dialog).getByLabelText('Task description'), { target: { value: 'Site visit at the clinic' } });
    fireEvent.change(within(dialog).getByLabelText('Why it was not timed'), { target: { value: 'No laptop on site' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add time' }));
    expect(await within(dialog).findByText('This time overlaps an entry you already recorded')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/time/manual')[0]!.body).toEqual({
      job_id: JOB_ID,
      description: 'Site visit at the clinic',
      start_time: new Date('2026-11-20T09:00').toISOString(),
      end_time: new Date('2026-11-20T11:30').toISOString(),
      reason: 'No laptop on site',
    });

    overlaps = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add time' }));
    expect(await screen.findByText('Time entry added')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('tells an employer the tracker is for professionals', async () => {
    mockApi(signedInAs({ role: 'employer' }));
    renderTracker();
    expect(await screen.findByText('The time tracker is for professionals working on hourly projects.')).toBeInTheDocument();
  });
});
