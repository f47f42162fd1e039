import type { AdminTimeTrackingResponse, TimeReportResponse } from '@mihna/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { bearer, createTestClock, createUser, type TestAccount } from '../../test/accounts.ts';
import { createTestApp } from '../../test/harness.ts';
import { pdfLines, pdfTextRuns } from '../documents/pdf-reading.ts';
import { call, hire } from '../payments/test-payments.ts';
import { createEmployer } from '../proposals/test-jobs.ts';
import { createAdmin, createSuperAdmin, type TestAdmin } from './test-admins.ts';

// Sunday 1 November 2026, 08:00 in Dubai: the hires; the time is added on Wednesday.
const clock = createTestClock(Date.parse('2026-11-01T04:00:00Z'));
let app: App;
let support: TestAdmin;
let hessa: TestAccount;
let khalid: TestAccount;

async function addTime(account: TestAccount, jobId: string, start: string, end: string, description: string) {
  const response = await call(app, 'POST', '/api/time/manual', account.token, {
    job_id: jobId,
    description,
    start_time: start,
    end_time: end,
    reason: 'Worked on site without the laptop',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ entry: { id: string } }>().entry.id;
}

let approvedId: string;

beforeAll(async () => {
  app = await createTestApp({ clock: clock.now });
  const employer = await createEmployer(app);
  hessa = await createUser(app, { first_name: 'Hessa', last_name: 'Al Falasi' });
  khalid = await createUser(app, { first_name: 'خالد', last_name: 'الشامسي' });
  // AED 150 an hour; SAR 100 an hour.
  const clinic = await hire(
    app,
    employer,
    hessa,
    { title: 'Clinic booking site', jobType: 'hourly', industryCategory: 'healthcare_medical' },
    150,
  );
  const riyadh = await hire(
    app,
    employer,
    khalid,
    { title: 'واجهة متجر الرياض', jobType: 'hourly', currency: 'SAR', country: 'SA', region: 'riyadh', industryCategory: 'technology_it' },
    100,
  );
  clock.advance(3 * 86_400_000);
  support = await createAdmin(app, await createSuperAdmin(app), 'support_staff');
  // Monday 2 November 09:00–11:00 and Tuesday 10:00–11:30 in Dubai; Monday 13:00–14:00.
  approvedId = await addTime(hessa, clinic.id, '2026-11-02T05:00:00Z', '2026-11-02T07:00:00Z', 'Booking form');
  await addTime(hessa, clinic.id, '2026-11-03T06:00:00Z', '2026-11-03T07:30:00Z', 'SMS reminders');
  await addTime(khalid, riyadh.id, '2026-11-02T09:00:00Z', '2026-11-02T10:00:00Z', 'تصميم صفحة الدفع');
  // The employer approved the first entry (the timesheets' own tests cover how).
  await app.services.database.db.execute(sql`update time_entries set review_status = 'approved' where id = ${approvedId}`);
});
afterAll(() => app.close());

async function list(query = '', by: TestAdmin = support) {
  const response = await app.inject({ method: 'GET', url: `/api/admin/time-tracking${query}`, headers: bearer(by.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminTimeTrackingResponse>();
}
const descriptions = (answer: AdminTimeTrackingResponse) => answer.time_logs.map((log) => log.description);

describe('GET /api/admin/time-tracking', () => {
  it('lists the entries newest first with the totals in AED', async () => {
    const answer = await list();
    expect(descriptions(answer)).toEqual(['SMS reminders', 'تصميم صفحة الدفع', 'Booking form']);
    expect(answer.time_logs[2]).toMatchObject({
      professional_name: 'Hessa Al Falasi',
      project_title: 'Clinic booking site',
      seconds: 7200,
      hours: 2,
      hourly_rate: 150,
      total_amount: 300,
      currency: 'AED',
      project_category: 'healthcare_medical',
      date: '2026-11-02',
      status: 'approved',
    });
    expect(answer.time_logs[1]).toMatchObject({ hours: 1, total_amount: 100, currency: 'SAR', status: 'pending' });
    // AED 525, and SAR 100 at the reference rates (AED 97.93), over 4.5 hours.
    expect(answer.summary).toEqual({
      total_seconds: 16_200,
      total_hours: 4.5,
      total_amount: 622.93,
      unique_professionals: 2,
      average_hourly_rate: 138.43,
      currency: 'AED',
    });
    expect(answer.pagination).toMatchObject({ total: 3, current_page: 1, has_next: false });
  });

  it('filters by Gulf day, status, professional, project type, industry and a word in any script', async () => {
    expect(descriptions(await list('?start_date=2026-11-03'))).toEqual(['SMS reminders']);
    expect(descriptions(await list('?end_date=2026-11-02'))).toEqual(['تصميم صفحة الدفع', 'Booking form']);
    expect(descriptions(await list('?status=approved'))).toEqual(['Booking form']);
    expect(descriptions(await list('?status=pending'))).toEqual(['SMS reminders', 'تصميم صفحة الدفع']);
    expect(descriptions(await list(`?professional_id=${khalid.user.id}`))).toEqual(['تصميم صفحة الدفع']);
    expect(descriptions(await list('?professional_id=nobody'))).toEqual([]);
    expect(descriptions(await list('?project_type=fixed'))).toEqual([]);
    expect(descriptions(await list('?industry=technology_it'))).toEqual(['تصميم صفحة الدفع']);
    expect(descriptions(await list(`?search=${encodeURIComponent('الشامسي')}`))).toEqual(['تصميم صفحة الدفع']);
    expect(descriptions(await list('?search=clinic'))).toEqual(['SMS reminders', 'Booking form']);
    const narrowed = await list('?search=clinic&limit=1&skip=1');
    expect(narrowed.summary.total_hours).toBe(3.5);
    expect(narrowed.pagination).toMatchObject({ total: 2, current_page: 2 });
    for (const bad of [
      '?start_date=2026-02-30',
      '?start_date=0000-01-01',
      '?end_date=0000-12-31',
      '?status=paid',
      '?project_type=daily',
      '?industry=mining',
    ]) {
      const response = await app.inject({ method: 'GET', url: `/api/admin/time-tracking${bad}`, headers: bearer(support.token) });
      expect(response.statusCode, bad).toBe(422);
    }
    const asUser = await app.inject({ method: 'GET', url: '/api/admin/time-tracking', headers: bearer(hessa.token) });
    expect(asUser.statusCode).toBe(401);
  });
});

describe('POST /api/admin/time-tracking/generate-pdf', () => {
  async function report(body: Record<string, unknown>) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/time-tracking/generate-pdf',
      headers: bearer(support.token),
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TimeReportResponse>();
  }
  const pdfOf = (answer: TimeReportResponse) =>
    Buffer.from((answer.pdf_data ?? '').replace(/^data:application\/pdf;base64,/, ''), 'base64');

  it('makes the report of the filtered entries, with the filters, one row per entry and the totals', async () => {
    const answer = await report({ start_date: '2026-11-01', end_date: '2026-11-07' });
    expect(answer).toMatchObject({
      success: true,
      filename: 'time_tracking_report.pdf',
      entries_count: 3,
      message: 'PDF report generated',
    });
    expect(answer.pdf_data).toMatch(/^data:application\/pdf;base64,/);
    const text = (await pdfLines(pdfOf(answer), 'ltr')).join('\n');
    expect(text).toContain('Time tracking report');
    expect(text).toContain('From Nov 1, 2026 · Until Nov 7, 2026');
    // One row per entry, oldest first.
    expect(text).toMatch(
      /Nov 2, 2026 \| Hessa Al Falasi \| Clinic booking site \| Booking form \| 2:00:00 \| AED 150.00 \| AED 300.00 \| Approved/,
    );
    for (const expected of ['Hessa Al Falasi', 'Booking form', 'SMS reminders', 'خالد الشامسي', 'تصميم صفحة الدفع', 'SAR 100.00'])
      expect(text).toContain(expected);
    expect(text).toContain('Total hours | 4:30:00');
    expect(text).toContain('Total amount | AED 622.93');
    expect(text).toContain('Page 1 / 1');
  });

  it('makes it in Arabic, and says so when nothing matches', async () => {
    const arabic = await report({ language: 'ar', professional_id: khalid.user.id });
    expect(arabic.entries_count).toBe(1);
    const text = (await pdfLines(pdfOf(arabic), 'rtl')).join('\n');
    expect(text).toContain('تقرير تتبع الوقت');
    expect(text).toContain('المحترف: خالد الشامسي');
    const empty = await report({ project_type: 'fixed' });
    expect(empty).toMatchObject({ success: true, entries_count: 0 });
    expect((await pdfLines(pdfOf(empty), 'ltr')).join('\n')).toContain('No time entries match these filters.');
  });
});

describe('time to the second, in the list and the report', () => {
  let mohammed: TestAccount;
  beforeAll(async () => {
    const employer = await createEmployer(app, { company_name: 'Dubai Healthcare City Clinics Management' });
    mohammed = await createUser(app, { first_name: 'Mohammed Abdulrahman', last_name: 'Al Suwaidi Al Hashimi' });
    // AED 137.50 an hour, on a project whose title and the entries' descriptions are long.
    const job = await hire(
      app,
      employer,
      mohammed,
      { title: 'Bilingual booking website and SMS reminders for a Dubai Healthcare City clinic', jobType: 'hourly' },
      137.5,
    );
    // Two days later, Thursday 5 November: 1 h 0 min 40 s, then 0 h 7 min 13 s.
    clock.advance(2 * 86_400_000);
    // Staff sign in again two days on.
    support = await createAdmin(app, await createSuperAdmin(app), 'support_staff');
    await addTime(
      mohammed,
      job.id,
      '2026-11-05T05:00:00Z',
      '2026-11-05T06:00:40Z',
      'Payment page with Apple Pay and card, tested on iOS and Android',
    );
    await addTime(
      mohammed,
      job.id,
      '2026-11-05T07:00:00Z',
      '2026-11-05T07:07:13Z',
      'تصحيح عرض التواريخ الهجرية في صفحة الحجز https://clinic.example.ae/booking/confirmation',
    );
  });

  it('gives each entry its seconds and exact hours: hours × rate is its amount to the fils', async () => {
    const { time_logs: logs, summary } = await list(`?professional_id=${mohammed.user.id}`);
    expect(logs.map((log) => [log.seconds, log.total_amount])).toEqual([
      // 433 s at AED 137.50: AED 16.54 (16.5382…); 3,640 s: AED 139.03 (139.0277…).
      [433, 16.54],
      [3640, 139.03],
    ]);
    for (const log of logs) {
      expect(log.hours).toBe(log.seconds / 3600);
      expect(Math.round(log.hours * log.hourly_rate * 100) / 100).toBe(log.total_amount);
    }
    expect(summary).toMatchObject({ total_seconds: 4073, total_hours: 4073 / 3600, total_amount: 155.57 });
  });

  /** Every piece of text the PDF draws on the line of `anchor`, with where it starts and ends. */
  async function lineOf(pdf: Buffer, anchor: string) {
    const runs = await pdfTextRuns(pdf);
    const at = runs.find((run) => run.text.includes(anchor));
    expect(at, anchor).toBeDefined();
    return runs.filter((run) => run.page === at!.page && Math.abs(run.y - at!.y) < 1);
  }
  const overlaps = (runs: { x: number; end: number; text: string }[]) =>
    runs.flatMap((a, index) =>
      runs
        .slice(index + 1)
        .filter((b) => Math.min(a.end, b.end) - Math.max(a.x, b.x) > 0.5)
        .map((b) => `${a.text} / ${b.text}`),
    );

  it.each([
    ['en', 'Description', 'Hours'],
    ['ar', 'الوصف', 'الساعات'],
  ] as const)(
    'lays the %s report’s columns side by side: no header and no cell runs into another',
    async (language, description, hours) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/admin/time-tracking/generate-pdf',
        headers: bearer(support.token),
        payload: { language, professional_id: mohammed.user.id },
      });
      const pdf = Buffer.from(response.json<TimeReportResponse>().pdf_data!.split(',')[1]!, 'base64');
      const header = await lineOf(pdf, description);
      expect(overlaps(header)).toEqual([]);
      // Each label is its own cell, apart from its neighbour (the report read "DescriptHours").
      for (const label of [description, hours]) expect(header.find((run) => run.text.includes(label))?.text.trim()).toBe(label);
      for (const row of ['1:00:40', '0:07:13']) expect(overlaps(await lineOf(pdf, row))).toEqual([]);
      const lines = await pdfLines(pdf, language === 'ar' ? 'rtl' : 'ltr');
      expect(lines.join('\n')).toContain(language === 'en' ? 'Total hours | 1:07:53' : 'مجموع الساعات | 1:07:53');
    },
  );
});
