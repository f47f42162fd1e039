import { MAX_ENTRY_SECONDS } from '@mihna/shared';
import { and, desc, eq, getTableColumns, gt, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contracts } from '../contracts/contracts.schema.ts';
import { jobs } from '../jobs/jobs.schema.ts';
import { milestones } from '../payments/payments.schema.ts';
import { timeEntries, timesheets } from './time.schema.ts';
import type { Tx } from '../../db/transaction.ts';

export type TimeEntryRow = typeof timeEntries.$inferSelect;
export type NewTimeEntry = typeof timeEntries.$inferInsert;
export type TimeEntryWithJob = TimeEntryRow & { jobTitle: string };
export type TimesheetRow = typeof timesheets.$inferSelect;

/** The Monday (YYYY-MM-DD) of an entry's Gulf week, in SQL: the UAE is UTC+4 all year. */
const weekOf = sql<string>`to_char(date_trunc('week', (${timeEntries.startedAt} at time zone 'UTC') + interval '4 hours'), 'YYYY-MM-DD')`;

/** A week's entries and totals as the timesheet shows them, with its review when it has one. */
export interface WeekSummary {
  weekStart: string;
  entries: number;
  seconds: number;
  amountMinor: number;
  approvedSeconds: number;
  approvedAmountMinor: number;
  disputedEntries: number;
  disputedSeconds: number;
  review: TimesheetRow | null;
  billStatus: string | null;
}

/** How an entry ends: when, how long, what it comes to, and whether the server cut it off. */
export interface Ending {
  endedAt: Date;
  seconds: number;
  amountMinor: number;
  description: string;
  capped: boolean;
}

const withJob = { ...getTableColumns(timeEntries), jobTitle: jobs.title };

/** The time_entries table's only writer. */
export function createTimeRepository(db: Db) {
  async function findEntry(id: string, executor: Db = db): Promise<TimeEntryWithJob | undefined> {
    const [row] = await executor
      .select(withJob)
      .from(timeEntries)
      .innerJoin(jobs, eq(jobs.id, timeEntries.jobId))
      .where(eq(timeEntries.id, id));
    return row;
  }

  const entriesBetween = (contractId: string, from: Date, to: Date, executor: Db) =>
    executor
      .select()
      .from(timeEntries)
      .where(and(eq(timeEntries.contractId, contractId), gte(timeEntries.startedAt, from), lt(timeEntries.startedAt, to)))
      .orderBy(timeEntries.startedAt, timeEntries.id);

  async function findTimesheet(contractId: string, weekStart: string, executor: Db = db): Promise<TimesheetRow | undefined> {
    const [row] = await executor
      .select()
      .from(timesheets)
      .where(and(eq(timesheets.contractId, contractId), eq(timesheets.weekStart, weekStart)));
    return row;
  }

  return {
    findEntry,

    /** A running entry, or undefined when the professional already has one running (the partial unique index). */
    async insertRunning(entry: NewTimeEntry, executor: Db = db): Promise<TimeEntryRow | undefined> {
      const [row] = await executor.insert(timeEntries).values(entry).onConflictDoNothing().returning();
      return row;
    },

    async insertManual(entry: NewTimeEntry, tx: Tx): Promise<TimeEntryRow> {
      const [row] = await tx.insert(timeEntries).values(entry).returning();
      if (!row) throw new Error('insert returned no time entry');
      return row;
    },

    async findRunning(professionalId: string, executor: Db = db): Promise<TimeEntryWithJob | undefined> {
      const [row] = await executor
        .select(withJob)
        .from(timeEntries)
        .innerJoin(jobs, eq(jobs.id, timeEntries.jobId))
        .where(and(eq(timeEntries.professionalId, professionalId), isNull(timeEntries.endedAt)));
      return row;
    },

    /** Ends a running entry; undefined when it had already ended (a second stop racing the first). */
    async finish(id: string, ending: Ending, executor: Db = db): Promise<TimeEntryWithJob | undefined> {
      const [row] = await executor
        .update(timeEntries)
        .set(ending)
        .where(and(eq(timeEntries.id, id), isNull(timeEntries.endedAt)))
        .returning({ id: timeEntries.id });
      return row && findEntry(row.id, executor);
    },

    /**
     * Ends at MAX_ENTRY_SECONDS every entry still running that long after it started (of one
     * professional, or of everyone), flagged as capped: the rate × 12 hours, exactly.
     */
    async capOverrunning(now: Date, professionalId?: string, executor: Db = db): Promise<number> {
      const cutoff = new Date(now.getTime() - MAX_ENTRY_SECONDS * 1000);
      const capped = await executor
        .update(timeEntries)
        .set({
          endedAt: sql`${timeEntries.startedAt} + make_interval(secs => ${MAX_ENTRY_SECONDS})`,
          seconds: MAX_ENTRY_SECONDS,
          amountMinor: sql`${timeEntries.rateMinor} * ${MAX_ENTRY_SECONDS / 3600}`,
          capped: true,
        })
        .where(
          and(
            isNull(timeEntries.endedAt),
            lt(timeEntries.startedAt, cutoff),
            professionalId ? eq(timeEntries.professionalId, professionalId) : undefined,
          ),
        )
        .returning({ id: timeEntries.id });
      return capped.length;
    },

    /** Whether any of the professional's entries overlaps [start, end); a running one counts up to `now`. */
    async overlaps(professionalId: string, start: Date, end: Date, now: Date, tx: Tx): Promise<boolean> {
      const [row] = await tx
        .select({ id: timeEntries.id })
        .from(timeEntries)
        .where(
          and(
            eq(timeEntries.professionalId, professionalId),
            lt(timeEntries.startedAt, end),
            // A running entry reaches `now`.
            now > start ? or(gt(timeEntries.endedAt, start), isNull(timeEntries.endedAt)) : gt(timeEntries.endedAt, start),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Makes the professional's recorded time change one transaction at a time (overlap checks). */
    async lockProfessional(professionalId: string, tx: Tx) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`time_entries:${professionalId}`}, 0))`);
    },

    /** Newest first, `limit` at a time, before an entry's start (keyset: start time, then id); `within` keeps one period. */
    async list(
      scope: { professionalId: string } | { contractId: string },
      page: { before?: { startedAt: Date; id: string }; limit: number; within?: { from: Date; to: Date } },
      executor: Db = db,
    ): Promise<TimeEntryWithJob[]> {
      const conditions: (SQL | undefined)[] = [
        'professionalId' in scope ? eq(timeEntries.professionalId, scope.professionalId) : eq(timeEntries.contractId, scope.contractId),
      ];
      if (page.within) conditions.push(gte(timeEntries.startedAt, page.within.from), lt(timeEntries.startedAt, page.within.to));
      if (page.before)
        conditions.push(
          or(
            lt(timeEntries.startedAt, page.before.startedAt),
            and(eq(timeEntries.startedAt, page.before.startedAt), lt(timeEntries.id, page.before.id)),
          ),
        );
      return executor
        .select(withJob)
        .from(timeEntries)
        .innerJoin(jobs, eq(jobs.id, timeEntries.jobId))
        .where(and(...conditions))
        .orderBy(desc(timeEntries.startedAt), desc(timeEntries.id))
        .limit(page.limit);
    },

    /** A contract's weeks with time in them, newest first, each with its totals, its review and its bill's state. */
    async listWeeks(contractId: string, executor: Db = db): Promise<WeekSummary[]> {
      const weeks = await executor
        .select({
          weekStart: weekOf,
          entries: sql<number>`count(*)::int`,
          seconds: sql<number>`coalesce(sum(${timeEntries.seconds}), 0)::int`,
          amountMinor: sql<number>`coalesce(sum(${timeEntries.amountMinor}), 0)::bigint`,
          approvedSeconds: sql<number>`coalesce(sum(${timeEntries.seconds}) filter (where ${timeEntries.reviewStatus} = 'approved'), 0)::int`,
          approvedAmountMinor: sql<number>`coalesce(sum(${timeEntries.amountMinor}) filter (where ${timeEntries.reviewStatus} = 'approved'), 0)::bigint`,
          disputedEntries: sql<number>`count(*) filter (where ${timeEntries.reviewStatus} = 'disputed')::int`,
          disputedSeconds: sql<number>`coalesce(sum(${timeEntries.seconds}) filter (where ${timeEntries.reviewStatus} = 'disputed'), 0)::int`,
        })
        .from(timeEntries)
        .where(eq(timeEntries.contractId, contractId))
        .groupBy(weekOf)
        .orderBy(desc(weekOf));
      const reviews = await executor
        .select({ review: timesheets, billStatus: milestones.status })
        .from(timesheets)
        .leftJoin(milestones, eq(milestones.id, timesheets.milestoneId))
        .where(eq(timesheets.contractId, contractId));
      const byWeek = new Map(reviews.map((row) => [row.review.weekStart, row]));
      return weeks.map((week) => ({
        ...week,
        amountMinor: Number(week.amountMinor),
        approvedAmountMinor: Number(week.approvedAmountMinor),
        review: byWeek.get(week.weekStart)?.review ?? null,
        billStatus: byWeek.get(week.weekStart)?.billStatus ?? null,
      }));
    },

    findTimesheet,

    /** Whether the week an instant falls in has been reviewed for this contract (time can no longer be added to it). */
    async isWeekReviewed(contractId: string, weekStart: string, tx: Tx) {
      return (await findTimesheet(contractId, weekStart, tx)) !== undefined;
    },

    /** The contract's entries of one week, locked, oldest first. */
    weekEntries(contractId: string, from: Date, to: Date, tx: Tx): Promise<TimeEntryRow[]> {
      return entriesBetween(contractId, from, to, tx).for('update');
    },

    /** A week's entries as they stand, to read (a timesheet's document). */
    entriesOfWeek(contractId: string, from: Date, to: Date, executor: Db = db): Promise<TimeEntryRow[]> {
      return entriesBetween(contractId, from, to, executor);
    },

    /** Records the employer's word on each entry of a week: approved, or disputed with a note. */
    async setReviews(reviews: { id: string; status: 'approved' | 'disputed'; note: string | null }[], tx: Tx) {
      const approved = reviews.filter((review) => review.status === 'approved').map((review) => review.id);
      if (approved.length > 0)
        await tx.update(timeEntries).set({ reviewStatus: 'approved', reviewNote: null }).where(inArray(timeEntries.id, approved));
      for (const review of reviews.filter((item) => item.status === 'disputed'))
        await tx.update(timeEntries).set({ reviewStatus: 'disputed', reviewNote: review.note }).where(eq(timeEntries.id, review.id));
    },

    async insertTimesheet(row: typeof timesheets.$inferInsert, tx: Tx): Promise<TimesheetRow | undefined> {
      const [inserted] = await tx.insert(timesheets).values(row).onConflictDoNothing().returning();
      return inserted;
    },

    /** Weeks with unreviewed time that started before `before`, oldest first: those due for automatic approval. */
    listUnreviewedWeeks(before: Date, limit: number, executor: Db = db): Promise<{ contractId: string; weekStart: string }[]> {
      return executor
        .selectDistinct({ contractId: timeEntries.contractId, weekStart: weekOf })
        .from(timeEntries)
        .where(and(isNull(timeEntries.reviewStatus), lt(timeEntries.startedAt, before)))
        .orderBy(weekOf, timeEntries.contractId)
        .limit(limit);
    },

    /**
     * Of these jobs, the ones with a contract, each with whether the user is on the given side of it (or
     * either): the access rules' answer for time and timesheets, which are a contract's, found by its job.
     */
    async contractGrants(userId: string, jobIds: readonly string[], side: 'employer' | 'professional' | 'either') {
      const rows = await db
        .select({ jobId: contracts.jobId, employerId: contracts.employerId, professionalId: contracts.professionalId })
        .from(contracts)
        .where(inArray(contracts.jobId, [...jobIds]));
      const isOn = (row: (typeof rows)[number]) =>
        (side !== 'professional' && row.employerId === userId) || (side !== 'employer' && row.professionalId === userId);
      return new Map(rows.map((row) => [row.jobId, isOn(row)]));
    },

    /** Of these entries, the ones that exist, each with whether the user recorded it. */
    async entryGrants(userId: string, entryIds: readonly string[]) {
      const rows = await db
        .select({ id: timeEntries.id, professionalId: timeEntries.professionalId })
        .from(timeEntries)
        .where(inArray(timeEntries.id, [...entryIds]));
      return new Map(rows.map((row) => [row.id, row.professionalId === userId]));
    },
  };
}

export type TimeRepository = ReturnType<typeof createTimeRepository>;
