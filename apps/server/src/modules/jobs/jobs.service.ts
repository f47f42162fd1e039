import {
  currencyOfCountry,
  FEATURED_DAYS,
  featuredFee,
  jobMessages,
  jobSearchResponseSchema,
  toMinorUnits,
  toUsdCents,
  type JobCreated,
  type JobCreation,
  type JobSearchParams,
  type JobSearchResponse,
} from '@mihna/shared';
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isRowId } from '../../lib/ids.ts';
import type { ModerationService } from '../moderation/moderation.service.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { UserRow } from '../users/users.repository.ts';
import { toJobCard, toJobDetail } from './job-response.ts';
import { countJobs, matchKey, nextFeaturedEnd, readJobsPage, readSearchVersions, searchCursor, type SearchTotals } from './job-search.ts';
import { createJobsRepository } from './jobs.repository.ts';
import { createSearchCache } from './search-cache.ts';

export const postedMessage = 'Project posted successfully!';

const formatAmount = (amount: number, currency: string) =>
  `${amount.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 3 })} ${currency}`;

/** Who is looking: the user, or for visitors a hash of their address and browser (never stored raw). */
export interface ViewerIdentity {
  user: UserRow | undefined;
  ipAddress: string;
  userAgent: string | undefined;
}

const viewerKey = ({ user, ipAddress, userAgent }: ViewerIdentity) =>
  user
    ? `u:${user.id}`
    : `v:${createHash('sha256')
        .update(`${ipAddress}\n${userAgent ?? ''}`)
        .digest('base64url')
        .slice(0, 22)}`;

export function createJobsService(dependencies: { db: Db; users: UsersRepository; moderation: ModerationService; clock: () => Date }) {
  const { db, users, moderation, clock } = dependencies;
  const repository = createJobsRepository(db);
  const answerCache = createSearchCache<string>({ maxEntries: 1000, maxAgeMs: 60_000 });
  const totalsCache = createSearchCache<SearchTotals>({ maxEntries: 5000, maxAgeMs: 10 * 60_000 });

  async function loadDetail(jobId: string, viewer: UserRow | undefined) {
    const job = isRowId(jobId) ? await repository.findJob(jobId) : undefined;
    const employer = job && (await users.findUserById(job.employerId));
    if (!job || !employer) throw new AppError('not_found', jobMessages.notFound);
    const state = viewer ? await repository.viewerState(job.id, viewer.id) : undefined;
    return {
      job,
      detail: toJobDetail(
        job,
        employer,
        {
          user: viewer,
          hasProposal: state?.hasProposal ?? false,
          hasExpressedInterest: state?.hasExpressedInterest ?? false,
          isHired: state?.isHired ?? false,
        },
        clock(),
      ),
    };
  }

  return {
    /**
     * Posts a project in its country's currency. The featured option is a request: the job is featured
     * only once its fee is paid, so the answer says what to pay.
     */
    async createJob(user: UserRow, input: JobCreation): Promise<JobCreated> {
      if (user.role !== 'employer') throw new AppError('forbidden', jobMessages.onlyEmployers);
      const moderated = moderation.moderateFields({ title: input.title, description: input.description });
      const currency = currencyOfCountry(input.country);
      const created = await repository.insertJob({
        employerId: user.id,
        title: moderated.values.title ?? input.title,
        description: moderated.values.description ?? input.description,
        skillsRequired: input.skills_required,
        jobType: input.project_type,
        country: input.country,
        region: input.emirate ?? null,
        city: input.city ?? null,
        address: input.address ?? null,
        industryCategory: input.industry_category ?? null,
        localServiceCategory: input.local_service_category ?? null,
        localServiceSubcategory: input.local_service_subcategory ?? null,
        paymentMethod: input.payment_method,
        currency,
        budgetMinMinor: toMinorUnits(input.budget_min, currency),
        budgetMaxMinor: toMinorUnits(input.budget_max, currency),
        budgetMinUsd: toUsdCents(input.budget_min, currency),
        budgetMaxUsd: toUsdCents(input.budget_max, currency),
        featuredRequested: input.is_featured,
        isUrgent: input.is_urgent,
        locationRequired: input.location_required,
        allowRemote: input.allow_remote,
        startDate: input.start_date ?? null,
        deadline: input.deadline ?? null,
        createdAt: clock(),
      });
      const fee = input.is_featured ? featuredFee(input.budget_min, input.budget_max, currency) : null;
      const detail = toJobDetail(created, user, { user, hasProposal: false, hasExpressedInterest: false, isHired: false }, clock());
      return {
        id: created.id,
        message: postedMessage,
        moderation_message: moderated.messages.length > 0 ? moderated.messages.join(' ') : null,
        featured_payment_required: fee !== null,
        featured_payment_message:
          fee === null
            ? null
            : `Your project is posted. To feature it at the top of search results for ${FEATURED_DAYS} days, pay the featured fee of ${formatAmount(fee, currency)}.`,
        featured_fee: fee,
        currency,
        job: detail,
      };
    },

    /** A job's detail for anyone; a view is counted once per viewer per day, and never the owner's own. */
    async getJob(jobId: string, identity: ViewerIdentity) {
      const { job, detail } = await loadDetail(jobId, identity.user);
      if (identity.user?.id !== job.employerId) {
        const counted = await repository.recordView(job.id, viewerKey(identity), clock().toISOString().slice(0, 10));
        if (counted) detail.view_count += 1;
      }
      return detail;
    },

    async listOwnJobs(user: UserRow) {
      if (user.role !== 'employer') return { jobs: [] };
      const now = clock();
      return { jobs: (await repository.listEmployerJobs(user.id)).map((job) => toJobCard(job, now)) };
    },

    /**
     * Open jobs for a search, as the JSON text of the answer. Answers are cached in the form they are
     * sent (checked against the response schema once, when computed) while `version` holds; totals,
     * the costly part, while `matchVersion` holds, so a new proposal or an edit that moves no job in
     * or out of a search costs that search only its page.
     */
    async search(params: JobSearchParams): Promise<string> {
      const now = clock();
      const cursor = searchCursor(params);
      const { version, matchVersion } = await readSearchVersions(db);
      const compute = async () => {
        // Answers and totals both end with the next featured period: one read serves both.
        const validUntil = (await nextFeaturedEnd(db, now))?.getTime() ?? Number.POSITIVE_INFINITY;
        const countTotals = async () => ({ value: await countJobs(db, params, now), validUntil });
        const totals = await totalsCache.get(matchKey(params), matchVersion, now.getTime(), countTotals);
        const page = await readJobsPage(db, params, now, totals, cursor);
        const answer: JobSearchResponse = {
          jobs: page.rows.map((row) => toJobCard(row, now)),
          total: page.total,
          next_cursor: page.nextCursor,
        };
        return { value: JSON.stringify(jobSearchResponseSchema.parse(answer)), validUntil };
      };
      return answerCache.get(JSON.stringify(params), version, now.getTime(), compute);
    },

    pruneViews: () => repository.pruneViews(new Date(clock().getTime() - 3 * 86_400_000).toISOString().slice(0, 10)),
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
