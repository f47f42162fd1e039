import { paymentMessages, REVIEW_BLIND_DAYS, reviewMessages, subjectLinks, type JobReviews, type reviewInputSchema } from '@mihna/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { transaction, type Tx } from '../../db/transaction.ts';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ContractsRepository } from '../contracts/index.ts';
import type { JobStateService } from '../jobs/index.ts';
import type { ModerationService } from '../moderation/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { PeopleLookup, UsersRepository } from '../users/index.ts';
import { partyName } from '../profiles/index.ts';
import { createReviewsAccess } from './reviews.access.ts';
import type { ReviewRow, ReviewsRepository } from './reviews.repository.ts';

type ReviewSubmission = z.output<typeof reviewInputSchema>;
const DAY = 86_400_000;

const toWritten = (row: ReviewRow) => ({
  overall_rating: row.overallRating,
  work_quality: row.workQuality,
  communication: row.communication,
  timeliness: row.timeliness,
  payment_reliability: row.paymentReliability,
  comment: row.comment,
  created_at: row.createdAt.toISOString(),
  is_released: row.releasedAt !== null,
});

/**
 * Verified reviews: once a job completes, each side reviews the other once. Double-blind: neither
 * sees the other's until both have written or REVIEW_BLIND_DAYS have passed; only then do reviews
 * count in ratings and show on profiles.
 */
export function createReviewsService(dependencies: {
  db: Db;
  repository: ReviewsRepository;
  contracts: ContractsRepository;
  jobState: JobStateService;
  users: UsersRepository;
  people: PeopleLookup;
  moderation: ModerationService;
  notifications: NotificationsService;
  clock: () => Date;
}) {
  const { db, repository, contracts, jobState, users, people, moderation, notifications, clock } = dependencies;
  const access = createReviewsAccess(repository);

  /** Keeps the rating stored on the user (search sorts on it) equal to their released reviews. */
  async function refreshRatings(revieweeIds: string[], tx: Tx) {
    for (const id of new Set(revieweeIds)) {
      const rating = await repository.ratingOf(id, tx);
      await users.updateUser(id, { totalRating: Math.round(rating.average * 100) / 100, totalReviews: rating.total }, tx);
    }
  }

  /** The job and contract the access rule found the actor a party to, and their side of it. */
  async function contractOf(actor: Actor, jobId: string) {
    const [job, contract] = await Promise.all([jobState.findJob(jobId), contracts.findContractByJob(jobId)]);
    if (!job || !contract) throw new AppError('not_found', paymentMessages.jobNotFound);
    const side: 'employer' | 'professional' = contract.employerId === actor.id ? 'employer' : 'professional';
    return { job, contract, side };
  }

  return {
    async getJobReviews(actor: Actor, jobId: string): Promise<JobReviews> {
      await access.require(actor, 'review.read', jobId);
      const { contract, side } = await contractOf(actor, jobId);
      const rows = await repository.listJobReviews(contract.jobId);
      const mine = rows.find((row) => row.reviewerId === actor.id);
      const theirs = rows.find((row) => row.reviewerId !== actor.id);
      const other = await people.require(side === 'employer' ? contract.professionalId : contract.employerId);
      return {
        viewer_role: side,
        can_review: contract.status === 'completed' && !mine,
        other_party_name: partyName(other),
        mine: mine ? toWritten(mine) : null,
        // The other side's words stay sealed until released.
        theirs: theirs?.releasedAt ? toWritten(theirs) : null,
        release_due_at: contract.completedAt ? new Date(contract.completedAt.getTime() + REVIEW_BLIND_DAYS * DAY).toISOString() : null,
      };
    },

    async submitReview(actor: Actor, jobId: string, input: ReviewSubmission) {
      await access.require(actor, 'review.create', jobId);
      const { job, contract, side } = await contractOf(actor, jobId);
      if (contract.status !== 'completed' || !contract.completedAt) throw new AppError('conflict', reviewMessages.notCompleted);
      const moderated = moderation.moderateFields({ comment: input.comment });
      const comment = (moderated.values.comment ?? input.comment) || null;
      const isEmployer = side === 'employer';
      const revieweeId = isEmployer ? contract.professionalId : contract.employerId;
      const completedAt = contract.completedAt;
      const isPublished = await transaction(db, async (tx) => {
        const now = clock();
        const row = await repository.insertReview(
          {
            jobId: job.id,
            contractId: contract.id,
            reviewerId: actor.id,
            revieweeId,
            overallRating: input.overall_rating,
            communication: input.communication,
            workQuality: isEmployer ? (input.work_quality ?? null) : null,
            timeliness: isEmployer ? (input.timeliness ?? null) : null,
            paymentReliability: isEmployer ? null : (input.payment_reliability ?? null),
            comment,
            releasedAt: null,
            releaseDueAt: new Date(completedAt.getTime() + REVIEW_BLIND_DAYS * DAY),
            createdAt: now,
          },
          tx,
        );
        if (!row) throw new AppError('conflict', reviewMessages.alreadyReviewed);
        const reviews = await repository.listJobReviews(job.id, tx);
        const isBoth = reviews.length >= 2;
        const isLate = now.getTime() >= completedAt.getTime() + REVIEW_BLIND_DAYS * DAY;
        if (isBoth || isLate) {
          const released = await repository.releaseJobReviews(job.id, now, tx);
          await refreshRatings(
            released.map((review) => review.revieweeId),
            tx,
          );
        }
        const reviewer = await people.require(actor.id, tx);
        await notifications.notify(
          {
            userId: revieweeId,
            kind: 'review_received',
            link: subjectLinks.reviews(job.id),
            params: { party_name: partyName(reviewer), job_title: job.title, job_id: job.id },
          },
          tx,
        );
        return isBoth || isLate;
      });
      void notifications.dispatchSoon();
      return { message: isPublished ? reviewMessages.published : reviewMessages.submitted, moderation_messages: moderated.messages };
    },

    /** Publishes blind reviews whose 14 days have passed (run periodically). */
    async releaseDueReviews() {
      return transaction(db, async (tx) => {
        const released = await repository.releaseDue(clock(), tx);
        await refreshRatings(
          released.map((review) => review.revieweeId),
          tx,
        );
        return released.length;
      });
    },

    /** The professional chooses what their Verified Portfolio tells about one completed job. */
    async setAccomplishmentSettings(actor: Actor, jobId: string, settings: { show_project_value: boolean; show_employer_name: boolean }) {
      await access.require(actor, 'accomplishment.update', jobId);
      const contract = await contracts.findContractByJob(jobId);
      if (!contract) throw new AppError('not_found', paymentMessages.jobNotFound);
      await transaction(db, (tx) =>
        contracts.setPortfolioSettings(
          contract.id,
          { showProjectValue: settings.show_project_value, showEmployerName: settings.show_employer_name },
          tx,
        ),
      );
      return { ...settings, message: reviewMessages.portfolioUpdated };
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
