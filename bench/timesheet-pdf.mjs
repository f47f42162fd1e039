// npm run bench:timesheet-pdf — a week's timesheet of 500 entries laid out as PDF, in English and Arabic.
// Times the first document (the compiler and the fonts load then, as after a server start) and then
// BENCH_PDF_RUNS (20) more of each language, from the entries to the PDF's bytes: the document's data
// built by the same code the route runs, and the PDF written by the same renderer. Entries mix Arabic
// and English descriptions, notes on time added by hand, and disputes with the employer's note. Every
// run's entries differ (their words, times and amounts), so Typst's memoised layout cannot answer from
// an earlier run: each PDF is laid out afresh, as a different week's would be.
// The PDF is laid out in the renderer's worker thread, as the server does it.
// Target: ≤ 1 s for one PDF of 500 entries (issue 12).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createPdfRenderer } from '../apps/server/src/modules/documents/pdf-renderer.ts';
import { timesheetDocument } from '../apps/server/src/modules/time/timesheet-document.ts';

const RUNS = Number(process.env.BENCH_PDF_RUNS ?? 20);
const ENTRIES = 500;
const monday = Date.parse('2026-11-16T00:00:00+04:00');
const descriptions = [
  'تصميم صفحة الحجز للعيادة ومراجعة النماذج مع الفريق',
  'Booking form validation and error messages for the clinic site',
  'اجتماع مع العميل لمراجعة المتطلبات',
  'Calendar sync with the practice management system (two-way)',
];
const entriesOfRun = (run) =>
  Array.from({ length: ENTRIES }, (_, index) => {
    const startedAt = new Date(monday + Math.floor(index / 72) * 86_400_000 + (index % 72) * 1_200_000 + run * 60_000);
    const seconds = 900 + ((index + run) % 7) * 60;
    const disputed = index % 17 === 0;
    return {
      id: `entry-${index}`,
      description: `${descriptions[(index + run) % descriptions.length]} ${run * ENTRIES + index}`,
      startedAt,
      endedAt: new Date(startedAt.getTime() + seconds * 1000),
      seconds,
      rateMinor: 15_000,
      amountMinor: Math.round((15_000 * seconds) / 3600),
      currency: 'AED',
      source: index % 9 === 0 ? 'manual' : 'timer',
      manualReason: index % 9 === 0 ? 'Worked at the clinic without the laptop' : null,
      capped: false,
      reviewStatus: disputed ? 'disputed' : 'approved',
      reviewNote: disputed ? 'لم نتفق على هذا العمل' : null,
    };
  });
const sheet = {
  week_start: '2026-11-16',
  week_end: '2026-11-22',
  status: 'approved',
  approved_automatically: false,
  reviewed_at: '2026-11-24T08:00:00Z',
  auto_approve_at: null,
  bill: { milestone_id: 'm', status: 'paid' },
};

const renderer = createPdfRenderer();
let run = 0;
const once = async (language) => {
  const entries = entriesOfRun(run++);
  const started = performance.now();
  const document = timesheetDocument({
    language,
    jobTitle: 'Clinic booking site — موقع حجز العيادة',
    employerName: 'Falcon Tech',
    professionalName: 'Hessa Al Falasi',
    reviewerName: 'Falcon Tech',
    rateMinor: 15_000,
    currency: 'AED',
    sheet,
    entries,
    issuedAt: new Date('2026-11-26T08:00:00Z'),
  });
  const pdf = await renderer.render('timesheet', document);
  return { ms: performance.now() - started, bytes: pdf.length };
};

const stalls = monitorEventLoopDelay({ resolution: 5 });
stalls.enable();
const cold = await once('en');
console.log(`first PDF after start (compiler and fonts load): ${cold.ms.toFixed(0)} ms, ${(cold.bytes / 1024).toFixed(0)} KiB`);
for (const language of ['en', 'ar']) {
  const times = [];
  for (let index = 0; index < RUNS; index += 1) times.push((await once(language)).ms);
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(0);
  console.log(`${language}: ${ENTRIES} entries, ${RUNS} runs: min ${at(0)} ms, median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`);
}
stalls.disable();
// The data is built on the main thread; the layout runs in the worker, so the main thread stays free.
console.log(
  `main thread's longest stall meanwhile: ${(stalls.max / 1e6).toFixed(0)} ms (p99 ${(stalls.percentile(99) / 1e6).toFixed(0)} ms)`,
);
await renderer.close();
