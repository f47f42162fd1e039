import { z } from 'zod';
import { messages } from './messages.ts';
import { multiLineText, singleLineText } from './text.ts';

/** A timer left running is stopped this long after it started, and the entry is flagged (issue 12). */
export const MAX_ENTRY_HOURS = 12;
export const MAX_ENTRY_SECONDS = MAX_ENTRY_HOURS * 3600;

/** Where an entry's hours come from: the timer, or typed in afterwards for time worked offline. */
export const timeEntrySources = ['timer', 'manual'] as const;
export type TimeEntrySource = (typeof timeEntrySources)[number];

export const timeMessages = {
  onlyProfessionals: 'Only professionals can track time',
  notYourJob: 'You can track time only on jobs you were hired for',
  hourlyOnly: 'Time is tracked on hourly projects only',
  contractEnded: 'This contract has ended: no more time can be tracked on it',
  alreadyRunning: 'A timer is already running. Stop it before starting another.',
  entryNotFound: 'Time entry not found',
  notYourEntry: 'You can stop only your own timer',
  alreadyStopped: 'This timer has already stopped',
  endBeforeStart: 'The end must be after the start',
  inTheFuture: 'Time cannot be recorded in the future',
  tooLong: `An entry can be at most ${MAX_ENTRY_HOURS} hours`,
  overlaps: 'This time overlaps an entry you already recorded',
  onlyParties: 'Only the employer and the hired professional can see this job’s time',
  beforeHire: 'Time can be recorded only from when you were hired',
  started: 'Timer started',
  stopped: 'Timer stopped',
  manualAdded: 'Time entry added',
  weekReviewed: 'This week’s timesheet has already been reviewed: no more time can be added to it',
  onlyOwnerReviews: 'Only the project owner can review timesheets',
  weekNotOver: 'A week’s timesheet can be reviewed once the week has ended',
  alreadyReviewed: 'This week’s timesheet has already been reviewed',
  stillRunning: 'A timer in this week is still running. The week can be reviewed once it stops.',
  emptyWeek: 'No time was recorded in this week',
  notInWeek: 'This entry is not in this week’s timesheet',
  timesheetApproved: 'Timesheet approved',
  timesheetNotFound: 'This week has no reviewed timesheet',
  onlyOwnerPays: 'Only the project owner can pay for approved hours',
  nothingToPay: 'No hours were approved in this week',
  alreadyPaid: 'The approved hours of this week are already paid',
  paidByTimesheets: 'Hourly projects are paid from their approved weekly timesheets',
  notEndable: 'Only an active hourly contract can be ended',
  onlyPartiesEnd: 'Only the employer and the hired professional can end this contract',
  contractEndedNow: 'Contract ended',
} as const;

/** An unreviewed week's timesheet is approved for its employer this many days after the week ends. */
export const TIMESHEET_AUTO_APPROVE_DAYS = 7;

export const jobIdField = z.string({ error: messages.required }).trim().min(1, messages.required).max(64, messages.invalidFormat);

/** POST /api/time/start (§7): a job and a non-empty description (§5). */
export const timerStartSchema = z.object({
  job_id: jobIdField,
  description: singleLineText(500),
});

/** PUT /api/time/{id}/stop (§7): the description as it stands when the timer stops. */
export const timerStopSchema = z.object({
  description: singleLineText(500),
});

/** Instants the marketplace records time at: from 2000 to 2100 (anything else is a typing slip or a probe). */
export const isRecordableInstant = (value: Date) => value.getTime() >= Date.UTC(2000, 0, 1) && value.getTime() < Date.UTC(2100, 0, 1);

/** An ISO 8601 instant with its offset ('2026-11-20T05:00:00Z', '…+04:00'), as the API takes times. */
const instant = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .pipe(z.iso.datetime({ offset: true, message: messages.invalidFormat }))
  .refine((value) => isRecordableInstant(new Date(value)), messages.invalidFormat);

/** Time worked offline, typed in afterwards with why the timer was not used. */
export const manualEntrySchema = z.object({
  job_id: jobIdField,
  description: singleLineText(500),
  start_time: instant,
  end_time: instant,
  reason: multiLineText(1000),
});

/** §3 Time entry, as GET /api/time/worker/active answers it. */
export const activeEntrySchema = z.object({
  id: z.string(),
  job_id: z.string(),
  description: z.string(),
  start_time: z.string(),
  /** Beyond §3: the project's title, so the timer names its project even when it is no longer in progress. */
  job_title: z.string(),
});
export type ActiveEntry = z.infer<typeof activeEntrySchema>;

/** A recorded entry: its hours to the second, and what they come to at the contract's rate. */
export const timeEntrySchema = activeEntrySchema.extend({
  end_time: z.string().nullable(),
  seconds: z.number().int().nullable(),
  hourly_rate: z.number(),
  amount: z.number().nullable(),
  currency: z.string(),
  source: z.enum(timeEntrySources),
  manual_reason: z.string().nullable(),
  /** Stopped by the server at MAX_ENTRY_HOURS, not by the professional. */
  capped: z.boolean(),
  /** The employer's word on the entry in its week's timesheet: null until the week is reviewed. */
  review_status: z.enum(['approved', 'disputed']).nullable(),
  /** Why the employer disputed it. */
  review_note: z.string().nullable(),
});
export type TimeEntry = z.infer<typeof timeEntrySchema>;

export const timeEntriesSchema = z.object({
  entries: z.array(timeEntrySchema),
  /** Pass as `before` for the next, older page; null on the last. */
  next_before: z.string().nullable(),
});

/**
 * The Gulf's clock for timesheets: the UAE's (Asia/Dubai), four hours ahead of UTC all year, with no
 * daylight saving. A week runs Monday to Sunday on it.
 */
export const GULF_TIME_ZONE = 'Asia/Dubai';
const GULF_OFFSET_MS = 4 * 3_600_000;
const DAY_MS = 86_400_000;

/** The calendar date (YYYY-MM-DD) an instant falls on in the Gulf. */
export const gulfDateOf = (instant: Date | string): string =>
  new Date(new Date(instant).getTime() + GULF_OFFSET_MS).toISOString().slice(0, 10);

/** The Monday (YYYY-MM-DD, Gulf time) of the week an instant falls in. */
export function gulfWeekOf(instant: Date | string): string {
  const local = new Date(new Date(instant).getTime() + GULF_OFFSET_MS);
  const daysSinceMonday = (local.getUTCDay() + 6) % 7;
  return new Date(local.getTime() - daysSinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** The Sunday that ends the week starting on `monday` (both YYYY-MM-DD). */
export const weekEndOf = (monday: string): string => new Date(Date.parse(`${monday}T00:00:00Z`) + 6 * DAY_MS).toISOString().slice(0, 10);

/** A Monday as YYYY-MM-DD: the week a timesheet covers. */
export const weekStartSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, messages.invalidFormat)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && date.getUTCDay() === 1 && isRecordableInstant(date);
  }, messages.invalidFormat);

/** The instant (UTC) a Gulf week starting on `monday` begins: midnight in the UAE. */
export const gulfWeekStartInstant = (monday: string) => new Date(Date.parse(`${monday}T00:00:00Z`) - GULF_OFFSET_MS);

/** Approving a week: every entry is approved except those disputed, each with the employer's note. */
export const timesheetReviewSchema = z.object({
  disputes: z
    .array(z.object({ entry_id: jobIdField, note: multiLineText(1000) }))
    .max(500)
    .default([]),
});
export type TimesheetReviewInput = z.input<typeof timesheetReviewSchema>;

/**
 * Where a week's timesheet stands: still running (the week has not ended), awaiting the employer's
 * review, or approved (by the employer, or automatically once it went unanswered).
 */
export const timesheetStatuses = ['in_progress', 'awaiting_review', 'approved'] as const;
/** What the approved hours' bill has come to: awaiting the employer's payment, held by a dispute, paid, or in cash. */
export const timesheetBillStatuses = ['unpaid', 'held', 'paid', 'paid_in_cash', 'refunded', 'split', 'cancelled'] as const;

export const timesheetSchema = z.object({
  week_start: z.string(),
  week_end: z.string(),
  status: z.enum(timesheetStatuses),
  entries: z.number().int(),
  seconds: z.number().int(),
  amount: z.number(),
  currency: z.string(),
  approved_seconds: z.number().int(),
  approved_amount: z.number(),
  disputed_entries: z.number().int(),
  disputed_seconds: z.number().int(),
  reviewed_at: z.string().nullable(),
  approved_automatically: z.boolean(),
  /** When an unanswered week is approved for the employer. */
  auto_approve_at: z.string().nullable(),
  /** The approved hours' milestone and where its payment stands; null when nothing was approved. */
  bill: z.object({ milestone_id: z.string(), status: z.enum(timesheetBillStatuses) }).nullable(),
});
export type Timesheet = z.infer<typeof timesheetSchema>;

export const timesheetsSchema = z.object({
  timesheets: z.array(timesheetSchema),
  contract_status: z.enum(['active', 'completed', 'cancelled']),
  is_cash: z.boolean(),
});
export type TimesheetsResponse = z.infer<typeof timesheetsSchema>;
