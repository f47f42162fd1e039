import type { TimeEntry } from '@mihna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock, createUser, type TestAccount } from '../../test/accounts.ts';
import { createTestApp } from '../../test/harness.ts';
import { pdfLines, pdfPagePng } from '../documents/pdf-reading.ts';
import { call, hire } from '../payments/test-payments.ts';
import { createEmployer } from '../proposals/test-jobs.ts';
import type { App } from '../../app.ts';

// Hired on Monday 2 November 2026 at 08:00 in Dubai; the week of 2–8 November is reviewed on the 10th.
const clock = createTestClock(Date.parse('2026-11-02T04:00:00Z'));
const WEEK = '2026-11-02';
let app: App;
let employer: TestAccount;
let professional: TestAccount;
let otherEmployer: TestAccount;
let otherProfessional: TestAccount;
let job: { id: string };
const entries: TimeEntry[] = [];

async function addTime(start: string, end: string, description: string) {
  const response = await call(app, 'POST', '/api/time/manual', professional.token, {
    job_id: job.id,
    description,
    start_time: start,
    end_time: end,
    reason: 'Worked at the clinic without the laptop',
  });
  expect(response.statusCode, response.body).toBe(201);
  entries.push(response.json<{ entry: TimeEntry }>().entry);
}

const download = (account: TestAccount | undefined, week = WEEK, query = '?language=en', jobId = job.id) =>
  call(app, 'GET', `/api/jobs/${jobId}/timesheets/${week}/pdf${query}`, account?.token);

beforeAll(async () => {
  app = await createTestApp({ clock: clock.now });
  employer = await createEmployer(app);
  professional = await createUser(app, { first_name: 'Hessa', last_name: 'Al Falasi' });
  otherEmployer = await createEmployer(app, { company_name: 'Dune Labs' });
  otherProfessional = await createUser(app, { first_name: 'Yousef', last_name: 'Al Hammadi' });
  // AED 150 an hour, on a project whose title is Arabic.
  job = await hire(app, employer, professional, { title: 'موقع حجز العيادة', jobType: 'hourly' }, 150);
  clock.advance(3 * 86_400_000);
  await addTime('2026-11-02T05:00:00Z', '2026-11-02T07:30:00Z', 'تصميم صفحة الحجز للعيادة');
  // What looks like Typst markup is text to the document, never code.
  await addTime('2026-11-03T05:00:00Z', '2026-11-03T06:00:00Z', 'Booking form #panic("x") $x^2$ *bold* [link]');
  await addTime('2026-11-04T05:00:00Z', '2026-11-04T05:45:00Z', 'Calendar sync');
  clock.advance(5 * 86_400_000);
  const review = await call(app, 'POST', `/api/jobs/${job.id}/timesheets/${WEEK}/approve`, employer.token, {
    disputes: [{ entry_id: entries[2]!.id, note: 'لا حاجة لهذا العمل' }],
  });
  expect(review.statusCode, review.body).toBe(200);
});
afterAll(() => app.close());

describe('the PDF timesheet', () => {
  it('downloads for both parties as a PDF attachment', async () => {
    for (const account of [employer, professional]) {
      const response = await download(account);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="timesheet-${WEEK}-${job.id.slice(0, 8)}-en.pdf"`);
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('lists the job, the week, each entry, the totals and the approval, in English', async () => {
    const lines = await pdfLines((await download(professional)).rawPayload, 'ltr');
    expect(lines[0]).toBe('Mihna | Timesheet');
    expect(lines).toContain('Project | موقع حجز العيادة');
    expect(lines).toContain('Week | Nov 2, 2026 – Nov 8, 2026');
    expect(lines).toContain('Employer | Falcon Tech');
    expect(lines).toContain('Professional | Hessa Al Falasi');
    expect(lines).toContain('Hourly rate | AED 150.00');
    expect(lines.some((line) => /^Status \| Approved by Falcon Tech on Nov 10, 2026\.$/.test(line))).toBe(true);
    expect(lines).toContain('Payment | Awaiting payment');
    expect(lines).toContain('Day | Time | Description | Duration | Amount | Review');
    expect(lines).toContain('Mon, Nov 2 | 09:00–11:30 | تصميم صفحة الحجز للعيادة | 2 h 30 min | AED 375.00 | Approved');
    expect(lines).toContain('Tue, Nov 3 | 09:00–10:00 | Booking form #panic("x") $x^2$ *bold* [link] | 1 h 0 min | AED 150.00 | Approved');
    expect(lines).toContain('Wed, Nov 4 | 09:00–09:45 | Calendar sync | 0 h 45 min | AED 112.50 | Disputed');
    expect(lines).toContain('Added by hand: Worked at the clinic without the laptop | لا حاجة لهذا العمل');
    expect(lines).toContain('Time recorded | 4 h 15 min');
    expect(lines).toContain('Amount recorded | AED 637.50');
    expect(lines).toContain('Disputed, not billed | 0 h 45 min');
    expect(lines).toContain('Approved amount | AED 525.00');
  });

  it('reads in logical order in Arabic, ligatures and numbers included', async () => {
    const response = await download(employer, WEEK, '?language=ar');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="timesheet-${WEEK}-${job.id.slice(0, 8)}-ar.pdf"`);
    const lines = await pdfLines(response.rawPayload, 'rtl');
    expect(lines[0]).toBe('مهنة | جدول الساعات');
    expect(lines).toContain('المشروع | موقع حجز العيادة');
    // 'الأسبوع' has a lam–alef ligature and 'نوفمبر' a beh–reh one: one glyph each for two letters.
    expect(lines).toContain('الأسبوع | 2 نوفمبر 2026 – 8 نوفمبر 2026');
    expect(lines).toContain('سعر الساعة | 150.00 د.إ');
    expect(lines).toContain('اليوم | الوقت | الوصف | المدة | المبلغ | المراجعة');
    expect(lines).toContain('الاثنين، 2 نوفمبر | 09:00–11:30 | تصميم صفحة الحجز للعيادة | 2 س 30 د | 375.00 د.إ | معتمد');
    expect(lines).toContain('الأربعاء، 4 نوفمبر | 09:00–09:45 | Calendar sync | 0 س 45 د | 112.50 د.إ | معترض عليه');
    expect(lines).toContain('المبلغ المعتمد | 525.00 د.إ');
    expect(lines).toContain('لا يحتسب الوقت المعترض عليه. ملاحظة صاحب العمل تحت كل سجل معترض عليه.');
  });

  it('lays each language out in its own direction: the brand starts the page on its side', async () => {
    for (const [language, side] of [
      ['en', 'left'],
      ['ar', 'right'],
    ] as const) {
      const { width, height, rgba } = await pdfPagePng((await download(professional, WEEK, `?language=${language}`)).rawPayload);
      // The brand is the only text in its teal (#0f766e); where its pixels sit says which side it starts.
      let sum = 0;
      let count = 0;
      for (let y = 0; y < height / 8; y += 1)
        for (let x = 0; x < width; x += 1) {
          const at = (y * width + x) * 4;
          const [red = 0, green = 0, blue = 0] = rgba.subarray(at, at + 3);
          if (Math.abs(red - 0x0f) < 40 && Math.abs(green - 0x76) < 40 && Math.abs(blue - 0x6e) < 40) {
            sum += x;
            count += 1;
          }
        }
      expect(count).toBeGreaterThan(50);
      expect(sum / count < width / 2 ? 'left' : 'right').toBe(side);
    }
  });

  it('is refused to anyone but the two parties, and for weeks without time', async () => {
    for (const account of [otherEmployer, otherProfessional]) {
      const response = await download(account);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ detail: 'Only the employer and the hired professional can see this job’s time' });
    }
    expect((await download(undefined)).statusCode).toBe(401);
    expect((await download(employer, '2026-11-09')).json()).toMatchObject({
      code: 'not_found',
      detail: 'No time was recorded in this week',
    });
    expect((await download(employer, '2026-11-03')).statusCode).toBe(422);
    expect((await download(employer, WEEK, '?language=fr')).statusCode).toBe(422);
    expect((await download(employer, WEEK, '?language=en', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});
