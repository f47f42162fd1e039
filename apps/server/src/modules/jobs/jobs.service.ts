import {
  currencyOfCountry,
  FEATURED_DAYS,
  featuredFee,
  formatMoney,
  type JobChanged,
  type JobCreated,
  type JobCreation,
  jobMessages,
  type JobSearchParams,
  type JobSearchResponse,
  type JobStatus,
  type JobType,
  jobSearchResponseSchema,
  jobServerMessages,
  money,
  moneyFromDecimal,
  type NotificationKind,
  type OwnJobsResponse,
  type ServerMessage,
  toDecimal,
  toUsdCents,
} from '@mihna/shared';
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { transaction, type Tx } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { EncodedAnswer } from '../../lib/encoded-answer.ts';
import { isRowId } from '../../lib/ids.ts';
import { loadOnce, requireLoaded } from '../../lib/load-once.ts';
import type { ModerationService } from '../moderation/index.ts';
import { partyName } from '../profiles/index.ts';
import type { UsersRepository } from '../users/index.ts';
import { createJobsAccess } from './jobs.access.ts';
import { toJobCard, toJobDetail, withDistance, type JobCardRow, type Viewer } from './job-response.ts';
import { createJobsRepository } from './jobs.repository.ts';
import { searchCursor } from './search-cursor.ts';
import { createSearchCache } from './search-cache.ts';
import type { JobSearchIndex } from './search-index.ts';
import type { Actor } from '../../lib/access.ts';

/** Who is looking: the user, or for visitors a hash of their address and browser (never stored raw). */
export interface ViewerIdentity {
  user: Actor | undefined;
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

/** The countries' hours ahead of UTC: a deadline is in the past once that day has ended where the work is. */
const utcOffsetHours: Record<string, number> = { AE: 4, OM: 4, SA: 3, QA: 3, KW: 3, BH: 3 };
const todayIn = (country: string, now: Date) =>
  new Date(now.getTime() + (utcOffsetHours[country] ?? 4) * 3_600_000).toISOString().slice(0, 10);

const deadlinePastError = () =>
  new AppError('validation_failed', [{ loc: ['body', 'deadline'], msg: jobMessages.deadlinePast, type: 'deadline' }]);

/** The columns a posting or an edit writes, in the country's currency (minor units) and in US cents. */
function jobFields(input: JobCreation, moderated: { title?: string | undefined; description?: string | undefined }) {
  const currency = currencyOfCountry(input.country);
  const budgetMin = moneyFromDecimal(input.budget_min, currency);
  const budgetMax = moneyFromDecimal(input.budget_max, currency);
  return {
    title: moderated.title ?? input.title,
    description: moderated.description ?? input.description,
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
    budgetMinMinor: budgetMin.minor,
    budgetMaxMinor: budgetMax.minor,
    budgetMinUsd: toUsdCents(budgetMin),
    budgetMaxUsd: toUsdCents(budgetMax),
    isUrgent: input.is_urgent,
    locationRequired: input.location_required,
    allowRemote: input.allow_remote,
    startDate: input.start_date ?? null,
    deadline: input.deadline ?? null,
  };
}

const moderationMessageOf = (messages: string[]) => (messages.length > 0 ? messages.join(' ') : null);

/**
 * What the jobs module asks of proposals, which provides it: proposals depend on jobs, never the
 * reverse, so the port is written here and the proposals service answers it.
 */
export interface JobProposals {
  /** Tells the authors of the job's pending proposals that it was closed or reopened, in the closing transaction. */
  notifyPendingAuthors(job: { id: string; title: string }, kind: NotificationKind, employerName: string, executor: Tx): Promise<void>;
  /** Who the viewer is to the job: their proposal and interest (as they sent them), and the invitation they were sent. */
  viewerOf(job: Pick<JobCardRow, 'id' | 'jobType' | 'employerId'>, user: Actor | undefined): Promise<Viewer>;
}

export function createJobsService(dependencies: {
  db: Db;
  users: UsersRepository;
  moderation: ModerationService;
  proposals: JobProposals;
  clock: () => Date;
  /** Where the search index runs: this thread unless given (search-index.ts). */
  searchIndex?: JobSearchIndex;
}) {
  const { db, users, moderation, proposals, clock, searchIndex } = dependencies;
  const repository = createJobsRepository(db, searchIndex);
  const searchLoad = loadOnce(() => repository.catchUpSearch());
  const access = createJobsAccess(repository);
  const answerCache = createSearchCache<EncodedAnswer>({ maxEntries: 1000, maxAgeMs: 60_000 });

  async function describeJob(job: JobCardRow, user: Actor | undefined) {
    const employer = await users.findUserById(job.employerId);
    if (!employer) throw new AppError('not_found', jobMessages.notFound);
    const [record, viewer] = await Promise.all([repository.employerRecord(employer.id), proposals.viewerOf(job, user)]);
    return toJobDetail(job, employer, record, viewer, clock());
  }

  /** Locks the owner's job and checks it may go from the status it has; the change runs in the same transaction. */
  async function changeOwnJob<T>(
    jobId: string,
    change: { from: JobCardRow['status']; refusal: ServerMessage },
    apply: (job: JobCardRow, tx: Tx) => Promise<T>,
  ) {
    return transaction(db, async (tx) => {
      const job = await repository.lockJob(jobId, tx);
      if (!job) throw new AppError('not_found', jobMessages.notFound);
      if (job.status !== change.from) throw new AppError('conflict', change.refusal);
      return apply(job, tx);
    });
  }

  /** Closes or reopens the owner's job and tells the authors of its pending proposals. */
  async function moveJob(user: Actor, jobId: string, move: { from: 'open' | 'closed'; to: 'open' | 'closed' }): Promise<JobChanged> {
    const isClosing = move.to === 'closed';
    await access.require(user, isClosing ? 'job.close' : 'job.reopen', jobId);
    const kind: NotificationKind = isClosing ? 'job_closed' : 'job_reopened';
    const changed = await changeOwnJob(
      jobId,
      { from: move.from, refusal: isClosing ? jobMessages.notClosable : jobMessages.notReopenable },
      async (job, tx) => {
        const updated = await repository.updateJob(job.id, { status: move.to, updatedAt: clock() }, tx);
        const owner = await users.findUserById(user.id, tx);
        if (!owner) throw new AppError('not_found', jobMessages.notFound);
        await proposals.notifyPendingAuthors(updated, kind, partyName(owner), tx);
        return updated;
      },
    );
    return {
      job: await describeJob(changed, user),
      message: isClosing ? jobMessages.closed : jobMessages.reopened,
      moderation_message: null,
    };
  }

  return {
    /**
     * Posts a project in its country's currency. The featured option is a request: the job is featured
     * only once its fee is paid, so the answer says what to pay.
     */
    async createJob(user: Actor, input: JobCreation): Promise<JobCreated> {
      await access.require(user, 'job.create');
      const now = clock();
      if (input.deadline && input.deadline < todayIn(input.country, now)) throw deadlinePastError();
      const moderated = moderation.moderateFields({ title: input.title, description: input.description });
      moderation.refuseContactDetails({ title: input.title, description: input.description });
      const fields = jobFields(input, moderated.values);
      const created = await repository.insertJob(
        {
          ...fields,
          employerId: user.id,
          featuredRequested: input.is_featured,
          createdAt: now,
        },
        db,
      );
      const { currency } = fields;
      const fee = input.is_featured ? featuredFee(money(fields.budgetMinMinor, currency), money(fields.budgetMaxMinor, currency)) : null;
      return {
        id: created.id,
        message: jobServerMessages.posted,
        moderation_message: moderationMessageOf(moderated.messages),
        featured_payment_required: fee !== null,
        featured_payment_message: fee === null ? null : jobServerMessages.featuredPayment(FEATURED_DAYS, formatMoney(fee)),
        featured_fee: fee && toDecimal(fee),
        currency,
        job: await describeJob(created, user),
      };
    },

    /**
     * The owner edits an open project under the posting's rules and moderation. A deadline already
     * past is refused only when it is being changed; the featured option is not part of an edit.
     */
    async updateJob(user: Actor, jobId: string, input: JobCreation): Promise<JobChanged> {
      await access.require(user, 'job.update', jobId);
      const moderated = moderation.moderateFields({ title: input.title, description: input.description });
      moderation.refuseContactDetails({ title: input.title, description: input.description });
      const updated = await changeOwnJob(jobId, { from: 'open', refusal: jobMessages.notEditable }, async (job, tx) => {
        const isNewDeadline = input.deadline && input.deadline !== job.deadline;
        if (isNewDeadline && input.deadline && input.deadline < todayIn(input.country, clock())) throw deadlinePastError();
        return repository.updateJob(job.id, { ...jobFields(input, moderated.values), updatedAt: clock() }, tx);
      });
      return {
        job: await describeJob(updated, user),
        message: jobMessages.updated,
        moderation_message: moderationMessageOf(moderated.messages),
      };
    },

    /** The owner takes an open project out of search; its pending proposals' authors are told. */
    closeJob: (user: Actor, jobId: string) => moveJob(user, jobId, { from: 'open', to: 'closed' }),

    /** The owner puts a closed project back in search; its pending proposals' authors are told. */
    reopenJob: (user: Actor, jobId: string) => moveJob(user, jobId, { from: 'closed', to: 'open' }),

    /** A job's detail for anyone; a view is counted once per viewer per day, and never the owner's own. */
    async getJob(jobId: string, identity: ViewerIdentity) {
      const job = isRowId(jobId) ? await repository.findJob(jobId) : undefined;
      if (!job) throw new AppError('not_found', jobMessages.notFound);
      const detail = await describeJob(job, identity.user);
      // A project staff took down, or whose employer's account is not active, is its owner's and its hired
      // professional's to see, no one else's.
      const isHidden = job.moderationStatus !== 'active' || detail.employer_info.account_status !== 'active';
      if (isHidden && !detail.viewer.is_owner && detail.viewer.proposal?.status !== 'accepted')
        throw new AppError('not_found', jobMessages.notFound);
      if (identity.user?.id !== job.employerId) {
        const counted = await repository.recordView(job.id, viewerKey(identity), clock().toISOString().slice(0, 10));
        if (counted) detail.view_count += 1;
      }
      return detail;
    },

    /** The employer's own projects in every status, newest first; a professional has none. */
    async listOwnJobs(user: Actor, page: { skip: number; limit: number }): Promise<OwnJobsResponse> {
      if (user.role !== 'employer') return { jobs: [], total: 0, has_next: false };
      const now = clock();
      const { rows, total } = await repository.listEmployerJobs(user.id, page);
      return { jobs: rows.map((job) => toJobCard(job, now)), total, has_next: page.skip + rows.length < total };
    },

    /** §7 GET /api/jobs: the jobs the user was hired on or hired for, every status (the client picks the assigned ones). */
    async listHiredJobs(
      user: Actor,
      query: { skip: number; limit: number; status?: JobStatus | undefined; job_type?: JobType | undefined },
    ): Promise<OwnJobsResponse> {
      const now = clock();
      const { skip, limit, status, job_type: jobType } = query;
      const page = { skip, limit };
      const { rows, total } = await repository.listHiredJobs(user.id, page, { status, jobType });
      return { jobs: rows.map((job) => toJobCard(job, now)), total, has_next: page.skip + rows.length < total };
    },

    /**
     * Open jobs for a search, as the answer's JSON text (and its compressed forms, made once each).
     * Answers are cached in the form they are sent (checked against the response schema once, when
     * computed) while the search index stays at the generation they were computed at, which every
     * committed change to a job but a view moves on.
     */
    async search(params: JobSearchParams): Promise<EncodedAnswer> {
      const now = clock();
      // A cursor that is not one of ours is refused before any work.
      const cursor = searchCursor(params);
      await requireLoaded(searchLoad);
      const generation = await repository.catchUpSearch();
      const compute = async () => {
        const page = await repository.readSearch(params, cursor, now);
        const answer: JobSearchResponse = {
          jobs: page.rows.map((row) => withDistance(toJobCard(row, now), params.near)),
          total: page.total,
          next_cursor: page.nextCursor,
        };
        return { value: new EncodedAnswer(JSON.stringify(jobSearchResponseSchema.parse(answer))), validUntil: page.validUntil };
      };
      return answerCache.get(JSON.stringify(params), generation, now.getTime(), compute);
    },

    /** How the search cache has answered since start, and the index's size (for benchmarks, through the development routes). */
    searchCacheStats: async () => ({ answers: answerCache.stats(), index: (await repository.searchIndexMemory()) ?? null }),

    /** Stops the search index's thread, if it has one. */
    close: () => repository.closeSearch(),

    /** Loads the search index, or brings it up to date (a search that arrives meanwhile waits for it up to LOAD_PATIENCE_MS, then is asked to come back). */
    warmSearch: async () => {
      await searchLoad.start();
      await repository.catchUpSearch();
    },

    /** The search index's load: whether it is done and how long it took (readiness, metrics). */
    searchLoad,

    /** Changes older than a day are no longer read by any search index (search/live-index.ts). */
    pruneSearchChanges: () => repository.pruneSearchChanges(),

    pruneViews: () => repository.pruneViews(new Date(clock().getTime() - 3 * 86_400_000).toISOString().slice(0, 10)),
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
