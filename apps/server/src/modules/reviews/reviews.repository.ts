import { and, avg, count, eq, isNotNull, isNull, lte, ne } from 'drizzle-orm';
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
  };
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
