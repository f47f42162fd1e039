import { convertAmount, currencyOfCountry, type CurrencyCode, type JobSearchParams } from '@mihna/shared';
import { and, count, desc, eq, getTableColumns, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobInterests, jobInvitations, jobOpenCounts, jobs, jobViews, proposals, searchVersion } from '../../db/schema.ts';
import { transaction, type Tx } from '../../db/transaction.ts';
import type { JobCardRow } from './job-response.ts';
import { encodeCursor, searchCursor, type Cursor } from './search-cursor.ts';

/** Every column but the search ones, which only the database reads. */
const { searchVector: _searchVector, facets: _facets, ...columns } = getTableColumns(jobs);
export const cardColumns = columns;
export type NewJob = typeof jobs.$inferInsert;

// Search: the SQL behind GET /jobs/search, over the search index and counts the migrations keep.

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

/** Conditions every answer shares: open jobs matching the text and the filters. */
function filterConditions(params: JobSearchParams): SQL[] {
  const conditions: SQL[] = [eq(jobs.status, 'open')];
  if (params.q) {
    conditions.push(
      sql`${jobs.searchVector} @@ (websearch_to_tsquery('english', ${params.q}) || websearch_to_tsquery('arabic', ${params.q}))`,
    );
  }
  const { all, anyRegion } = facetTokens(params);
  if (all.length > 0) conditions.push(sql`${jobs.facets} @> ${textArray(all)}`);
  if (anyRegion.length > 0) conditions.push(sql`${jobs.facets} && ${textArray(anyRegion)}`);
  const currency = currencyOfCountry(params.country ?? (params.emirate ? 'AE' : undefined));
  // A job matches a budget range when its own range reaches into it.
  if (params.min_budget !== undefined) conditions.push(sql`${jobs.budgetMaxUsd} >= ${filterInUsdCents(params.min_budget, currency)}`);
  if (params.max_budget !== undefined) conditions.push(sql`${jobs.budgetMinUsd} <= ${filterInUsdCents(params.max_budget, currency)}`);
  return conditions;
}

/**
 * The number of matching open jobs. Filters that are only places, industry, type and services read
 * the counts table (migration 0003); text, skills and budgets count matches in the search index,
 * without the featured column so that PostgreSQL can count from the index alone.
 */
function totalCount(db: Db, params: JobSearchParams, filters: SQL[]) {
  if (params.q || params.skills?.trim() || params.min_budget !== undefined || params.max_budget !== undefined)
    return db.$count(jobs, and(...filters));
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

const featuredCondition = (now: Date, featured: boolean) =>
  featured ? gt(jobs.featuredUntil, now) : or(isNull(jobs.featuredUntil), lte(jobs.featuredUntil, now));

/** Sort order and the keyset condition that continues after a cursor, for each sort. */
function ordering(sort: JobSearchParams['sort_by'], after: Cursor | undefined) {
  const created = sql`${jobs.createdAt}`;
  const afterCreated = after && sql`(${created}, ${jobs.id}) < (${after.created}::timestamptz, ${after.id}::uuid)`;
  switch (sort) {
    case 'budget':
      return {
        orderBy: [desc(jobs.budgetMaxUsd), desc(jobs.createdAt), desc(jobs.id)],
        value: sql<string>`${jobs.budgetMaxUsd}::text`,
        after:
          after &&
          sql`(${jobs.budgetMaxUsd}, ${created}, ${jobs.id}) < (${after.value ?? '0'}::bigint, ${after.created}::timestamptz, ${after.id}::uuid)`,
      };
    case 'proposal_count':
      return {
        orderBy: [desc(sql`(-${jobs.proposalCount})`), desc(jobs.createdAt), desc(jobs.id)],
        value: sql<string>`(-${jobs.proposalCount})::text`,
        after:
          after &&
          sql`((-${jobs.proposalCount}), ${created}, ${jobs.id}) < (${after.value ?? '0'}::bigint, ${after.created}::timestamptz, ${after.id}::uuid)`,
      };
    default:
      return { orderBy: [desc(jobs.createdAt), desc(jobs.id)], value: undefined, after: afterCreated };
  }
}

export interface JobSearchPage {
  rows: JobCardRow[];
  total: number;
  nextCursor: string | null;
}

/** How many open jobs match a search, and how many of them are featured now. */
export interface SearchTotals {
  total: number;
  featured: number;
}

/** Both counts in one statement; `total` reads the counts table when the filters allow. */
async function countJobs(db: Db, params: JobSearchParams, now: Date): Promise<SearchTotals> {
  const filters = filterConditions(params);
  const featuredCount = db.$count(jobs, and(...filters, gt(jobs.featuredUntil, now)));
  const [counts] = await db
    .select({ total: sql<number>`(${totalCount(db, params, filters)})::int`, featured: sql<number>`(${featuredCount})::int` })
    .from(sql`(select 1) as one`);
  return { total: Number(counts?.total ?? 0), featured: Number(counts?.featured ?? 0) };
}

/**
 * One page: featured jobs (while their paid period lasts) first, then the rest, each in the chosen
 * order. The two parts are read separately so each can walk its own index. A cursor continues where
 * the last page ended at the cost of a first page, however deep; `skip` is served for the first
 * 10,000 results.
 */
async function readJobsPage(
  db: Db,
  params: JobSearchParams,
  now: Date,
  totals: SearchTotals,
  cursor: Cursor | undefined,
): Promise<JobSearchPage> {
  const filters = filterConditions(params);

  async function readPart(featured: boolean, after: Cursor | undefined, offset: number, limit: number) {
    if (limit <= 0) return [];
    const order = ordering(params.sort_by, after);
    const conditions = [...filters, featuredCondition(now, featured)];
    if (order.after) conditions.push(order.after);
    return db
      .select({ ...cardColumns, createdKey: sql<string>`${jobs.createdAt}::text`, sortKey: order.value ?? sql<null>`null` })
      .from(jobs)
      .where(and(...conditions))
      .orderBy(...order.orderBy)
      .offset(offset)
      .limit(limit)
      .then((rows) => rows.map((row) => ({ ...row, featured })));
  }

  // One extra row tells whether another page exists.
  const wanted = params.limit + 1;
  let rows: Awaited<ReturnType<typeof readPart>>;
  if (cursor) {
    const featuredRows = cursor.featured ? await readPart(true, cursor, 0, wanted) : [];
    rows = [...featuredRows, ...(await readPart(false, cursor.featured ? undefined : cursor, 0, wanted - featuredRows.length))];
  } else {
    const skipFeatured = Math.min(params.skip, totals.featured);
    const featuredRows = params.skip < totals.featured ? await readPart(true, undefined, skipFeatured, wanted) : [];
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
    nextCursor,
  };
}

/** A whole search, counts then page: what the endpoint computes when nothing is cached. */
async function searchJobs(db: Db, params: JobSearchParams, now: Date): Promise<JobSearchPage> {
  const cursor = searchCursor(params);
  return readJobsPage(db, params, now, await countJobs(db, params, now), cursor);
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
    .select({ end: sql<Date | null>`min(${jobs.featuredUntil})`.mapWith(jobs.featuredUntil) })
    .from(jobs)
    .where(and(eq(jobs.status, 'open'), gt(jobs.featuredUntil, now)));
  return row?.end ?? undefined;
}

export function createJobsRepository(db: Db) {
  return {
    /** How many open jobs match a search, and how many of them are featured now. */
    countOpenJobs: (params: JobSearchParams, now: Date) => countJobs(db, params, now),
    /** One page of a search, given its totals and its decoded cursor. */
    readJobsPage: (params: JobSearchParams, now: Date, totals: SearchTotals, cursor: Cursor | undefined) =>
      readJobsPage(db, params, now, totals, cursor),
    /** A whole search, counts then page: what the endpoint computes when nothing is cached. */
    searchJobs: (params: JobSearchParams, now: Date) => searchJobs(db, params, now),
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
