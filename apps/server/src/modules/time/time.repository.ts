import { MAX_ENTRY_SECONDS } from '@mihna/shared';
import { and, desc, eq, getTableColumns, gt, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobs, timeEntries } from '../../db/schema.ts';
import type { Tx } from '../../db/transaction.ts';

export type TimeEntryRow = typeof timeEntries.$inferSelect;
export type NewTimeEntry = typeof timeEntries.$inferInsert;
export type TimeEntryWithJob = TimeEntryRow & { jobTitle: string };

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

    /** Newest first, `limit` at a time, before an entry's start (keyset: start time, then id). */
    async list(
      scope: { professionalId: string } | { contractId: string },
      page: { before?: { startedAt: Date; id: string }; limit: number },
      executor: Db = db,
    ): Promise<TimeEntryWithJob[]> {
      const conditions: (SQL | undefined)[] = [
        'professionalId' in scope ? eq(timeEntries.professionalId, scope.professionalId) : eq(timeEntries.contractId, scope.contractId),
      ];
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
  };
}

export type TimeRepository = ReturnType<typeof createTimeRepository>;
