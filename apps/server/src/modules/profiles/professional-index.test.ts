import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { matchesQuery } from '../../search/query-model.ts';
import type { QueryNode } from '../../search/tsquery.ts';
import { createRandom, type Random } from '../../lib/random.ts';
import {
  createProfessionalIndex,
  type IndexedProfessional,
  type ProfessionalIndexSearch,
  type ProfessionalPlan,
  type ProfessionalSort,
} from './professional-index.ts';

// The index against a model that checks every professional one by one: the same matches, the same
// total, the same pages in every order, through sign-ups, edits, ratings and departures.

const vocabulary = ['react', 'reactive', 'design', 'designer', 'تصميم', 'مطور', 'account', 'clean', 'rare'];
const facetTokens = ['c:AE', 'c:SA', 'r:dubai', 'r:riyadh', 'sl', 'i:technology_it', 'k:react', 'k:figma', 'lc:cleaning_services'];

function model() {
  const professionals = new Map<string, IndexedProfessional>();

  const byId = (a: IndexedProfessional, b: IndexedProfessional) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const compare = (sort: ProfessionalSort) => (a: IndexedProfessional, b: IndexedProfessional) => {
    if (sort === 'rate') {
      if (a.rateMinor === undefined || b.rateMinor === undefined)
        return a.rateMinor === b.rateMinor ? byId(a, b) : a.rateMinor === undefined ? 1 : -1;
      return a.rateMinor - b.rateMinor || byId(a, b);
    }
    const rating = sort === 'rating' ? b.ratingHundredths - a.ratingHundredths || b.reviews - a.reviews : 0;
    return rating || b.createdUs - a.createdUs || byId(b, a);
  };
  return {
    professionals,
    search(search: ProfessionalIndexSearch) {
      const matched = [...professionals.values()].filter((professional) => {
        if (search.hasText && (!search.query || !matchesQuery(search.query, professional.words))) return false;
        if (!search.facets.every((facet) => professional.facets.includes(facet))) return false;
        if (search.rate) {
          const shown = professional.ratesShown?.[search.rate.currency];
          if (shown === undefined) return false;
          if (search.rate.min !== undefined && shown < search.rate.min) return false;
          if (search.rate.max !== undefined && shown > search.rate.max) return false;
        }
        return true;
      });
      matched.sort(compare(search.sort));
      return { total: matched.length, ids: matched.slice(search.skip, search.skip + search.count).map((each) => each.id) };
    },
  };
}

function drawProfessional({ pick, chance }: Random, id: string): IndexedProfessional {
  const hasRate = chance(0.8);
  // Few distinct values, so that every order has ties to break.
  const rateMinor = hasRate ? pick([5000, 10000, 15000, 20000]) : undefined;
  return {
    id,
    createdUs: pick([1, 2, 3, 4]) * 1e15,
    ratingHundredths: pick([0, 300, 450, 500]),
    reviews: pick([0, 1, 10]),
    rateMinor,
    ratesShown: rateMinor === undefined ? undefined : [rateMinor / 100, Math.round(rateMinor * 1.0211) / 100],
    words: vocabulary.filter(() => chance(0.3)),
    facets: facetTokens.filter(() => chance(0.4)),
  };
}

function drawSearch({ pick, chance }: Random): ProfessionalIndexSearch {
  const word = (): QueryNode => ({ kind: 'word', word: pick(vocabulary) });
  const queries: (QueryNode | undefined)[] = [
    undefined,
    word(),
    { kind: 'word', word: pick(['rea', 'des', 'تص', 'zz']), prefix: true },
    { kind: 'and', nodes: [word(), word()] },
    { kind: 'or', nodes: [word(), { kind: 'word', word: 'absent' }] },
    { kind: 'and', nodes: [word(), { kind: 'not', node: word() }] },
  ];
  const query = pick(queries);
  const hasText = query !== undefined || chance(0.1);
  const min = chance(0.2) ? pick([50, 100, 153.16]) : undefined;
  const max = chance(0.2) ? pick([100, 150, 204.22]) : undefined;
  return {
    query,
    hasText,
    facets: facetTokens.filter(() => chance(0.15)),
    rate: min !== undefined || max !== undefined ? { currency: pick([0, 1]), min, max } : undefined,
    sort: pick(['rating', 'rate', 'created_at'] as const),
    skip: pick([0, 0, 3, 20]),
    count: pick([1, 5, 21]),
  };
}

describe('the professional search index', () => {
  for (const plan of ['cheaper', 'walk', 'collect'] satisfies ProfessionalPlan[])
    it(`answers as checking everyone would, through changes (pages read: ${plan})`, () => {
      const random = createRandom(plan.length * 7919);
      const expected = model();
      // Loaded as the server loads it (sealed once at the end), then changed one by one.
      const index = createProfessionalIndex({ currencies: 2, plan, sealed: false });
      const ids = Array.from({ length: 400 }, () => randomUUID());
      for (const id of ids.slice(0, 300)) {
        const professional = drawProfessional(random, id);
        expected.professionals.set(id, professional);
        index.upsert(professional);
      }
      index.seal();
      for (let round = 0; round < 300; round += 1) {
        const id = random.pick(ids);
        if (random.chance(0.6)) {
          const professional = drawProfessional(random, id);
          expected.professionals.set(id, professional);
          index.upsert(professional);
        } else {
          expected.professionals.delete(id);
          index.remove(id);
        }
        for (let each = 0; each < 5; each += 1) {
          const search = drawSearch(random);
          expect(index.search(search), JSON.stringify(search)).toEqual(expected.search(search));
        }
      }
      expect(index.size).toBe(expected.professionals.size);
      expect(index.deadShare).toBeGreaterThan(0);
    });

  it('matches nothing for a text of stop words only, and everything for no text', () => {
    const index = createProfessionalIndex({ currencies: 1 });
    index.upsert({ ...drawProfessional(createRandom(1), randomUUID()), words: ['react'] });
    const search: ProfessionalIndexSearch = {
      query: undefined,
      hasText: true,
      facets: [],
      rate: undefined,
      sort: 'rating',
      skip: 0,
      count: 20,
    };
    expect(index.search(search).total).toBe(0);
    expect(index.search({ ...search, hasText: false }).total).toBe(1);
  });
});
