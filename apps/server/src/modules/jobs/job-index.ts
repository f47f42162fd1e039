import { countCommon, intersectCounting, keepWithin, popcount, widen } from '../../search/bit-sets.ts';
import { createSlotTable, type SlotTableState } from '../../search/slot-table.ts';
import type { PagePlan } from '../../search/sort-orders.ts';
import type { QueryNode } from '../../search/tsquery.ts';

/**
 * The open jobs as search needs them, in memory: each job's words and filter tokens, its creation
 * time, budgets, proposal count and featured period. Matching is set algebra over bit sets (one bit
 * per job), so a total is exact whatever its size; a page walks the sort's order, kept sorted, until
 * it has met enough matches, or, when the matches are few, sorts just them. Nothing here touches the
 * database: search-index.ts loads it and keeps it current (search/live-index.ts).
 */

/** One open job, as job_search holds it (created in microseconds, budgets in US cents). */
export interface IndexedJob {
  id: string;
  createdUs: number;
  budgetMinUsd: number;
  budgetMaxUsd: number;
  proposalCount: number;
  /** Milliseconds since the epoch; undefined when the job was never featured. */
  featuredUntilMs: number | undefined;
  /** Its words, each once. */
  words: string[];
  facets: string[];
  /** A hash of its words and facets (53 bits, from the database: search-source.repository.ts): a change that keeps them keeps its slot. */
  tokensHash: number;
}

/** The orders kept sorted; a distance order is made per search, from the places it is given. */
type OrderSort = 'newest' | 'budget' | 'proposal_count';
export type IndexSort = OrderSort | 'distance';

/**
 * Jobs at the same distance from a search's point: the place tokens of the cities at that distance,
 * and the distance as a sort value (metres negated, so that the nearest come first, as the highest
 * values do in every order).
 */
export interface IndexPlace {
  value: number;
  facets: string[];
}

/** Where a page continues: after the job with this key (the sort's value, creation time, id). */
export interface IndexKey {
  value: number;
  createdUs: number;
  id: string;
}

/** A key with its id as words (id-table.ts), as comparisons within the index take it. */
interface SlotKey {
  value: number;
  createdUs: number;
  idWords: Uint32Array;
}

export interface IndexSearch {
  query: QueryNode | undefined;
  /** True when the search has text; with no query tree (only stop words), nothing matches. */
  hasText: boolean;
  allFacets: string[];
  /** Groups of tokens: a match has at least one token of each group. */
  anyOf: string[][];
  /** For the distance sort: the places within reach, nearest first. */
  places?: IndexPlace[];
  minBudgetUsd: number | undefined;
  maxBudgetUsd: number | undefined;
  sort: IndexSort;
  skip: number;
  /** How many jobs to return (the page and one more, which says there is another page). */
  count: number;
  after: { featured: boolean; key: IndexKey } | undefined;
  nowMs: number;
}

export interface IndexHit {
  id: string;
  featured: boolean;
  key: IndexKey;
}

export interface IndexAnswer {
  total: number;
  hits: IndexHit[];
  /** When a featured period among the matches ends (a cached answer is true until then). */
  nextFeaturedEndMs: number | undefined;
}

const sorts: OrderSort[] = ['newest', 'budget', 'proposal_count'];

/**
 * Budget steps in US cents, ten to each power of ten from $1 to $8,000,000: a range's ends fall
 * between two steps at most a quarter apart, and only the matches between them are checked one by one.
 */
const budgetSteps = Array.from({ length: 8 }, (_, power) =>
  [1, 1.25, 1.5, 2, 2.5, 3, 4, 5, 6, 8].map((step) => step * 10 ** (power + 2)),
).flat();

/** How a page is read: the cheaper way (always, but in tests that make each way run). */
export type IndexPlan = PagePlan;

/** An index as it stands (`state()`), to make it again from (search/index-snapshot.ts). */
export interface JobIndexState {
  slots: SlotTableState;
  created: Float64Array;
  budgetMin: Float64Array;
  budgetMax: Float64Array;
  proposals: Int32Array;
  featuredUntil: Float64Array;
  maxAtLeast: Uint32Array[];
  minAtMost: Uint32Array[];
  featured: Int32Array;
}

/** Rises whenever JobIndexState's meaning changes: a snapshot of another format is not read. */
export const jobIndexFormat = 1;

/**
 * `sealed: false` makes an index for loading: jobs go in without being placed in the sort orders,
 * which `seal()` then sorts once (placing each job in turn costs a move of the orders per job).
 * `from`: an index as it stood (`state()`), to go on from.
 */
export function createJobIndex({
  plan = 'cheaper',
  sealed = true,
  from,
}: { plan?: IndexPlan; sealed?: boolean; from?: JobIndexState } = {}) {
  // A job lives in a slot (search/slot-table.ts); a job whose words or facets changed takes a new one.
  const slots = createSlotTable({ sealed, hashes: true, from: from?.slots });
  const { ids } = slots;
  let created = from?.created ?? new Float64Array(slots.capacity);
  let budgetMin = from?.budgetMin ?? new Float64Array(slots.capacity);
  let budgetMax = from?.budgetMax ?? new Float64Array(slots.capacity);
  let proposals = from?.proposals ?? new Int32Array(slots.capacity);
  let featuredUntil = from?.featuredUntil ?? new Float64Array(slots.capacity);
  // Per budget step, the jobs whose highest budget reaches it and those whose lowest is within it: a
  // budget range is then whole bit sets, and only the jobs of the steps around its ends are checked one by one.
  let maxAtLeast = from?.maxAtLeast ?? budgetSteps.map(() => new Uint32Array(slots.capacity >>> 5));
  let minAtMost = from?.minAtMost ?? budgetSteps.map(() => new Uint32Array(slots.capacity >>> 5));
  const postings = slots.postings();
  const words = postings.tokens();
  const facets = postings.tokens();
  const { scratch } = postings;
  const featured = new Set<number>(from?.featured);
  // The jobs featured at a moment, as the words that hold any of them with those words' bits (and as
  // a whole bit set), and the span of moments over which that holds (featuredAt). Made again outside
  // it, after a change, or when the slots grow.
  let featuredNow = { words: new Int32Array(0), bits: new Int32Array(0), all: new Uint32Array(0) };
  let featuredNowFrom = Number.POSITIVE_INFINITY;
  let featuredNowUntil = Number.NEGATIVE_INFINITY;
  slots.onGrow((next) => {
    created = widen(created, next);
    budgetMin = widen(budgetMin, next);
    budgetMax = widen(budgetMax, next);
    proposals = widen(proposals, next);
    featuredUntil = widen(featuredUntil, next);
    maxAtLeast = maxAtLeast.map((bits) => widen(bits, next >>> 5));
    minAtMost = minAtMost.map((bits) => widen(bits, next >>> 5));
    featuredNowFrom = Number.POSITIVE_INFINITY;
  });
  slots.onFree((slot) => {
    if (featured.delete(slot)) featuredNowFrom = Number.POSITIVE_INFINITY;
  });

  // The sort orders, first to last: by the sort's value, then creation time, then id, all descending
  // (the order the search answered in when PostgreSQL sorted it, and the one cursors carry). The budget sort's value is the highest budget, the
  // competition sort's the proposal count negated (fewest first).
  const valueOf = (sort: OrderSort, slot: number) =>
    sort === 'budget' ? budgetMax[slot]! : sort === 'proposal_count' ? -proposals[slot]! : 0;

  /** Negative when the slot comes before the key in the sort's order, positive after, 0 when it is the key's job. */
  function compareToKey(sort: OrderSort, slot: number, key: SlotKey) {
    const value = valueOf(sort, slot);
    if (value !== key.value) return key.value - value;
    const time = created[slot]!;
    if (time !== key.createdUs) return key.createdUs - time;
    return -ids.compareTo(slot, key.idWords);
  }

  /** Negative when slot `a` comes before slot `b` in the sort's order. */
  function compareSlots(sort: OrderSort, a: number, b: number) {
    const value = valueOf(sort, b) - valueOf(sort, a);
    if (value !== 0) return value;
    const time = created[b]! - created[a]!;
    if (time !== 0) return time;
    return -ids.compare(a, b);
  }

  const orders = slots.orders(sorts, compareSlots);

  /** Sets (or clears) the slot's bit in the budget steps its budgets reach (the steps rise: each side stops at the first it misses). */
  function markBudgets(slot: number, isOn: boolean) {
    const word = slot >>> 5;
    const bit = 1 << (slot & 31);
    const highest = budgetMax[slot]!;
    const lowest = budgetMin[slot]!;
    for (let index = 0; index < budgetSteps.length && budgetSteps[index]! <= highest; index += 1) {
      const bits = maxAtLeast[index]!;
      bits[word] = isOn ? bits[word]! | bit : bits[word]! & ~bit;
    }
    for (let index = budgetSteps.length - 1; index >= 0 && budgetSteps[index]! >= lowest; index -= 1) {
      const bits = minAtMost[index]!;
      bits[word] = isOn ? bits[word]! | bit : bits[word]! & ~bit;
    }
  }

  function setAttributes(slot: number, job: IndexedJob, isNew: boolean) {
    if (!isNew) markBudgets(slot, false);
    created[slot] = job.createdUs;
    budgetMin[slot] = job.budgetMinUsd;
    budgetMax[slot] = job.budgetMaxUsd;
    proposals[slot] = job.proposalCount;
    featuredUntil[slot] = job.featuredUntilMs ?? Number.NaN;
    markBudgets(slot, true);
    if (job.featuredUntilMs === undefined) {
      if (featured.delete(slot)) featuredNowFrom = Number.POSITIVE_INFINITY;
    } else {
      featured.add(slot);
      featuredNowFrom = Number.POSITIVE_INFINITY;
    }
  }

  /** Adds the job, or brings it up to date (with the same words and facets, in its slot). */
  function upsert(job: IndexedJob) {
    slots.put(
      job.id,
      (slot, isNew) => {
        setAttributes(slot, job, isNew);
        if (!isNew) return;
        for (const word of job.words) postings.post(words, word, slot);
        for (const facet of new Set(job.facets)) postings.post(facets, facet, slot);
      },
      job.tokensHash,
    );
  }

  /** Takes the job out (it closed, was hired or was deleted); a job that is not in is ignored. */
  function remove(id: string) {
    slots.remove(id);
  }

  // The words that hold a search's featured matches (a search is synchronous: one at a time).
  let featuredListing = new Int32Array(0);

  /** The jobs featured at `nowMs`, word by word (few: a search reads those words of its matches). */
  function featuredAt(nowMs: number) {
    if (nowMs >= featuredNowFrom && nowMs < featuredNowUntil) return featuredNow;
    // It holds from when the last period to have ended ended (a search begun a moment before this
    // one may come after it), until the first of theirs ends.
    const featuredSlots: number[] = [];
    let lastEnded = Number.NEGATIVE_INFINITY;
    let firstEnd = Number.POSITIVE_INFINITY;
    for (const slot of featured) {
      const until = featuredUntil[slot]!;
      if (until > nowMs) {
        featuredSlots.push(slot);
        firstEnd = Math.min(firstEnd, until);
      } else lastEnded = Math.max(lastEnded, until);
    }
    featuredSlots.sort((a, b) => a - b);
    const words: number[] = [];
    const bits: number[] = [];
    for (const slot of featuredSlots) {
      if (words.at(-1) !== slot >>> 5) {
        words.push(slot >>> 5);
        bits.push(0);
      }
      bits[bits.length - 1]! |= 1 << (slot & 31);
    }
    const all = new Uint32Array(slots.capacity >>> 5);
    words.forEach((word, index) => (all[word] = bits[index]!));
    featuredNow = { words: Int32Array.from(words), bits: Int32Array.from(bits), all };
    featuredNowFrom = lastEnded;
    featuredNowUntil = firstEnd;
    return featuredNow;
  }

  /** The jobs with any of the tokens (dead ones included), as a scratch bit set (or in `any`, cleared first). */
  function anyOf(tokens: string[], any = scratch()) {
    any.fill(0);
    for (const facet of tokens) {
      const posting = facets.get(facet);
      if (!posting) continue;
      const { bits, slots, length } = posting;
      // A sparse token's slots go straight in, without making its bit set first.
      if (bits) for (let index = 0; index < any.length; index += 1) any[index]! |= bits[index]!;
      else for (let index = 0; index < length; index += 1) any[slots[index]! >>> 5]! |= 1 << (slots[index]! & 31);
    }
    return any;
  }

  /** The matching living jobs, as a scratch bit set, how many they are, and the words that may hold them. */
  function matches(search: IndexSearch) {
    // Every set the matches must be in, intersected in one pass: the living, the words of the text,
    // each filter token, any of the regions, the budget steps within the range.
    const { alive } = slots;
    const { sets: all, isEmpty } = postings.requiredSets(search, search.allFacets, words, facets, alive);
    for (const group of search.anyOf) all.push(anyOf(group));
    // A job matches a budget range when its own range reaches into it: whole sets of budget steps
    // within the range go in with the rest, and only the jobs of the steps around its ends are checked.
    const { minBudgetUsd: min, maxBudgetUsd: max } = search;
    const below = min === undefined ? -1 : budgetSteps.findLastIndex((step) => step <= min);
    const above = max === undefined ? -1 : budgetSteps.findIndex((step) => step >= max);
    if (below >= 0) all.push(maxAtLeast[below]!);
    if (above >= 0) all.push(minAtMost[above]!);
    const { bits, count, words: listed } = postings.intersectAll(all, alive, isEmpty);
    let total = count;
    if (min !== undefined) total -= keepWithin(bits, listed, maxAtLeast[below + 1], budgetMax, min, Number.POSITIVE_INFINITY);
    if (max !== undefined)
      total -= keepWithin(
        bits,
        listed,
        above === 0 ? undefined : minAtMost[above < 0 ? budgetSteps.length - 1 : above - 1],
        budgetMin,
        Number.NEGATIVE_INFINITY,
        max,
      );
    return { bits, total, listed };
  }

  /**
   * Up to `count` slots of the set after skipping `skip`, in the order, starting after `after`
   * (`words`: the words that may hold the set's slots, when known).
   */
  function pickInOrder(
    bits: Uint32Array,
    total: number,
    sort: OrderSort,
    skip: number,
    count: number,
    after: SlotKey | undefined,
    words?: Int32Array,
  ) {
    return orders.page(
      sort,
      { bits, total, live: slots.live, skip, count, plan, words },
      after && {
        start: orders.positionAfter(sort, (slot) => compareToKey(sort, slot, after)),
        isAfter: (slot) => compareToKey(sort, slot, after) > 0,
      },
    );
  }

  /**
   * The same, nearest first: place by place (the nearest first), each place's jobs newest first. A
   * place nearer than `after`'s has been read; the one at its distance continues after its job.
   */
  function pickNearest(bits: Uint32Array, places: IndexPlace[], skip: number, count: number, after: SlotKey | undefined) {
    const found: { slot: number; value: number }[] = [];
    let toSkip = skip;
    const here = scratch(undefined, false);
    for (const place of places) {
      if (found.length >= count) break;
      if (after && place.value > after.value) continue;
      const within = after && place.value === after.value ? { ...after, value: 0 } : undefined;
      if (!within) {
        // A job has one place token, so a place's matches are its tokens' matches added up.
        let total = 0;
        for (const facet of place.facets) {
          const posting = facets.get(facet);
          if (posting) total += countCommon(bits, posting);
        }
        if (toSkip >= total) {
          toSkip -= total;
          continue;
        }
      }
      const total = intersectCounting(anyOf(place.facets, here), bits);
      for (const slot of pickInOrder(here, total, 'newest', toSkip, count - found.length, within)) found.push({ slot, value: place.value });
      toSkip = 0;
    }
    return found;
  }

  /** Up to `count` slots of the set after skipping `skip`, in the sort's order, starting after `after`, with their sort values. */
  function pick(
    bits: Uint32Array,
    total: number,
    search: IndexSearch,
    skip: number,
    count: number,
    after: SlotKey | undefined,
    words: Int32Array,
  ) {
    const { sort } = search;
    if (sort === 'distance') return pickNearest(bits, search.places ?? [], skip, count, after);
    return pickInOrder(bits, total, sort, skip, count, after, words).map((slot) => ({ slot, value: valueOf(sort, slot) }));
  }

  /** Matching jobs counted, and a page of them: those featured at `nowMs` first, each part in the sort's order. */
  function search(search: IndexSearch): IndexAnswer {
    if (!slots.isSealed) throw new Error('search index: seal() it after loading');
    try {
      const { bits, total, listed } = matches(search);
      // The featured part taken out of the rest, read over the matches' words or the featured jobs'
      // words, whichever are fewer; nearest first is by distance alone (a featured project keeps its
      // badge there, not the top: the reader asked for what is closest).
      const pinsFeatured = search.sort !== 'distance';
      const featuredBits = scratch();
      if (featuredListing.length < bits.length) featuredListing = new Int32Array(slots.capacity >>> 5);
      const featuredWords = featuredListing;
      let featuredListed = 0;
      let featuredMatches = 0;
      const split = (word: number, featuredThere: number) => {
        const matched = bits[word]! & featuredThere;
        if (matched === 0) return;
        featuredMatches += popcount(matched);
        if (pinsFeatured) {
          featuredBits[word] = matched;
          bits[word]! ^= matched;
          featuredWords[featuredListed++] = word;
        }
      };
      if (total > 0) {
        const now = featuredAt(search.nowMs);
        if (listed.length < now.words.length) for (const word of listed) split(word, now.all[word]!);
        else for (let index = 0; index < now.words.length; index += 1) split(now.words[index]!, now.bits[index]!);
      }
      const featuredCount = pinsFeatured ? featuredMatches : 0;
      // No later than the first featured period among the matches ends (its badge goes then, pinned or not).
      const nextFeaturedEndMs = featuredMatches > 0 && Number.isFinite(featuredNowUntil) ? featuredNowUntil : undefined;
      const { skip, count } = search;
      const after = search.after && {
        featured: search.after.featured,
        key: { value: search.after.key.value, createdUs: search.after.key.createdUs, idWords: ids.wordsOf(search.after.key.id) },
      };
      const rest = total - featuredCount;
      const inFeatured = featuredWords.subarray(0, featuredListed);
      let featuredHits: { slot: number; value: number }[];
      let restHits: { slot: number; value: number }[];
      if (after) {
        featuredHits = after.featured ? pick(featuredBits, featuredCount, search, 0, count, after.key, inFeatured) : [];
        restHits = pick(bits, rest, search, 0, count - featuredHits.length, after.featured ? undefined : after.key, listed);
      } else {
        featuredHits = pick(featuredBits, featuredCount, search, skip, count, undefined, inFeatured);
        restHits = pick(bits, rest, search, Math.max(0, skip - featuredCount), count - featuredHits.length, undefined, listed);
      }
      const hit =
        (isFeatured: boolean) =>
        ({ slot, value }: { slot: number; value: number }) => ({
          id: ids.idOf(slot),
          featured: isFeatured,
          key: { value, createdUs: created[slot]!, id: ids.idOf(slot) },
        });
      return { total, hits: [...featuredHits.map(hit(true)), ...restHits.map(hit(false))], nextFeaturedEndMs };
    } finally {
      postings.giveBack();
    }
  }

  return {
    upsert,
    remove,
    /** Sorts the orders of a loading index once; from then on each change moves its job in them. */
    seal: slots.seal,
    search,
    get size() {
      return slots.live;
    },
    /** How much of the index is slots of jobs that left it (a reload makes it whole again). */
    get deadShare() {
      return slots.deadShare;
    },
    /** The index as it stands: its own arrays, to be written before it changes (search/index-snapshot.ts). */
    state: (): JobIndexState => ({
      slots: slots.state(),
      created,
      budgetMin,
      budgetMax,
      proposals,
      featuredUntil,
      maxAtLeast,
      minAtMost,
      featured: Int32Array.from(featured),
    }),
    /** Roughly how many bytes it holds, by part, to say where memory goes. */
    memory() {
      return {
        jobs: slots.live,
        slot_bytes: slots.capacity * (8 * 6 + 4 + 3 * 4) + ids.bytes + 2 * budgetSteps.length * (slots.capacity >>> 3),
        ...postings.memory(),
      };
    },
  };
}

export type JobIndex = ReturnType<typeof createJobIndex>;
