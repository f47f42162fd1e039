import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobInterests, jobs, jobViews, proposals } from '../../db/schema.ts';

/** Every column but the search ones, which only the database reads. */
const { searchVector: _searchVector, facets: _facets, ...columns } = getTableColumns(jobs);
export const cardColumns = columns;
export type NewJob = typeof jobs.$inferInsert;

export function createJobsRepository(db: Db) {
  return {
    async insertJob(job: NewJob, executor: Db = db) {
      const [created] = await executor.insert(jobs).values(job).returning(cardColumns);
      if (!created) throw new Error('insert returned no job');
      return created;
    },

    async findJob(id: string, executor: Db = db) {
      const [job] = await executor.select(cardColumns).from(jobs).where(eq(jobs.id, id)).limit(1);
      return job;
    },

    listEmployerJobs: (employerId: string) =>
      db.select(cardColumns).from(jobs).where(eq(jobs.employerId, employerId)).orderBy(desc(jobs.createdAt), desc(jobs.id)).limit(200),

    /** What the viewer has already done on the job: a proposal (and whether it was accepted), an interest. */
    async viewerState(jobId: string, userId: string) {
      const [proposal] = await db
        .select({ status: proposals.status })
        .from(proposals)
        .where(and(eq(proposals.jobId, jobId), eq(proposals.workerId, userId)))
        .limit(1);
      const [interest] = await db
        .select({ id: jobInterests.id })
        .from(jobInterests)
        .where(and(eq(jobInterests.jobId, jobId), eq(jobInterests.workerId, userId)))
        .limit(1);
      return { hasProposal: Boolean(proposal), isHired: proposal?.status === 'accepted', hasExpressedInterest: Boolean(interest) };
    },

    /** Counts a view once per viewer per day: only the first insert of the day adds to the count. */
    async recordView(jobId: string, viewerKey: string, day: string) {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(jobViews)
          .values({ jobId, viewerKey, day })
          .onConflictDoNothing()
          .returning({ jobId: jobViews.jobId });
        if (inserted.length === 0) return false;
        await tx
          .update(jobs)
          .set({ viewCount: sql`${jobs.viewCount} + 1` })
          .where(eq(jobs.id, jobId));
        return true;
      });
    },

    /** Views older than a few days only ever stop double counting; the hourly pruning drops them. */
    async pruneViews(before: string) {
      await db.delete(jobViews).where(sql`${jobViews.day} < ${before}::date`);
    },
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;
