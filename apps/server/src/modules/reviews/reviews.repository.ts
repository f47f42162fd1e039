import { and, avg, count, eq, inArray, isNotNull, isNull, lte, ne } from 'drizzle-orm';
import { contracts } from '../contracts/contracts.schema.ts';
import { jobs } from '../jobs/jobs.schema.ts';
import type { Db } from '../../db/client.ts';
import { reviews } from './reviews.schema.ts';
import type { Tx } from '../../db/transaction.ts';

export type ReviewRow = typeof reviews.$inferSelect;

/** The reviews table's only writer. */
export function createReviewsRepository(db: Db) {
  return {
    /** The new review, or undefined when the reviewer already reviewed the job (the unique index decides). */
    async insertReview(review: typeof reviews.$inferInsert, tx: Tx) {
      const [row] = await tx.insert(reviews).values(review).onConflictDoNothing().returning();
      return row;
    },

    listJobReviews: (jobId: string, executor: Db = db) => executor.select().from(reviews).where(eq(reviews.jobId, jobId)),

    async releaseJobReviews(jobId: string, releasedAt: Date, tx: Tx) {
      return tx
        .update(reviews)
        .set({ releasedAt })
        .where(and(eq(reviews.jobId, jobId), isNull(reviews.releasedAt)))
        .returning({ revieweeId: reviews.revieweeId });
    },

    /** Blind reviews whose 14 days have passed. */
    async releaseDue(now: Date, tx: Tx) {
      return tx
        .update(reviews)
        .set({ releasedAt: now })
        .where(and(isNull(reviews.releasedAt), lte(reviews.releaseDueAt, now)))
        .returning({ revieweeId: reviews.revieweeId });
    },

    /** A user's published rating: the average and count of released reviews about them. */
    async ratingOf(revieweeId: string, tx: Tx) {
      const [row] = await tx
        .select({ average: avg(reviews.overallRating), total: count() })
        .from(reviews)
        .where(and(eq(reviews.revieweeId, revieweeId), isNotNull(reviews.releasedAt), ne(reviews.showOnProfile, false)));
      return { average: row?.average === null || row?.average === undefined ? 0 : Number(row.average), total: row?.total ?? 0 };
    },

    /**
     * Of these jobs, the ones with a contract, each with whether the user is a party to it, or its
     * professional when `professionalOnly` (for the access rules): a job's reviews are its contract's.
     */
    async contractGrants(userId: string, jobIds: readonly string[], professionalOnly = false) {
      const rows = await db
        .select({ jobId: contracts.jobId, employerId: contracts.employerId, professionalId: contracts.professionalId })
        .from(contracts)
        .innerJoin(jobs, eq(jobs.id, contracts.jobId))
        .where(inArray(contracts.jobId, [...jobIds]));
      return new Map(rows.map((row) => [row.jobId, row.professionalId === userId || (!professionalOnly && row.employerId === userId)]));
    },
  };
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
