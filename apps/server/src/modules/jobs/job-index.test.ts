import { describe, expect, it } from 'vitest';
import { createJobIndex, type IndexedJob, type IndexKey, type IndexPlan, type IndexSearch, type IndexSort } from './job-index.ts';
import { createRandom } from '../../lib/random.ts';
import { tokensHash } from '../../search/bit-sets.ts';
import { matchesQuery } from '../../search/query-model.ts';
import type { QueryNode } from '../../search/tsquery.ts';

// The index against a model that checks every job one by one: the same matches, the same total, the
// same pages, through posts, edits, proposals, featured periods and removals.

const vocabulary = ['logo', 'design', 'web', 'app', 'تصميم', 'موقع', 'react', 'clean', 'villa', 'audit', 'rare'];
const facetTokens = ['c:AE', 'c:SA', 't:fixed', 't:hourly', 'r:AE:dubai', 'r:SA:riyadh', 'k:react'];
/** Place tokens: a job has one at most. */
const placeTokens = ['g:AE:dubai:dubai', 'g:AE:dubai:', 'g:AE:dubai:hatta', 'g:AE:sharjah:sharjah', 'g:SA:riyadh:riyadh'];
const nowMs = Date.parse('2026-11-25T12:00:00Z');

function model() {
  const jobs = new Map<string, IndexedJob>();

  const placeValue = (search: IndexSearch, job: IndexedJob) =>
    search.places?.find((place) => place.facets.some((facet) => job.facets.includes(facet)))?.value ?? Number.NaN;
  const value = (search: IndexSearch, job: IndexedJob) =>
    search.sort === 'budget'
      ? job.budgetMaxUsd
      : search.sort === 'proposal_count'
        ? -job.proposalCount
        : search.sort === 'distance'
          ? placeValue(search, job)
          : 0;
  const compare = (a: IndexKey, b: IndexKey) => b.value - a.value || b.createdUs - a.createdUs || (a.id > b.id ? -1 : a.id < b.id ? 1 : 0);
  return {
    jobs,
    search(search: IndexSearch) {
      const keyOf = (_sort: IndexSort, job: IndexedJob): IndexKey => ({ value: value(search, job), createdUs: job.createdUs, id: job.id });
      const matched = [...jobs.values()].filter((job) => {
        if (search.hasText && (!search.query || !matchesQuery(search.query, job.words))) return false;
        if (!search.allFacets.every((facet) => job.facets.includes(facet))) return false;
        if (!search.anyOf.every((group) => group.some((facet) => job.facets.includes(facet)))) return false;
        if (search.minBudgetUsd !== undefined && job.budgetMaxUsd < search.minBudgetUsd) return false;
        if (search.maxBudgetUsd !== undefined && job.budgetMinUsd > search.maxBudgetUsd) return false;
        return true;
      });
      // Featured jobs come first in every order but nearest first.
      const isFeatured = (job: IndexedJob) =>
        search.sort !== 'distance' && job.featuredUntilMs !== undefined && job.featuredUntilMs > search.nowMs;
      const ordered = (part: IndexedJob[]) => part.sort((a, b) => compare(keyOf(search.sort, a), keyOf(search.sort, b)));
      const sequence = [
        ...ordered(matched.filter(isFeatured)).map((job) => ({ job, featured: true })),
        ...ordered(matched.filter((job) => !isFeatured(job))).map((job) => ({ job, featured: false })),
      ];
      let start = search.skip;
      if (search.after) {
        const { featured, key } = search.after;
        start = sequence.findIndex((each) => each.featured === featured && compare(keyOf(search.sort, each.job), key) > 0);
        if (start < 0) start = featured ? sequence.findIndex((each) => !each.featured) : sequence.length;
        if (start < 0) start = sequence.length;
      }
      return {
        total: matched.length,
        hits: sequence
          .slice(start, start + search.count)
          .map(({ job, featured }) => ({ id: job.id, featured, key: keyOf(search.sort, job) })),
      };
    },
  };
}

/** A job's words (each once) and facets with their hash (the database makes it in the index's own rows). */
const tokens = (words: string[], facets: string[]) => ({ words: [...new Set(words)], facets, tokensHash: tokensHash(words, facets) });

function randomJob(next: () => number, id: string): IndexedJob {
  const pick = <T>(values: T[], share: number) => values.filter(() => next() < share);
  const budgetMin = Math.floor(next() * 50) * 10_000;
  return {
    id,
    // Few distinct times and budgets, so ties are broken by the next key.
    createdUs: Math.floor(next() * 20) * 1_000_000,
    budgetMinUsd: budgetMin,
    budgetMaxUsd: budgetMin + Math.floor(next() * 5) * 10_000,
    proposalCount: Math.floor(next() * 4),
    featuredUntilMs: next() < 0.15 ? nowMs + (next() < 0.5 ? -60_000 : 60_000) : undefined,
    ...tokens(pick(vocabulary, 0.35), [
      ...pick(facetTokens, 0.4),
      ...(next() < 0.8 ? [placeTokens[Math.floor(next() * placeTokens.length)]!] : []),
    ]),
  };
}

function randomQuery(next: () => number): QueryNode {
  const word = (): QueryNode => ({ kind: 'word', word: next() < 0.1 ? 'absent' : vocabulary[Math.floor(next() * vocabulary.length)]! });
  const roll = next();
  if (roll < 0.4) return word();
  if (roll < 0.6) return { kind: 'and', nodes: [word(), word()] };
  if (roll < 0.8) return { kind: 'or', nodes: [word(), { kind: 'and', nodes: [word(), word()] }] };
  return { kind: 'and', nodes: [word(), { kind: 'not', node: word() }] };
}

/** Some places within reach, nearest first, some at the same distance (one group), as the repository makes them. */
function randomPlaces(next: () => number) {
  const groups: { value: number; facets: string[] }[] = [];
  let value = 0;
  for (const token of placeTokens.filter(() => next() < 0.7)) {
    if (groups.length === 0 || next() < 0.7) {
      value -= 1 + Math.floor(next() * 5_000);
      groups.push({ value, facets: [token] });
    } else groups.at(-1)!.facets.push(token);
  }
  return groups;
}

function randomSearch(next: () => number): Omit<IndexSearch, 'after'> {
  const hasText = next() < 0.6;
  const sorts: IndexSort[] = ['newest', 'budget', 'proposal_count', 'distance'];
  const places = next() < 0.35 ? randomPlaces(next) : undefined;
  const sort = sorts[Math.floor(next() * (places ? 4 : 3))]!;
  return {
    hasText,
    query: hasText && next() < 0.95 ? randomQuery(next) : undefined,
    allFacets: facetTokens.filter(() => next() < 0.12),
    anyOf: [...(next() < 0.2 ? [['r:AE:dubai', 'r:SA:riyadh']] : []), ...(places ? [places.flatMap((place) => place.facets)] : [])],
    ...(sort === 'distance' ? { places } : {}),
    minBudgetUsd: next() < 0.25 ? Math.floor(next() * 300_000) : undefined,
    maxBudgetUsd: next() < 0.25 ? Math.floor(next() * 500_000) : undefined,
    sort,
    skip: next() < 0.3 ? Math.floor(next() * 40) : 0,
    count: 1 + Math.floor(next() * 12),
    nowMs,
  };
}

describe('the in-memory job index', () => {
  for (const plan of ['cheaper', 'walk', 'collect'] satisfies IndexPlan[]) {
    it(`answers as a job-by-job check would, through changes, reading pages by ${plan}`, () => {
      const next = createRandom(plan.length).next;
      const index = createJobIndex({ plan });
      const expected = model();
      const idOf = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
      for (let round = 0; round < 12; round += 1) {
        // Posts, edits (some only to numbers, some to words), removals: the index grows past its first capacity.
        for (let change = 0; change < 250; change += 1) {
          const id = idOf(Math.floor(next() * 1_500));
          const existing = expected.jobs.get(id);
          if (existing && next() < 0.25) {
            index.remove(id);
            expected.jobs.delete(id);
          } else {
            const job =
              existing && next() < 0.5
                ? {
                    ...existing,
                    proposalCount: existing.proposalCount + 1,
                    featuredUntilMs: next() < 0.3 ? nowMs + 1000 : existing.featuredUntilMs,
                  }
                : randomJob(next, id);
            index.upsert(job);
            expected.jobs.set(id, job);
          }
        }
        expect(index.size).toBe(expected.jobs.size);
        for (let query = 0; query < 40; query += 1) {
          const search = randomSearch(next);
          const first = index.search({ ...search, after: undefined });
          const want = expected.search({ ...search, after: undefined });
          expect({ total: first.total, hits: first.hits }).toEqual(want);
          // Continuing after the page's last job gives what the model gives.
          const last = first.hits.at(-1);
          if (last) {
            const after = { featured: last.featured, key: last.key };
            expect(index.search({ ...search, skip: 0, after }).hits).toEqual(expected.search({ ...search, skip: 0, after }).hits);
          }
        }
      }
    });
  }

  it('answers alike when loaded whole and sealed, and after changes made once sealed', () => {
    const next = createRandom(7).next;
    const expected = model();
    const index = createJobIndex({ sealed: false });
    for (let n = 0; n < 900; n += 1) {
      const job = randomJob(next, `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`);
      index.upsert(job);
      expected.jobs.set(job.id, job);
    }
    expect(() => index.search({ ...randomSearch(next), after: undefined })).toThrow();
    index.seal();
    const compare = () => {
      for (let query = 0; query < 60; query += 1) {
        const search = { ...randomSearch(next), after: undefined };
        const answer = index.search(search);
        expect({ total: answer.total, hits: answer.hits }).toEqual(expected.search(search));
      }
    };
    compare();
    for (const id of [...expected.jobs.keys()].slice(0, 100)) {
      index.remove(id);
      expected.jobs.delete(id);
    }
    const moved = { ...expected.jobs.values().next().value!, proposalCount: 9 };
    index.upsert(moved);
    expected.jobs.set(moved.id, moved);
    compare();
  });

  it('pins the jobs featured at each search’s own moment, whatever order the moments come in', () => {
    // Concurrent searches reach the index in any order: one that began earlier may come after a later one.
    const next = createRandom(11).next;
    const expected = model();
    const index = createJobIndex();
    for (let n = 0; n < 600; n += 1) {
      const job = {
        ...randomJob(next, `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`),
        featuredUntilMs: next() < 0.4 ? nowMs + Math.floor(next() * 7 - 3) * 1000 : undefined,
      };
      index.upsert(job);
      expected.jobs.set(job.id, job);
    }
    for (let query = 0; query < 120; query += 1) {
      const search = { ...randomSearch(next), nowMs: nowMs + Math.floor(next() * 9_000 - 4_500), after: undefined };
      const answer = index.search(search);
      expect({ total: answer.total, hits: answer.hits }).toEqual(expected.search(search));
    }
  });

  it('says when its answer may change on its own: no later than the first featured period among the matches ends', () => {
    const index = createJobIndex();
    const job = (id: string, featuredUntilMs: number | undefined, words: string[]): IndexedJob => ({
      id,
      createdUs: 1,
      budgetMinUsd: 0,
      budgetMaxUsd: 0,
      proposalCount: 0,
      featuredUntilMs,
      ...tokens(words, []),
    });
    index.upsert(job('00000000-0000-4000-8000-000000000001', nowMs + 5_000, ['logo']));
    index.upsert(job('00000000-0000-4000-8000-000000000002', nowMs + 9_000, ['web']));
    index.upsert(job('00000000-0000-4000-8000-000000000003', nowMs - 1, ['web']));
    const search = (word: string) =>
      index.search({
        ...randomSearch(createRandom(1).next),
        hasText: true,
        query: { kind: 'word', word },
        allFacets: [],
        anyOf: [],
        minBudgetUsd: undefined,
        maxBudgetUsd: undefined,
        skip: 0,
        count: 5,
        after: undefined,
      });
    // The first of all featured periods to end: never after the matches' own.
    expect(search('web').nextFeaturedEndMs).toBe(nowMs + 5_000);
    expect(search('logo').nextFeaturedEndMs).toBe(nowMs + 5_000);
    // Nothing featured matches: the answer changes only with a change to jobs.
    expect(search('absent').nextFeaturedEndMs).toBeUndefined();
    index.remove('00000000-0000-4000-8000-000000000001');
    expect(search('web').nextFeaturedEndMs).toBe(nowMs + 9_000);
  });
});
