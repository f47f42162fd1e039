import { and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobInterests, jobInvitations, jobs, jobViews, proposals } from '../../db/schema.ts';

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

    /** Locks the job's row for the rest of the transaction, so its changes happen in turn. */
    async lockJob(id: string, executor: Db) {
      const [job] = await executor.select(cardColumns).from(jobs).where(eq(jobs.id, id)).for('update');
      return job;
    },

    async updateJob(id: string, changes: Partial<NewJob>, executor: Db) {
      const [job] = await executor.update(jobs).set(changes).where(eq(jobs.id, id)).returning(cardColumns);
      if (!job) throw new Error(`job ${id} vanished while locked`);
      return job;
    },

    /** One page of an employer's projects in every status, newest first, and how many they have. */
    async listEmployerJobs(employerId: string, page: { skip: number; limit: number }) {
      const [rows, total] = await Promise.all([
        db
          .select(cardColumns)
          .from(jobs)
          .where(eq(jobs.employerId, employerId))
          .orderBy(desc(jobs.createdAt), desc(jobs.id))
          .offset(page.skip)
          .limit(page.limit),
        db.$count(jobs, eq(jobs.employerId, employerId)),
      ]);
      return { rows, total };
    },

    /** The client's record: projects posted, and professionals hired on them. */
    async employerRecord(employerId: string) {
      const [posted] = await db.select({ total: count() }).from(jobs).where(eq(jobs.employerId, employerId));
      const [hired] = await db
        .select({ total: count() })
        .from(proposals)
        .innerJoin(jobs, eq(jobs.id, proposals.jobId))
        .where(and(eq(jobs.employerId, employerId), eq(proposals.status, 'accepted')));
      return { projectsPosted: posted?.total ?? 0, hiresMade: hired?.total ?? 0 };
    },

    /** What the viewer has done on the job (their proposal, their interest) and the invitation they were sent. */
    async viewerRecords(jobId: string, userId: string) {
      const [[proposal], [interest], [invitation]] = await Promise.all([
        db
          .select()
          .from(proposals)
          .where(and(eq(proposals.jobId, jobId), eq(proposals.workerId, userId)))
          .limit(1),
        db
          .select()
          .from(jobInterests)
          .where(and(eq(jobInterests.jobId, jobId), eq(jobInterests.workerId, userId)))
          .limit(1),
        db
          .select({ message: jobInvitations.message, createdAt: jobInvitations.createdAt })
          .from(jobInvitations)
          .where(and(eq(jobInvitations.jobId, jobId), eq(jobInvitations.professionalId, userId)))
          .limit(1),
      ]);
      return { proposal, interest, invitation };
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
