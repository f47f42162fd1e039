import { gulfWeekOf, gulfWeekStartInstant } from '@mihna/shared';
import { actorOf } from '../lib/access.ts';
import type { ContractRow } from '../modules/contracts/index.ts';
import type { PaymentsService } from '../modules/payments/index.ts';
import type { TimeService, TimesheetsService } from '../modules/time/index.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

const tasks = {
  en: [
    'Requirements call and notes',
    'Page layouts and components',
    'Forms and validation',
    'Fixes from the review',
    'Testing on phones',
    'Handover notes',
  ],
  ar: [
    'اجتماع المتطلبات والملاحظات',
    'تصميم الصفحات والمكوّنات',
    'النماذج والتحقق من المدخلات',
    'إصلاحات بعد المراجعة',
    'الاختبار على الهواتف',
    'ملاحظات التسليم',
  ],
};
const disputeNote = {
  en: 'We agreed this call would not be billed.',
  ar: 'اتفقنا على ألا يُحتسب هذا الاجتماع.',
};

/**
 * An hourly contract's demo history, through the same services users go through: timed sessions on
 * three working days a week, each ended week reviewed by the employer the day after (one entry
 * disputed now and then) and paid through the gateway (or in cash). Most contracts end at 80% of their
 * time so far; the ongoing one keeps going with its last ended week waiting for the employer's review.
 * (Escrow holds nothing of a week once it is paid, so an hourly contract has nothing to dispute: decision 45.)
 */
export async function workByTheHour(input: {
  contract: ContractRow;
  language: 'en' | 'ar';
  index: number;
  /** Ended at 80% of its time so far; going on with a week awaiting review; or going on with a dispute open. */
  outcome: 'ended' | 'ongoing';
  now: Date;
  setClock: (at: number) => void;
  time: TimeService;
  timesheets: TimesheetsService;
  payments: PaymentsService;
  pay: (checkoutId: string) => Promise<void>;
}): Promise<{ ended: boolean }> {
  const { contract, language, index, outcome, setClock, time, timesheets, payments } = input;
  const isOngoing = outcome !== 'ended';
  const employer = actorOf({ id: contract.employerId, role: 'employer' });
  const professional = actorOf({ id: contract.professionalId, role: 'professional' });
  const start = contract.createdAt.getTime();
  const now = input.now.getTime() - HOUR;
  const endAt = isOngoing ? now : start + (now - start) * 0.8;

  // Sessions on Monday to Wednesday of each week, in the afternoon (UTC+4), kept clear of other contracts' by the index.
  const weeks: string[] = [];
  for (let monday = gulfWeekOf(new Date(start)); gulfWeekStartInstant(monday).getTime() < endAt;) {
    weeks.push(monday);
    monday = gulfWeekOf(new Date(gulfWeekStartInstant(monday).getTime() + WEEK));
  }
  for (const monday of weeks) {
    for (let day = 0; day < 3; day += 1) {
      const from = gulfWeekStartInstant(monday).getTime() + day * DAY + (6 + (index % 4) * 2) * HOUR;
      const to = from + (1.5 + ((index + day) % 3)) * HOUR;
      if (from < start + HOUR || to > endAt) continue;
      setClock(from);
      const started = await time.start(professional, {
        job_id: contract.jobId,
        description: tasks[language][(index + day + weeks.indexOf(monday)) % tasks[language].length]!,
      });
      setClock(to);
      await time.stop(professional, started.entry.id, { description: started.entry.description });
    }
  }

  if (!isOngoing) {
    setClock(endAt);
    await timesheets.endContract(employer, contract.jobId);
  }

  // Each ended week is reviewed the next day and paid; the ongoing contract's last one waits.
  const ended = weeks.filter((monday) => gulfWeekStartInstant(monday).getTime() + WEEK + DAY + 6 * HOUR < now);
  const reviewed = outcome === 'ongoing' ? ended.slice(0, -1) : ended;
  for (const [position, monday] of reviewed.entries()) {
    setClock(gulfWeekStartInstant(monday).getTime() + WEEK + DAY + 5 * HOUR);
    const { timesheets: sheets } = await timesheets.listTimesheets(employer, contract.jobId);
    if (!sheets.some((sheet) => sheet.week_start === monday)) continue;
    const disputes =
      position === 1 && index % 2 === 0
        ? await firstEntryOf(time, employer, contract.jobId, monday).then((id) =>
            id ? [{ entry_id: id, note: disputeNote[language] }] : [],
          )
        : [];
    await timesheets.review(employer, contract.jobId, monday, disputes);
    setClock(gulfWeekStartInstant(monday).getTime() + WEEK + DAY + 6 * HOUR);
    if (contract.paymentMethod === 'escrow') {
      const checkout = await timesheets.pay(employer, contract.jobId, monday);
      await input.pay(checkout.checkout_id);
    } else {
      const bill = (await timesheets.listTimesheets(employer, contract.jobId)).timesheets.find(
        (sheet) => sheet.week_start === monday,
      )?.bill;
      if (bill) {
        await payments.markPaidInCash(professional, bill.milestone_id);
        await payments.confirmCashPayment(employer, bill.milestone_id);
      }
    }
  }
  setClock(Math.max(endAt, now - 2 * HOUR));
  return { ended: !isOngoing };
}

async function firstEntryOf(time: TimeService, employer: ReturnType<typeof actorOf>, jobId: string, monday: string) {
  const { entries } = await time.listEntries(employer, { job_id: jobId, week: monday });
  return entries.at(-1)?.id;
}
