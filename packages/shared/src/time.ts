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
} as const;

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
