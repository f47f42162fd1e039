import {
  convertAmount,
  currencyOfCountry,
  placesWithin,
  splitList,
  type CurrencyCode,
  type JobSearchParams,
  type JobStatus,
  type JobType,
} from '@mihna/shared';
import { and, count, desc, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pruneChanges } from '../../search/live-index.repository.ts';
import { contracts } from '../contracts/contracts.schema.ts';
import { jobChanges, jobs, jobViews } from './jobs.schema.ts';
import { proposals } from '../proposals/proposals.schema.ts';
import { transaction, type Tx } from '../../db/transaction.ts';
import type { IndexPlace, IndexSort } from './job-index.ts';
import type { JobCardRow } from './job-response.ts';
import { encodeCursor, orderOf, searchCursor, timestampMicroseconds, timestampText, type Cursor } from './search-cursor.ts';
import { createCardCache } from './card-cache.ts';
import { createBatcher } from '../../lib/batcher.ts';
import { createSearchIndex, inThisThread, type IndexRequest, type JobSearchIndex } from './search-index.ts';

/** Every column but the search ones, which only the database reads. */
const { searchVector: _searchVector, facets: _facets, ...columns } = getTableColumns(jobs);
export const cardColumns = columns;
export type NewJob = typeof jobs.$inferInsert;

// Search: GET /jobs/search answered by this process's in-memory index of open jobs (search-index.ts,
// kept from `job_search` and `job_changes`); the jobs themselves are read only for the page answered.

/** The search's country: the one asked for, or the UAE for an emirate. */
const countryOf = (params: JobSearchParams) => params.country ?? (params.emirate ? 'AE' : undefined);

/** The filter tokens the trigger stores in `facets` (migration 0002): every one must be present. */
function facetTokens(params: JobSearchParams): { all: string[]; anyRegion: string[] } {
  const all: string[] = [];
  const region = params.emirate ?? params.region;
  const country = countryOf(params);
  if (country) all.push(`c:${country}`);
  if (params.job_type) all.push(`t:${params.job_type}`);
  if (params.industry_category) all.push(`i:${params.industry_category}`);
  if (params.local_service_category) all.push(`lc:${params.local_service_category}`);
  if (params.local_service_subcategory) all.push(`ls:${params.local_service_subcategory}`);
  for (const skill of splitList(params.skills ?? '')) all.push(`k:${skill.toLowerCase()}`);
  // Region ids are unique within a country: without one, a region matches that id in any country.
  const anyRegion: string[] = [];
  if (region && country) all.push(`r:${country}:${region}`);
  else if (region) for (const code of ['AE', 'SA', 'QA', 'KW', 'OM', 'BH']) anyRegion.push(`r:${code}:${region}`);
  return { all: [...new Set(all)], anyRegion };
}

/**
 * The places within a nearby search's reach as the index takes them, nearest first: each city's place
 * token (the trigger's g:country:region:city, migration 0024), and with a region's first city the
 * token of the projects that name only that region; cities at the same distance (to the metre) together.
 */
function nearbyPlaces(near: NonNullable<JobSearchParams['near']>): IndexPlace[] {
  const groups: IndexPlace[] = [];
  for (const { place, km } of placesWithin(near, near.radiusKm)) {
    const value = -Math.round(km * 1000);
    const prefix = `g:${place.country.code}:${place.region.id}:`;
    const facets = place.region.cities[0] === place.city ? [prefix + place.city.id, prefix] : [prefix + place.city.id];
    if (groups.at(-1)?.value === value) groups.at(-1)!.facets.push(...facets);
    else groups.push({ value, facets });
  }
  return groups;
}

/** A budget bound typed in the searcher's currency, on the US-cent scale jobs are filtered on. */
const filterInUsdCents = (amount: number, currency: CurrencyCode) => Math.round(convertAmount(amount, currency, 'USD') * 100);

/** The sort column's name in the index. */
const indexSortOf = (sort: JobSearchParams['sort_by']): IndexSort => (sort === 'created_at' ? 'newest' : sort);

/** What the index is asked: the filters as tokens and US cents, the page as a count, the cursor as a key. */
export function indexSearchOf(params: JobSearchParams, cursor: Cursor | undefined, now: Date): IndexRequest {
  const { all, anyRegion } = facetTokens(params);
  const currency = currencyOfCountry(countryOf(params));
  const sort = indexSortOf(params.sort_by);
  const places = params.near && nearbyPlaces(params.near);
  return {
    hasText: Boolean(params.q),
    allFacets: all,
    // Within a radius, nothing matches when no city is.
    anyOf: [...(anyRegion.length > 0 ? [anyRegion] : []), ...(places ? [places.flatMap((place) => place.facets)] : [])],
    places,
    minBudgetUsd: params.min_budget === undefined ? undefined : filterInUsdCents(params.min_budget, currency),
    maxBudgetUsd: params.max_budget === undefined ? undefined : filterInUsdCents(params.max_budget, currency),
    sort,
    skip: cursor ? 0 : params.skip,
    // One more than the page tells whether another page exists.
    count: params.limit + 1,
    after: cursor && {
      featured: cursor.featured,
      key: { value: sort === 'newest' ? 0 : Number(cursor.value ?? '0'), createdUs: timestampMicroseconds(cursor.created), id: cursor.id },
    },
    nowMs: now.getTime(),
  };
}

export interface JobSearchPage {
  rows: JobCardRow[];
  total: number;
  nextCursor: string | null;
  /** When the answer stops being true without any change to jobs: a featured period among its matches ends. */
  validUntil: number;
}

/** `searchIndex`: this process's (one per process; tests may give each repository its own), in this thread unless given. */
export function createJobsRepository(db: Db, searchIndex: JobSearchIndex = inThisThread(createSearchIndex(db))) {
  const cards = createCardCache<JobCardRow>({ maxEntries: 10_000, maxAgeMs: 60_000 });
  searchIndex.onChange((changed) => cards.forget(changed));

  // The jobs that pages need and no recent card holds: the pages that ask while one read is under way
  // are read together in the next, by one statement whatever their number, planned once per connection.
  const cardsById = db
    .select(cardColumns)
    .from(jobs)
    .where(sql`${jobs.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('job_cards_by_id');
  const cardReads = createBatcher<{ ids: string[]; now: number }, Map<string, JobCardRow>>({
    maxBatch: 64,
    concurrency: 1,
    async write(asked) {
      const generation = searchIndex.generation;
      const rows = await cardsById.execute({ ids: [...new Set(asked.flatMap((each) => each.ids))] });
      const byId = new Map(rows.map((row) => [row.id, row]));
      // A change applied while they were read may be newer than some of them: those are not kept.
      if (searchIndex.generation === generation)
        cards.put(
          rows.map((row) => [row.id, row]),
          Math.min(...asked.map((each) => each.now)),
        );
      return asked.map(({ ids }) => ({
        status: 'fulfilled',
        value: new Map(ids.flatMap((id) => (byId.has(id) ? [[id, byId.get(id)!] as const] : []))),
      }));
    },
  });

  /** The jobs of a page, from the cards recent searches read where they are still current, the rest by id. */
  async function readCards(ids: string[], now: number) {
    const { found, missing } = cards.take(ids, now);
    if (missing.length > 0) for (const [id, row] of await cardReads.submit({ ids: missing, now })) found.set(id, row);
    return found;
  }

  return {
    /** Brings the search index up to every change committed so far; answers its generation (see search/live-index.ts). */
    async catchUpSearch() {
      await searchIndex.catchUp();
      return searchIndex.generation;
    },

    /**
     * A search from the index as it stands (after `catchUpSearch`): the exact total, and the page's
     * jobs read by id. Featured jobs (while their paid period lasts) come first, then the rest, each in
     * the chosen order. A cursor (`params.cursor`, decoded) continues after the last job of a page;
     * `skip` serves the first 10,000.
     */
    async readSearch(params: JobSearchParams, cursor: Cursor | undefined, now: Date): Promise<JobSearchPage> {
      const answer = await searchIndex.search(params.q, indexSearchOf(params, cursor, now));
      const byId = await readCards(
        answer.hits.map((hit) => hit.id),
        now.getTime(),
      );
      // A job deleted since the index read it is left out of the page.
      const hits = answer.hits.filter((hit) => byId.has(hit.id));
      const page = hits.slice(0, params.limit);
      const last = page.at(-1);
      const nextCursor =
        hits.length > params.limit && last
          ? encodeCursor({
              featured: last.featured,
              value: indexSortOf(params.sort_by) === 'newest' ? undefined : String(last.key.value),
              created: timestampText(last.key.createdUs),
              id: last.id,
              order: orderOf(params),
            })
          : null;
      return {
        rows: page.map((hit) => byId.get(hit.id)!),
        total: answer.total,
        nextCursor,
        validUntil: answer.nextFeaturedEndMs ?? Number.POSITIVE_INFINITY,
      };
    },

    /** A whole search: catching up, then reading. */
    async searchJobs(params: JobSearchParams, now: Date) {
      const cursor = searchCursor(params);
      await searchIndex.catchUp();
      return this.readSearch(params, cursor, now);
    },

    /** Where the search index's memory goes (for the memory figures of the benchmark). */
    searchIndexMemory: () => searchIndex.memory(),

    /** Stops the search index's thread, if it has one. */
    closeSearch: () => searchIndex.close(),

    async insertJob(job: NewJob, executor: Db) {
      const [created] = await executor.insert(jobs).values(job).returning(cardColumns);
      if (!created) throw new Error('insert returned no job');
      return created;
    },

    async findJob(id: string, executor: Db = db) {
      const [job] = await executor.select(cardColumns).from(jobs).where(eq(jobs.id, id)).limit(1);
      return job;
    },

    /** Of these jobs, the ones that exist, each with whether the user owns it (jobs.access.ts). */
    async ownerGrants(userId: string, ids: readonly string[]) {
      const rows = await db
        .select({ id: jobs.id, employerId: jobs.employerId })
        .from(jobs)
        .where(inArray(jobs.id, [...ids]));
      return new Map(rows.map((row) => [row.id, row.employerId === userId]));
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

    /** The jobs a hire made the user a party to (as the professional or the employer), latest hire first. */
    async listHiredJobs(
      userId: string,
      page: { skip: number; limit: number },
      only: { status?: JobStatus | undefined; jobType?: JobType | undefined } = {},
    ) {
      const isParty = and(
        or(eq(contracts.professionalId, userId), eq(contracts.employerId, userId)),
        only.status ? sql`${contracts.jobId} in (select ${jobs.id} from ${jobs} where ${jobs.status} = ${only.status})` : undefined,
        only.jobType ? eq(contracts.jobType, only.jobType) : undefined,
      );
      const [rows, total] = await Promise.all([
        db
          .select(cardColumns)
          .from(jobs)
          .innerJoin(contracts, eq(contracts.jobId, jobs.id))
          .where(isParty)
          .orderBy(desc(contracts.createdAt), desc(contracts.id))
          .offset(page.skip)
          .limit(page.limit),
        db.$count(contracts, isParty),
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

    /** Drops the changes older than a day: search indexes that have not read them for that long reload. */
    async pruneSearchChanges() {
      await pruneChanges(db, jobChanges);
    },

    /** Views older than a few days only ever stop double counting; the hourly pruning drops them. */
    async pruneViews(before: string) {
      await db.delete(jobViews).where(sql`${jobViews.day} < ${before}::date`);
    },
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;

/** Demo projects in bulk, as the seeds write them (seed/demo-marketplace.ts): one statement for all. */
export async function insertJobs(tx: Tx, rows: NewJob[]) {
  await tx.insert(jobs).values(rows);
}
