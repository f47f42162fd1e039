import { keepWithin, widen } from '../../search/bit-sets.ts';
import { createSlotTable, type SlotTableState } from '../../search/slot-table.ts';
import type { PagePlan } from '../../search/sort-orders.ts';
import type { QueryNode } from '../../search/tsquery.ts';

/**
 * The listed professionals (active, role professional) as search needs them, in memory: each one's
 * words and filter tokens, creation time, rating, review count and hourly rate as every currency shows
 * it. Matching is set algebra over bit sets (search/bit-sets.ts), so a total is exact whatever its
 * size; a page walks the sort's order until it has met enough matches, or, when they are few, sorts
 * just them. Nothing here touches the database: professional-search.ts loads it and keeps it current.
 */

/** One professional, as professional-search.ts reads them. */
export interface IndexedProfessional {
  id: string;
  createdUs: number;
  /** The average rating in hundredths (4.75 is 475). */
  ratingHundredths: number;
  reviews: number;
  /** The rate as stored (AED fils) for the rate order; undefined without a rate. */
  rateMinor: number | undefined;
  /** The rate in each of `rateCurrencies`, in major units as search shows it (rounded to the currency's minor unit). */
  ratesShown: number[] | undefined;
  words: string[];
  facets: string[];
}

export type ProfessionalSort = 'rating' | 'rate' | 'created_at';

export interface ProfessionalIndexSearch {
  query: QueryNode | undefined;
  /** True when the search has text; with no query tree (only stop words), nothing matches. */
  hasText: boolean;
  /** Filter tokens that every match has. */
  facets: string[];
  /** Bounds on the rate as shown in one of the index's currencies (its position in `rateCurrencies`). */
  rate: { currency: number; min: number | undefined; max: number | undefined } | undefined;
  sort: ProfessionalSort;
  skip: number;
  count: number;
}

export interface ProfessionalIndexAnswer {
  total: number;
  ids: string[];
}

/** How a page is read: the cheaper way (always, but in tests that make each way run). */
export type ProfessionalPlan = PagePlan;

const sorts: ProfessionalSort[] = ['rating', 'rate', 'created_at'];

/** An index as it stands (`state()`), to make it again from (search/index-snapshot.ts). */
export interface ProfessionalIndexState {
  slots: SlotTableState;
  created: Float64Array;
  rating: Int32Array;
  reviews: Int32Array;
  rate: Float64Array;
  shown: Float64Array[];
}

/** Rises whenever ProfessionalIndexState's meaning changes: a snapshot of another format is not read. */
export const professionalIndexFormat = 1;

export function createProfessionalIndex({
  currencies,
  plan = 'cheaper',
  sealed = true,
  from,
}: {
  /** How many currencies `ratesShown` holds. */
  currencies: number;
  plan?: ProfessionalPlan;
  sealed?: boolean;
  /** An index as it stood (`state()`), to go on from. */
  from?: ProfessionalIndexState;
}) {
  // A professional lives in a slot (search/slot-table.ts); every change takes a new one.
  const slots = createSlotTable({ sealed, from: from?.slots });
  const { ids } = slots;
  let created = from?.created ?? new Float64Array(slots.capacity);
  let rating = from?.rating ?? new Int32Array(slots.capacity);
  let reviews = from?.reviews ?? new Int32Array(slots.capacity);
  let rate = from?.rate ?? new Float64Array(slots.capacity);
  let shown = from?.shown ?? Array.from({ length: currencies }, () => new Float64Array(slots.capacity));
  const postings = slots.postings();
  const words = postings.tokens();
  const facets = postings.tokens();
  slots.onGrow((next) => {
    created = widen(created, next);
    rating = widen(rating, next);
    reviews = widen(reviews, next);
    rate = widen(rate, next);
    shown = shown.map((each) => widen(each, next));
  });

  /**
   * Negative when slot `a` comes before slot `b`, in the orders search answered in when PostgreSQL
   * sorted: rating, reviews, newest, then id, all descending; rate ascending with those without one
   * last, then id ascending; newest, then id descending.
   */
  function compareSlots(sort: ProfessionalSort, a: number, b: number) {
    if (sort === 'rate') {
      const rateA = rate[a]!;
      const rateB = rate[b]!;
      if (rateA !== rateB) {
        if (Number.isNaN(rateA)) return Number.isNaN(rateB) ? ids.compare(a, b) : 1;
        if (Number.isNaN(rateB)) return -1;
        return rateA - rateB;
      }
      return ids.compare(a, b);
    }
    if (sort === 'rating') {
      const byRating = rating[b]! - rating[a]! || reviews[b]! - reviews[a]!;
      if (byRating !== 0) return byRating;
    }
    return created[b]! - created[a]! || -ids.compare(a, b);
  }

  const orders = slots.orders(sorts, compareSlots);

  /** Adds the professional, or brings them up to date (in a new slot). */
  function upsert(professional: IndexedProfessional) {
    slots.put(professional.id, (slot) => {
      created[slot] = professional.createdUs;
      rating[slot] = professional.ratingHundredths;
      reviews[slot] = professional.reviews;
      rate[slot] = professional.rateMinor ?? Number.NaN;
      shown.forEach((each, currency) => (each[slot] = professional.ratesShown?.[currency] ?? Number.NaN));
      for (const word of new Set(professional.words)) postings.post(words, word, slot);
      for (const facet of new Set(professional.facets)) postings.post(facets, facet, slot);
    });
  }

  function remove(id: string) {
    slots.remove(id);
  }

  /** The matching living professionals, as a scratch bit set, and how many they are. */
  function matches(search: ProfessionalIndexSearch) {
    const { alive } = slots;
    const { sets, isEmpty } = postings.requiredSets(search, search.facets, words, facets, alive);
    const { bits, count, words: listed } = postings.intersectAll(sets, alive, isEmpty);
    let total = count;
    if (search.rate) {
      const { min = Number.NEGATIVE_INFINITY, max = Number.POSITIVE_INFINITY } = search.rate;
      // Those without a rate (NaN) fail every comparison, as null fails SQL's.
      total -= keepWithin(bits, listed, undefined, shown[search.rate.currency]!, min, max);
    }
    return { bits, total };
  }

  function search(search: ProfessionalIndexSearch): ProfessionalIndexAnswer {
    if (!slots.isSealed) throw new Error('professional index: seal() it after loading');
    try {
      const { bits, total } = matches(search);
      const page = orders.page(search.sort, { bits, total, live: slots.live, skip: search.skip, count: search.count, plan });
      return { total, ids: page.map((slot) => ids.idOf(slot)) };
    } finally {
      postings.giveBack();
    }
  }

  return {
    upsert,
    remove,
    /** Sorts the orders of a loading index once; from then on each change moves its slot in them. */
    seal: slots.seal,
    search,
    get size() {
      return slots.live;
    },
    /** How much of the index is slots of professionals who changed or left it (a reload makes it whole again). */
    get deadShare() {
      return slots.deadShare;
    },
    /** The index as it stands: its own arrays, to be written before it changes (search/index-snapshot.ts). */
    state: (): ProfessionalIndexState => ({ slots: slots.state(), created, rating, reviews, rate, shown }),
    /** Roughly how many bytes it holds, by part, to say where memory goes. */
    memory() {
      return {
        professionals: slots.live,
        slot_bytes: slots.capacity * (8 * (2 + currencies) + 4 * 2 + 3 * 4) + ids.bytes + (slots.capacity >>> 3),
        ...postings.memory(),
      };
    },
  };
}

export type ProfessionalIndex = ReturnType<typeof createProfessionalIndex>;
