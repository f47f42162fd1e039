import { profileMessages, type ServerMessage } from '@mihna/shared';
import type { EmployerProfile, ExpertProfile, ProfessionalSearchParams, ProfessionalSearchResponse } from '@mihna/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isRowId } from '../../lib/ids.ts';
import type { DashboardService } from '../dashboard/index.ts';
import type { IdentityLookup } from '../identity/index.ts';
import {
  countRepeated,
  countSkillUse,
  durationDays,
  formatBudgetRange,
  majorUnits,
  roundRating,
  topCategories,
  topUsedSkills,
} from './profile-stats.ts';
import { loadOnce, requireLoaded } from '../../lib/load-once.ts';
import type { SnapshotOptions } from '../../search/live-index.ts';
import { createProfessionalSearchIndex } from './professional-search.ts';
import { createProfilesRepository, type ProfilesRepository } from './profiles.repository.ts';
import { partyName, toPublicUser } from './public-user.ts';

/** A profile lists this many of the latest jobs and reviews; its statistics count them all. */
export const PROFILE_LIST_LIMIT = 50;

// Anything that is not a UUID names no user: answered 404 like an unknown id, never sent to the database.

type ProfileReviewRow = Awaited<ReturnType<ProfilesRepository['listProfileReviews']>>[number];

const toReview = (row: ProfileReviewRow) => ({
  id: row.id,
  job_title: row.jobTitle,
  reviewer_name: partyName(row.reviewer),
  overall_rating: row.overallRating,
  comment: row.comment,
  created_at: row.createdAt.toISOString(),
});

/** Projects with a professional hired on them and not yet finished: the employer's active ones. */
const hiredStatuses: readonly string[] = ['assigned', 'in_progress'];

/** A paid amount in major units; null when nothing was paid. */
const paidValue = (minor: number | null, currency: string) => (minor ? majorUnits(minor, currency) : null);

/** `employerSpending`: the dashboard's reading of what an employer paid, so that a profile tells the same figure. */
export function createProfilesService(dependencies: {
  db: Db;
  clock: () => Date;
  employerSpending: DashboardService['employerSpending'];
  /** Who verified their national identity (the identity module's lookup): the badge on profiles and search cards. */
  identity: Pick<IdentityLookup, 'badgesOf'>;
  /** Where the professional search index is written after a long load and read back on start (search/live-index.ts). */
  searchSnapshots?: SnapshotOptions;
}) {
  const repository = createProfilesRepository(
    dependencies.db,
    createProfessionalSearchIndex(dependencies.db, { snapshots: dependencies.searchSnapshots }),
  );
  const searchLoad = loadOnce(() => repository.warmSearch());

  async function findUser(id: string, role: 'professional' | 'employer', message: ServerMessage) {
    const user = isRowId(id) ? await repository.findActiveUser(id, role) : undefined;
    if (!user) throw new AppError('not_found', message);
    return user;
  }

  async function publicUserOf(user: Parameters<typeof toPublicUser>[0]) {
    return toPublicUser(user, (await dependencies.identity.badgesOf([user.id]))(user.id));
  }

  return {
    async searchProfessionals(params: ProfessionalSearchParams): Promise<ProfessionalSearchResponse> {
      await requireLoaded(searchLoad);
      const { rows, total } = await repository.searchProfessionals(params);
      const badgeOf = await dependencies.identity.badgesOf(rows.map((row) => row.id));
      return {
        professionals: rows.map((row) => toPublicUser(row, badgeOf(row.id))),
        pagination: { total, skip: params.skip, limit: params.limit, has_next: params.skip + rows.length < total },
      };
    },

    /** Loads the professional search index, or brings it up to date (a search that arrives meanwhile waits for it up to LOAD_PATIENCE_MS). */
    warmSearch: async () => {
      await searchLoad.start();
      await repository.warmSearch();
    },

    /** The search index's load: whether it is done and how long it took (readiness, metrics). */
    searchLoad,

    /** Changes older than a day are no longer read by any search index. */
    pruneSearchChanges: () => repository.pruneSearchChanges(),

    /** The professional search index's size, for the benchmarks' memory figures. */
    searchIndexMemory: () => repository.searchIndexMemory() ?? null,

    /** A professional's public profile: completed work, reviews and ratings, all computed from jobs and reviews. */
    async getExpertProfile(id: string): Promise<ExpertProfile> {
      const user = await findUser(id, 'professional', profileMessages.expertNotFound);
      const [work, accomplishments, reviews, rating] = await Promise.all([
        repository.listCompletedWork(user.id),
        repository.listAccomplishments(user.id, PROFILE_LIST_LIMIT),
        repository.listProfileReviews(user.id, PROFILE_LIST_LIMIT),
        repository.summariseProfileReviews(user.id),
      ]);
      const skills = countSkillUse(
        user.skills,
        work.map((job) => job.skillsRequired),
      );
      return {
        user: await publicUserOf(user),
        accomplishments: accomplishments.map((job) => ({
          job_id: job.jobId,
          job_title: job.title,
          project_description: job.description,
          completion_date: job.completedAt.toISOString(),
          duration_days: durationDays(job.acceptedAt, job.completedAt),
          project_category: job.category,
          show_project_value: job.showProjectValue,
          // What was paid for the work, told only where the professional chose to show it.
          project_value: job.showProjectValue ? paidValue(job.paidMinor, job.currency) : null,
          currency: job.currency,
          skills_used: job.skillsRequired,
          employer_testimonial: job.testimonial,
          show_employer_name: job.showEmployerName,
          employer_name: job.showEmployerName ? partyName(job.employer) : null,
          overall_rating: job.rating,
        })),
        reviews: reviews.map(toReview),
        portfolio_stats: {
          total_projects: work.length,
          repeat_clients: countRepeated(work.map((job) => job.employerId)),
          top_skills: topUsedSkills(
            user.skills,
            work.map((job) => job.skillsRequired),
          ),
          skills,
        },
        verified_rating: {
          overall_rating: roundRating(rating.overall),
          total_verified_reviews: rating.total,
          work_quality_avg: roundRating(rating.workQuality),
          communication_avg: roundRating(rating.communication),
          timeliness_avg: roundRating(rating.timeliness),
        },
      };
    },

    /** An employer's public profile: open work, completed work with the reviews both ways, and ratings. */
    async getEmployerProfile(id: string): Promise<EmployerProfile> {
      const user = await findUser(id, 'employer', profileMessages.employerNotFound);
      const [posted, current, history, reviews, rating, spending] = await Promise.all([
        repository.listPostedJobs(user.id),
        repository.listCurrentJobs(user.id, PROFILE_LIST_LIMIT),
        repository.listJobHistory(user.id, PROFILE_LIST_LIMIT),
        repository.listProfileReviews(user.id, PROFILE_LIST_LIMIT),
        repository.summariseProfileReviews(user.id),
        // The country picks the currency of a zero only where the employer shows where they are.
        dependencies.employerSpending(user.id, user.showLocation ? user.country : null),
      ]);
      return {
        user: await publicUserOf(user),
        job_history: history.map((job) => ({
          job_id: job.jobId,
          job_title: job.title,
          project_description: job.description,
          completion_date: job.completedAt.toISOString(),
          project_category: job.category,
          project_value: paidValue(job.paidMinor, job.currency),
          currency: job.currency,
          show_financial_info: true,
          worker_name: job.workerFirstName === null ? null : `${job.workerFirstName} ${job.workerLastName ?? ''}`.trim(),
          show_worker_name: true,
          employer_feedback: job.employerFeedback,
          worker_feedback: job.workerFeedback,
          worker_rating: job.workerRating,
          received_rating: job.receivedRating,
        })),
        current_jobs: current.map((job) => {
          const [budgetMin, budgetMax] = [majorUnits(job.budgetMinMinor, job.currency), majorUnits(job.budgetMaxMinor, job.currency)];
          return {
            id: job.id,
            title: job.title,
            description: job.description,
            budget_range: formatBudgetRange(job.currency, budgetMin, budgetMax),
            job_type: job.jobType,
            currency: job.currency,
            budget_min: budgetMin,
            budget_max: budgetMax,
            created_at: job.createdAt.toISOString(),
            country: job.country,
            // As on job cards: the emirate for UAE jobs only.
            emirate: job.country === 'AE' ? job.region : null,
            industry_category: job.industryCategory,
            skills_required: job.skillsRequired,
            status: job.status,
            proposal_count: job.proposalCount,
          };
        }),
        reviews: reviews.map(toReview),
        employer_stats: {
          total_projects: posted.length,
          repeat_hires: countRepeated(posted.map((job) => job.hiredWorkerId)),
          active_jobs: posted.filter((job) => hiredStatuses.includes(job.status)).length,
          open_jobs: posted.filter((job) => job.status === 'open').length,
          total_spent: spending.total,
          currency: spending.currency,
          totals: spending.totals,
          hiring_categories: topCategories(posted.map((job) => job.industryCategory)),
        },
        verified_rating: {
          overall_rating: roundRating(rating.overall),
          total_verified_reviews: rating.total,
          communication_avg: roundRating(rating.communication),
          payment_reliability_avg: roundRating(rating.paymentReliability),
          one_star_count: rating.oneStar,
          two_star_count: rating.twoStars,
          three_star_count: rating.threeStars,
          four_star_count: rating.fourStars,
          five_star_count: rating.fiveStars,
        },
      };
    },
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
