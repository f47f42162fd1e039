import { convertAmount, currencyOfCountry, SEARCH_TOTAL_BOUND, type CurrencyCode, type JobSearchParams } from '@mihna/shared';
import { and, count, desc, eq, getTableColumns, gt, isNull, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobInterests, jobInvitations, jobOpenCounts, jobs, jobSearch, jobViews, proposals, searchVersion } from '../../db/schema.ts';
import { transaction, type Tx } from '../../db/transaction.ts';
import type { JobCardRow } from './job-response.ts';
import { encodeCursor, searchCursor, type Cursor } from './search-cursor.ts';

/** Every column but the search ones, which only the database reads. */
const { searchVector: _searchVector, facets: _facets, ...columns } = getTableColumns(jobs);
export const cardColumns = columns;
export type NewJob = typeof jobs.$inferInsert;

// Search: the SQL behind GET /jobs/search, over the narrow rows of open jobs (`job_search`, migration
// 0013) and the counts the migrations keep; the jobs themselves are read only for the page answered.

/** The filter tokens the trigger stores in `facets` (migration 0002): every one must be present. */
function facetTokens(params: JobSearchParams): { all: string[]; anyRegion: string[] } {
  const all: string[] = [];
  const region = params.emirate ?? params.region;
  const country = params.country ?? (params.emirate ? 'AE' : undefined);
  if (country) all.push(`c:${country}`);
  if (params.job_type) all.push(`t:${params.job_type}`);
  if (params.industry_category) all.push(`i:${params.industry_category}`);
  if (params.local_service_category) all.push(`lc:${params.local_service_category}`);
  if (params.local_service_subcategory) all.push(`ls:${params.local_service_subcategory}`);
  for (const skill of (params.skills ?? '').split(',')) {
    const token = skill.trim().toLowerCase();
    if (token) all.push(`k:${token}`);
  }
  // Region ids are unique within a country: without one, a region matches that id in any country.
  const anyRegion: string[] = [];
  if (region && country) all.push(`r:${country}:${region}`);
  else if (region) for (const code of ['AE', 'SA', 'QA', 'KW', 'OM', 'BH']) anyRegion.push(`r:${code}:${region}`);
  return { all: [...new Set(all)], anyRegion };
}

const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/** A budget bound typed in the searcher's currency, on the US-cent scale jobs are filtered on. */
const filterInUsdCents = (amount: number, currency: CurrencyCode) => Math.round(convertAmount(amount, currency, 'USD') * 100);

/** Conditions every answer shares: open jobs (every row of job_search) matching the text and the filters. */
function filterConditions(params: JobSearchParams): SQL[] {
  const conditions: SQL[] = [];
  if (params.q) {
    // job_search keeps words without positions, which no phrase operator matches ('e-commerce' and
    // quoted words parse to phrases): a phrase asks for all of its words instead.
    const query = sql`(websearch_to_tsquery('english', ${params.q}) || websearch_to_tsquery('arabic', ${params.q}))`;
    conditions.push(sql`${jobSearch.searchVector} @@ regexp_replace(${query}::text, '<[0-9]*->|<[0-9]+>', '&', 'g')::tsquery`);
  }
  const { all, anyRegion } = facetTokens(params);
  if (all.length > 0) conditions.push(sql`${jobSearch.facets} @> ${textArray(all)}`);
  if (anyRegion.length > 0) conditions.push(sql`${jobSearch.facets} && ${textArray(anyRegion)}`);
  const currency = currencyOfCountry(params.country ?? (params.emirate ? 'AE' : undefined));
  // A job matches a budget range when its own range reaches into it.
  if (params.min_budget !== undefined) conditions.push(sql`${jobSearch.budgetMaxUsd} >= ${filterInUsdCents(params.min_budget, currency)}`);
  if (params.max_budget !== undefined) conditions.push(sql`${jobSearch.budgetMinUsd} <= ${filterInUsdCents(params.max_budget, currency)}`);
  return conditions;
}

/** Open jobs matching `conditions`, counted up to `bound` and one more (which says there are more). */
const boundedCount = (conditions: SQL[], bound: number) =>
  sql`(select count(*) from (select 1 from ${jobSearch} where ${and(...conditions)} limit ${bound + 1}) as matched)`;

async function countUpTo(db: Db, conditions: SQL[], bound: number) {
  const [row] = await db.select({ total: sql<number>`(${boundedCount(conditions, bound)})::int` }).from(sql`(select 1) as one`);
  return Number(row?.total ?? 0);
}

/** Text, skills and budgets are counted in the search index; the other filters have the counts table. */
const isCountedInIndex = (params: JobSearchParams) =>
  Boolean(params.q || params.skills?.trim() || params.min_budget !== undefined || params.max_budget !== undefined);

/**
 * The number of matching open jobs. Filters that are only places, industry, type and services read
 * the counts table (migration 0003); text, skills and budgets count matches in the search index, up
 * to `bound` and one more, so a broad word costs a thousand rows, not hundreds of thousands.
 */
function totalCount(db: Db, params: JobSearchParams, filters: SQL[], bound: number) {
  if (isCountedInIndex(params)) return boundedCount(filters, bound);
  const country = params.country ?? (params.emirate ? 'AE' : undefined);
  const region = params.emirate ?? params.region;
  const conditions: SQL[] = [];
  if (country) conditions.push(eq(jobOpenCounts.country, country));
  if (region) conditions.push(eq(jobOpenCounts.region, region));
  if (params.job_type) conditions.push(eq(jobOpenCounts.jobType, params.job_type));
  if (params.industry_category) conditions.push(eq(jobOpenCounts.industryCategory, params.industry_category));
  if (params.local_service_category) conditions.push(eq(jobOpenCounts.localServiceCategory, params.local_service_category));
  if (params.local_service_subcategory) conditions.push(eq(jobOpenCounts.localServiceSubcategory, params.local_service_subcategory));
  return db
    .select({ total: sql`coalesce(sum(${jobOpenCounts.openCount}), 0)` })
    .from(jobOpenCounts)
    .where(and(...conditions));
}

const featuredNow = (now: Date) => gt(jobSearch.featuredUntil, now);
const featuredCondition = (now: Date, featured: boolean) =>
  featured ? featuredNow(now) : or(isNull(jobSearch.featuredUntil), lte(jobSearch.featuredUntil, now));

/** The columns a search sorts on: job_search's, or those of the matches read before sorting. */
interface SortSource {
  budgetMaxUsd: AnyColumn | SQL.Aliased;
  createdAt: AnyColumn | SQL.Aliased;
  id: AnyColumn | SQL.Aliased;
  proposalCount: AnyColumn | SQL.Aliased;
}

/** The sort order of each sort, over job_search or over the matches read before sorting. */
function ordering(sort: JobSearchParams['sort_by'], source: SortSource) {
  switch (sort) {
    case 'budget':
      return [desc(source.budgetMaxUsd), desc(source.createdAt), desc(source.id)];
    case 'proposal_count':
      return [desc(sql`(-${source.proposalCount})`), desc(source.createdAt), desc(source.id)];
    default:
      return [desc(source.createdAt), desc(source.id)];
  }
}

/** The value a cursor keeps beside the creation time and id: the sort's own key, when it has one. */
function sortValue(sort: JobSearchParams['sort_by']) {
  switch (sort) {
    case 'budget':
      return sql<string | null>`${jobSearch.budgetMaxUsd}::text`;
    case 'proposal_count':
      return sql<string | null>`(-${jobSearch.proposalCount})::text`;
    default:
      return sql<string | null>`null`;
  }
}

/** The keyset condition that continues after a cursor, in the sort's order. */
function afterCursor(sort: JobSearchParams['sort_by'], after: Cursor) {
  const created = sql`${jobSearch.createdAt}`;
  switch (sort) {
    case 'budget':
      return sql`(${jobSearch.budgetMaxUsd}, ${created}, ${jobSearch.id}) < (${after.value ?? '0'}::bigint, ${after.created}::timestamptz, ${after.id}::uuid)`;
    case 'proposal_count':
      return sql`((-${jobSearch.proposalCount}), ${created}, ${jobSearch.id}) < (${after.value ?? '0'}::bigint, ${after.created}::timestamptz, ${after.id}::uuid)`;
    default:
      return sql`(${created}, ${jobSearch.id}) < (${after.created}::timestamptz, ${after.id}::uuid)`;
  }
}

export interface JobSearchPage {
  rows: JobCardRow[];
  total: number;
  isLowerBound: boolean;
  nextCursor: string | null;
}

/** How many open jobs match a search. */
export interface SearchTotals {
  total: number;
  /** True when the count stopped at its bound: more than `total` jobs match. */
  isLowerBound: boolean;
}

/**
 * The total in one statement: from the counts table when the filters allow (exact, however large);
 * otherwise matches counted up to `bound`, saying when there are more.
 */
async function countJobs(db: Db, params: JobSearchParams, bound: number): Promise<SearchTotals> {
  const [counts] = await db
    .select({ total: sql<number>`(${totalCount(db, params, filterConditions(params), bound)})::int` })
    .from(sql`(select 1) as one`);
  const total = Number(counts?.total ?? 0);
  const isBounded = isCountedInIndex(params);
  return { total: isBounded ? Math.min(total, bound) : total, isLowerBound: isBounded && total > bound };
}

/**
 * One page: featured jobs (while their paid period lasts) first, then the rest, each in the chosen
 * order. The two parts are read separately so each can walk its own index. A cursor continues where
 * the last page ended at the cost of a first page, however deep; `skip` is served for the first
 * 10,000 results.
 *
 * The totals choose the plan. No match reads nothing. Up to `bound` matches are read through the
 * search index and sorted (a rare word is found in a few rows, where walking the sort index would
 * pass over every job that does not match it); more are dense enough that walking the sort index
 * meets a page of them within a few thousand rows.
 */
async function readJobsPage(
  db: Db,
  params: JobSearchParams,
  now: Date,
  totals: SearchTotals,
  cursor: Cursor | undefined,
  bound: number,
): Promise<JobSearchPage> {
  if (totals.total === 0 && !totals.isLowerBound) return { rows: [], total: 0, isLowerBound: false, nextCursor: null };
  const filters = filterConditions(params);
  const isSortedAfterReading = !totals.isLowerBound && totals.total <= bound;

  async function readPart(featured: boolean, after: Cursor | undefined, offset: number, limit: number) {
    if (limit <= 0) return [];
    const conditions = [...filters, featuredCondition(now, featured)];
    if (after) conditions.push(afterCursor(params.sort_by, after));
    const keys = {
      id: jobSearch.id,
      createdAt: jobSearch.createdAt,
      budgetMaxUsd: jobSearch.budgetMaxUsd,
      proposalCount: jobSearch.proposalCount,
      createdKey: sql<string>`${jobSearch.createdAt}::text`.as('created_key'),
      sortKey: sortValue(params.sort_by).as('sort_key'),
    };
    const matching = db
      .select(keys)
      .from(jobSearch)
      .where(and(...conditions));
    let page;
    if (isSortedAfterReading) {
      // The limit (which every match is within) keeps PostgreSQL from merging the matches into the
      // sorted read, so it finds them in the search index instead of walking the sort index.
      const matched = matching.limit(bound + 1).as('matched');
      page = db
        .select()
        .from(matched)
        .orderBy(...ordering(params.sort_by, matched))
        .offset(offset)
        .limit(limit)
        .as('page');
    } else {
      page = matching
        .orderBy(...ordering(params.sort_by, jobSearch))
        .offset(offset)
        .limit(limit)
        .as('page');
    }
    // The page's jobs, read by id, in the page's order.
    const rows = await db
      .select({ ...cardColumns, createdKey: page.createdKey, sortKey: page.sortKey })
      .from(page)
      .innerJoin(jobs, eq(jobs.id, page.id))
      .orderBy(...ordering(params.sort_by, page));
    return rows.map((row) => ({ ...row, featured }));
  }

  // One extra row tells whether another page exists.
  const wanted = params.limit + 1;
  let rows: Awaited<ReturnType<typeof readPart>>;
  if (cursor) {
    const featuredRows = cursor.featured ? await readPart(true, cursor, 0, wanted) : [];
    rows = [...featuredRows, ...(await readPart(false, cursor.featured ? undefined : cursor, 0, wanted - featuredRows.length))];
  } else {
    // Featured jobs come first: a page that skips some needs to know how many of the skipped were featured.
    const skipFeatured = params.skip > 0 ? Math.min(params.skip, await countUpTo(db, [...filters, featuredNow(now)], params.skip)) : 0;
    const featuredRows = skipFeatured === params.skip ? await readPart(true, undefined, skipFeatured, wanted) : [];
    rows = [...featuredRows, ...(await readPart(false, undefined, params.skip - skipFeatured, wanted - featuredRows.length))];
  }

  const page = rows.slice(0, params.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > params.limit && last
      ? encodeCursor({ featured: last.featured, value: last.sortKey ?? undefined, created: last.createdKey, id: last.id })
      : null;
  return {
    rows: page.map(({ createdKey: _createdKey, sortKey: _sortKey, featured: _featured, ...row }) => row),
    total: totals.total,
    isLowerBound: totals.isLowerBound,
    nextCursor,
  };
}

/** A whole search, counts then page: what the endpoint computes when nothing is cached. */
async function searchJobs(db: Db, params: JobSearchParams, now: Date, bound: number): Promise<JobSearchPage> {
  const cursor = searchCursor(params);
  return readJobsPage(db, params, now, await countJobs(db, params, bound), cursor, bound);
}

/**
 * The search versions (migration 0004): `version` rises with every change to jobs but views,
 * `matchVersion` only with changes to which jobs match a search.
 */
async function readSearchVersions(db: Db): Promise<{ version: number; matchVersion: number }> {
  const [row] = await db
    .select({ version: searchVersion.version, matchVersion: searchVersion.matchVersion })
    .from(searchVersion)
    .where(eq(searchVersion.id, 1));
  if (!row) throw new Error('search_version has no row: migration 0004 inserts it and nothing removes it');
  return row;
}

/** When the next featured period of an open job ends after `now`: search answers change then. */
async function nextFeaturedEnd(db: Db, now: Date): Promise<Date | undefined> {
  const [row] = await db
    .select({ end: sql<Date | null>`min(${jobSearch.featuredUntil})`.mapWith(jobSearch.featuredUntil) })
    .from(jobSearch)
    .where(gt(jobSearch.featuredUntil, now));
  return row?.end ?? undefined;
}

/** `totalBound`: how far a search counts its matches (SEARCH_TOTAL_BOUND; tests pass a small one). */
export function createJobsRepository(db: Db, { totalBound = SEARCH_TOTAL_BOUND }: { totalBound?: number } = {}) {
  return {
    /** How many open jobs match a search. */
    countOpenJobs: (params: JobSearchParams) => countJobs(db, params, totalBound),
    /** One page of a search, given its totals and its decoded cursor. */
    readJobsPage: (params: JobSearchParams, now: Date, totals: SearchTotals, cursor: Cursor | undefined) =>
      readJobsPage(db, params, now, totals, cursor, totalBound),
    /** A whole search, counts then page: what the endpoint computes when nothing is cached. */
    searchJobs: (params: JobSearchParams, now: Date) => searchJobs(db, params, now, totalBound),
    searchVersions: () => readSearchVersions(db),
    nextFeaturedEnd: (now: Date) => nextFeaturedEnd(db, now),

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
    async lockJob(id: string, executor: Tx) {
      const [job] = await executor.select(cardColumns).from(jobs).where(eq(jobs.id, id)).for('update');
      return job;
    },

    async updateJob(id: string, changes: Partial<NewJob>, executor: Tx) {
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
      return transaction(db, async (tx) => {
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
