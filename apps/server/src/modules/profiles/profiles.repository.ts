import { and, count, desc, eq, inArray, isNotNull, sql, type AnyColumn } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ProfessionalSearchParams } from '@mihna/shared';
import type { Db } from '../../db/client.ts';
import { pruneChanges } from '../../search/live-index.repository.ts';
import { rowsInOrder } from '../../db/rows.ts';
import { contracts } from '../contracts/contracts.schema.ts';
import { jobs } from '../jobs/jobs.schema.ts';
import { ledgerEntries, ledgerTransactions } from '../payments/payments.schema.ts';
import { proposals } from '../proposals/proposals.schema.ts';
import { reviews } from '../reviews/reviews.schema.ts';
import { users } from '../users/users.schema.ts';
import { userChanges } from './profiles.schema.ts';
import { createProfessionalSearchIndex, indexSearchOf, type ProfessionalSearchIndex } from './professional-search.ts';

export const currentJobStatuses = ['open', 'assigned', 'in_progress'] as const;

const acceptedProposalOf = (jobId: typeof jobs.id) => and(eq(proposals.jobId, jobId), eq(proposals.status, 'accepted'));

interface ReviewTable {
  jobId: AnyColumn;
  reviewerId: AnyColumn;
  revieweeId: AnyColumn;
  showOnProfile: AnyColumn;
  releasedAt: AnyColumn;
}
// A review hidden from the profile hides its words and stars everywhere on the profile; a review not yet
// released (double-blind, until both sides have written or 14 days have passed) is not there at all.
const isShown = (review: ReviewTable) => and(eq(review.showOnProfile, true), isNotNull(review.releasedAt));
const shownReview = (review: ReviewTable, reviewerId: AnyColumn, revieweeId: AnyColumn) =>
  and(eq(review.jobId, jobs.id), eq(review.reviewerId, reviewerId), eq(review.revieweeId, revieweeId), isShown(review));

/**
 * What was paid for a job's work, from the ledger: its releases out of escrow (before the service fee;
 * a split settlement counts its released part, never its refund) and the cash its employer confirmed,
 * in the job's currency. Null when nothing was paid, never the agreed budget.
 */
const paidForJob = sql<number | null>`(select sum(${ledgerEntries.amountMinor}) from ${ledgerTransactions}
    join ${ledgerEntries} on ${ledgerEntries.transactionId} = ${ledgerTransactions.id}
    where ${ledgerTransactions.jobId} = ${jobs.id} and ${ledgerTransactions.kind} in ('milestone_released', 'cash_settled')
      and ${ledgerEntries.amountMinor} > 0)`.mapWith(Number);

const average = (column: AnyColumn) => sql<string | null>`avg(${column})`;
const starCount = (stars: number) => sql<number>`count(*) filter (where ${reviews.overallRating} = ${stars})`.mapWith(Number);

/** `searchIndex`: this process's (one per process; tests may give each repository its own). */
/** The columns a public answer may be built from: no e-mail, phone or password ever leaves the query. */
export const publicUserColumns = {
  id: users.id,
  role: users.role,
  firstName: users.firstName,
  lastName: users.lastName,
  bio: users.bio,
  profilePictureId: users.profilePictureId,
  showLocation: users.showLocation,
  showExactLocation: users.showExactLocation,
  country: users.country,
  emirate: users.emirate,
  city: users.city,
  industryCategory: users.industryCategory,
  localServiceCategory: users.localServiceCategory,
  localServiceSubcategory: users.localServiceSubcategory,
  skills: users.skills,
  languages: users.languages,
  careerHighlights: users.careerHighlights,
  hourlyRateMinor: users.hourlyRateMinor,
  yearsOfExperience: users.yearsOfExperience,
  availabilityStatus: users.availabilityStatus,
  totalRating: users.totalRating,
  totalReviews: users.totalReviews,
  companyName: users.companyName,
  companyDescription: users.companyDescription,
  companySize: users.companySize,
  websiteUrl: users.websiteUrl,
  linkedinUrl: users.linkedinUrl,
  githubUrl: users.githubUrl,
  behanceUrl: users.behanceUrl,
  createdAt: users.createdAt,
};

export type PublicUserRow = Pick<typeof users.$inferSelect, keyof typeof publicUserColumns>;

export function createProfilesRepository(db: Db, searchIndex: ProfessionalSearchIndex = createProfessionalSearchIndex(db)) {
  return {
    /**
     * Professionals matching the search, in its order, from the index brought up to every change
     * committed so far: the exact total, and the page's professionals read by id. One who left the
     * listing since the index read them is left out of the page.
     */
    async searchProfessionals(params: ProfessionalSearchParams) {
      await searchIndex.catchUp();
      const query = params.q ? await searchIndex.queryOf(params.q) : undefined;
      const answer = searchIndex.index.search(indexSearchOf(params, query));
      const rows = await rowsInOrder(answer.ids, (ids) =>
        db
          .select(publicUserColumns)
          .from(users)
          .where(and(inArray(users.id, [...ids]), eq(users.role, 'professional'), eq(users.accountStatus, 'active'))),
      );
      return { rows, total: answer.total };
    },

    /** Loads the search index now rather than on the first search, and reads its changes. */
    warmSearch: () => searchIndex.catchUp(),

    /** Where the professional search index's memory goes. */
    searchIndexMemory: () => searchIndex.memory(),

    /** Drops the professional changes that every index has read (a day is far more than any needs). */
    async pruneSearchChanges() {
      await pruneChanges(db, userChanges);
    },

    async findActiveUser(id: string, role: 'professional' | 'employer', executor: Db = db) {
      const [row] = await executor
        .select(publicUserColumns)
        .from(users)
        .where(and(eq(users.id, id), eq(users.role, role), eq(users.accountStatus, 'active')));
      return row;
    },

    /** Every completed job the professional was hired for, reduced to what the portfolio counts. */
    listCompletedWork: (workerId: string, executor: Db = db) =>
      executor
        .select({ employerId: jobs.employerId, skillsRequired: jobs.skillsRequired })
        .from(jobs)
        .innerJoin(proposals, acceptedProposalOf(jobs.id))
        .where(and(eq(proposals.workerId, workerId), eq(jobs.status, 'completed'))),

    /** The latest completed jobs the professional was hired for, with the employer's review of the work. */
    listAccomplishments(workerId: string, limit: number, executor: Db = db) {
      const employer = alias(users, 'employer');
      return executor
        .select({
          jobId: jobs.id,
          title: jobs.title,
          description: jobs.description,
          category: jobs.industryCategory,
          currency: jobs.currency,
          skillsRequired: jobs.skillsRequired,
          acceptedAt: proposals.acceptedAt,
          completedAt: jobs.updatedAt,
          employer: { role: employer.role, firstName: employer.firstName, lastName: employer.lastName, companyName: employer.companyName },
          testimonial: reviews.comment,
          rating: reviews.overallRating,
          paidMinor: paidForJob,
          showProjectValue: sql<boolean>`coalesce(${contracts.showProjectValue}, true)`,
          showEmployerName: sql<boolean>`coalesce(${contracts.showEmployerName}, true)`,
        })
        .from(jobs)
        .innerJoin(proposals, acceptedProposalOf(jobs.id))
        .innerJoin(employer, eq(employer.id, jobs.employerId))
        .leftJoin(contracts, eq(contracts.jobId, jobs.id))
        .leftJoin(reviews, shownReview(reviews, jobs.employerId, proposals.workerId))
        .where(and(eq(proposals.workerId, workerId), eq(jobs.status, 'completed')))
        .orderBy(desc(jobs.updatedAt), desc(jobs.id))
        .limit(limit);
    },

    /** The latest reviews of a user that are shown on their profile. */
    listProfileReviews(revieweeId: string, limit: number, executor: Db = db) {
      const reviewer = alias(users, 'reviewer');
      return executor
        .select({
          id: reviews.id,
          jobTitle: jobs.title,
          reviewer: { role: reviewer.role, firstName: reviewer.firstName, lastName: reviewer.lastName, companyName: reviewer.companyName },
          overallRating: reviews.overallRating,
          comment: reviews.comment,
          createdAt: reviews.createdAt,
        })
        .from(reviews)
        .innerJoin(jobs, eq(jobs.id, reviews.jobId))
        .innerJoin(reviewer, eq(reviewer.id, reviews.reviewerId))
        .where(and(eq(reviews.revieweeId, revieweeId), isShown(reviews)))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(limit);
    },

    /** Averages (null when there is nothing to average) and star counts over the reviews shown on a profile. */
    async summariseProfileReviews(revieweeId: string, executor: Db = db) {
      const [summary] = await executor
        .select({
          total: count(),
          overall: average(reviews.overallRating),
          workQuality: average(reviews.workQuality),
          communication: average(reviews.communication),
          timeliness: average(reviews.timeliness),
          paymentReliability: average(reviews.paymentReliability),
          oneStar: starCount(1),
          twoStars: starCount(2),
          threeStars: starCount(3),
          fourStars: starCount(4),
          fiveStars: starCount(5),
        })
        .from(reviews)
        .where(and(eq(reviews.revieweeId, revieweeId), isShown(reviews)));
      if (!summary) throw new Error('an aggregate returned no row');
      return summary;
    },

    /** Every job the employer posted, reduced to what the employer's statistics count. */
    listPostedJobs: (employerId: string, executor: Db = db) =>
      executor
        .select({ status: jobs.status, industryCategory: jobs.industryCategory, hiredWorkerId: proposals.workerId })
        .from(jobs)
        .leftJoin(proposals, acceptedProposalOf(jobs.id))
        .where(eq(jobs.employerId, employerId)),

    listCurrentJobs: (employerId: string, limit: number, executor: Db = db) =>
      executor
        .select({
          id: jobs.id,
          title: jobs.title,
          description: jobs.description,
          jobType: jobs.jobType,
          currency: jobs.currency,
          budgetMinMinor: jobs.budgetMinMinor,
          budgetMaxMinor: jobs.budgetMaxMinor,
          createdAt: jobs.createdAt,
          country: jobs.country,
          region: jobs.region,
          industryCategory: jobs.industryCategory,
          skillsRequired: jobs.skillsRequired,
          status: jobs.status,
          proposalCount: jobs.proposalCount,
        })
        .from(jobs)
        .where(and(eq(jobs.employerId, employerId), inArray(jobs.status, [...currentJobStatuses]), eq(jobs.moderationStatus, 'active')))
        .orderBy(desc(jobs.createdAt), desc(jobs.id))
        .limit(limit),

    /** The latest completed jobs of an employer, with the hired professional and the reviews both ways. */
    listJobHistory(employerId: string, limit: number, executor: Db = db) {
      const worker = alias(users, 'worker');
      const byEmployer = alias(reviews, 'employer_review');
      const byWorker = alias(reviews, 'worker_review');
      return executor
        .select({
          jobId: jobs.id,
          title: jobs.title,
          description: jobs.description,
          category: jobs.industryCategory,
          currency: jobs.currency,
          paidMinor: paidForJob,
          completedAt: jobs.updatedAt,
          workerFirstName: worker.firstName,
          workerLastName: worker.lastName,
          employerFeedback: byEmployer.comment,
          workerRating: byEmployer.overallRating,
          workerFeedback: byWorker.comment,
          receivedRating: byWorker.overallRating,
        })
        .from(jobs)
        .leftJoin(proposals, acceptedProposalOf(jobs.id))
        .leftJoin(worker, eq(worker.id, proposals.workerId))
        .leftJoin(byEmployer, shownReview(byEmployer, jobs.employerId, proposals.workerId))
        .leftJoin(byWorker, shownReview(byWorker, proposals.workerId, jobs.employerId))
        .where(and(eq(jobs.employerId, employerId), eq(jobs.status, 'completed')))
        .orderBy(desc(jobs.updatedAt), desc(jobs.id))
        .limit(limit);
    },
  };
}

export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
