// What users send to GET /api/search/jobs (and /api/search/professionals), as a benchmark can replay it: tens of thousands of distinct
// searches (English and Arabic words and phrases, skills, misspellings that match nothing, places,
// industries, types, budgets, sorts, pages 1 to 5), requested with a long-tail (Zipf) popularity, so a
// few searches are common and most are seen once or twice. Seeded: the same seed gives the same mix.
import { countries, industries, places as cities } from '@mihna/shared';
import { searchTerms, skills } from './search-data.mjs';

/** A small, fast, seedable generator (mulberry32): uniform numbers in [0, 1). */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const places = ['dubai', 'riyadh', 'doha', 'kuwait', 'muscat', 'bahrain', 'abu dhabi', 'jeddah', 'sharjah'];
const qualifiers = ['urgent', 'senior', 'arabic', 'bilingual', 'small', 'monthly', 'remote', 'expert'];
// Words people type that no project holds: misspellings, other trades, other languages' words.
const misses = ['websiet', 'degign', 'plumbr', 'aquarium', 'blockchain', 'falconry', 'yacht', 'نجارة', 'حدادة', 'زراعة', 'tattoo', 'drone'];

/** Draws one of a list. */
const pickWith = (random) => (list) => list[Math.floor(random() * list.length)];

/** The page users ask for, 20 a page: the first most often, the fifth rarely. */
function onPage(random, query) {
  const page = random();
  const pageNumber = page < 0.7 ? 1 : page < 0.85 ? 2 : page < 0.93 ? 3 : page < 0.97 ? 4 : 5;
  query.limit = 20;
  if (pageNumber > 1) query.skip = (pageNumber - 1) * 20;
  return query;
}

/** One random search: a text, filters, a sort and a page, each with the share users give it (`nearby`: always near a point). */
function drawSearch(random, nearby = false) {
  const pick = pickWith(random);
  const query = {};
  const text = random();
  if (text < 0.35) query.q = pick(searchTerms);
  else if (text < 0.5) query.q = `${pick(searchTerms)} ${pick(places)}`;
  else if (text < 0.6) query.q = `${pick(qualifiers)} ${pick(searchTerms)}`;
  else if (text < 0.68) query.q = pick(skills).toLowerCase();
  else if (text < 0.75) query.q = random() < 0.5 ? pick(misses) : `${pick(misses)} ${pick(places)}`;
  // The rest search by filters alone.
  const country = random() < 0.45 ? pick(countries) : undefined;
  if (country) {
    query.country = country.code;
    if (random() < 0.35) query.region = pick(country.regions).id;
  }
  if (random() < 0.2) query.industry_category = pick(industries).id;
  if (random() < 0.2) query.job_type = random() < 0.5 ? 'hourly' : 'fixed';
  if (random() < 0.1) query.skills = pick(skills);
  // Projects near the searcher: a browser's position, somewhere around a city, to four decimals.
  const isNearby = nearby || random() < 0.12;
  if (isNearby) {
    const { city } = pick(cities);
    query.near_lat = (city.lat + (random() - 0.5) * 0.1).toFixed(4);
    query.near_lng = (city.lng + (random() - 0.5) * 0.1).toFixed(4);
    if (random() < 0.7) query.radius_km = pick([5, 10, 25, 50, 100]);
  }
  if (random() < 0.15) {
    const low = pick([0, 500, 1000, 2000, 5000]);
    if (low > 0) query.min_budget = low;
    if (random() < 0.7) query.max_budget = low + pick([1000, 5000, 20000, 100000]);
  }
  const sort = random();
  if (isNearby && sort < 0.6) query.sort_by = 'distance';
  else if (sort >= 0.7) query.sort_by = sort < 0.85 ? 'budget' : 'proposal_count';
  return onPage(random, query);
}

const firstNames = ['layla', 'omar', 'fatima', 'ahmed', 'noura', 'khalid', 'priya', 'maria', 'yousef', 'hessa'];
const lastNames = ['haddad', 'mansoori', 'khan', 'nair', 'santos', 'balushi', 'hamdan', 'farouk'];
const roles = ['developer', 'designer', 'accountant', 'translator', 'photographer', 'engineer', 'consultant', 'مصمم', 'مطور', 'مترجم'];

/** One random search of professionals: a name, a skill, a trade or a miss; places, rates, sorts and pages. */
function drawProfessionalSearch(random) {
  const pick = pickWith(random);
  const query = {};
  const text = random();
  if (text < 0.2) query.q = pick(skills).toLowerCase();
  else if (text < 0.35) query.q = pick(roles);
  else if (text < 0.45) query.q = pick(searchTerms);
  else if (text < 0.52) query.q = random() < 0.5 ? pick(firstNames) : `${pick(firstNames)} ${pick(lastNames)}`;
  else if (text < 0.56)
    query.q = pick(skills)
      .toLowerCase()
      .slice(0, 3 + Math.floor(random() * 3)); // typed so far
  else if (text < 0.62) query.q = random() < 0.5 ? pick(misses) : `${pick(misses)} ${pick(roles)}`;
  // The rest search by filters alone.
  if (random() < 0.15) query.skills = random() < 0.7 ? pick(skills) : `${pick(skills)}, ${pick(skills)}`;
  const country = random() < 0.45 ? pick(countries) : undefined;
  if (country) {
    query.country = country.code;
    if (random() < 0.35) query.region = pick(country.regions).id;
  }
  if (random() < 0.15) query.industry_category = pick(industries).id;
  if (random() < 0.1) {
    const low = pick([0, 50, 100, 200]);
    if (low > 0) query.min_rate = low;
    if (random() < 0.7) query.max_rate = low + pick([50, 100, 300]);
  }
  const sort = random();
  if (sort >= 0.7) query.sort_by = sort < 0.85 ? 'rate' : 'created_at';
  return onPage(random, query);
}

export const queryString = (query) => new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString();

/**
 * `distinct` different searches (`of` projects, projects near a point, or professionals), most popular first, and a sampler that draws them with Zipf
 * popularity (the search at rank r is drawn in proportion to 1 / r^exponent).
 */
export function longTailMix({ seed = 2026, distinct = 30_000, exponent = 0.9, of = 'projects' } = {}) {
  const draw = of === 'professionals' ? drawProfessionalSearch : (random) => drawSearch(random, of === 'nearby');
  const random = seededRandom(seed);
  const searches = [];
  const seen = new Set();
  while (searches.length < distinct) {
    const query = draw(random);
    const key = queryString(query);
    if (seen.has(key)) continue;
    seen.add(key);
    searches.push(query);
  }
  // Simple searches are the common ones: fewer parameters rank first (ties keep their random order).
  searches.sort((a, b) => Object.keys(a).length - Object.keys(b).length);
  const cumulative = new Float64Array(distinct);
  let sum = 0;
  for (let rank = 0; rank < distinct; rank += 1) cumulative[rank] = sum += 1 / (rank + 1) ** exponent;
  /** A sequence of draws from its own seed, so two runs send the same requests in the same order. */
  const sampler = (drawSeed = seed + 1) => {
    const draw = seededRandom(drawSeed);
    return () => {
      const target = draw() * sum;
      let low = 0;
      let high = distinct - 1;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (cumulative[middle] < target) low = middle + 1;
        else high = middle;
      }
      return searches[low];
    };
  };
  return { searches, sampler };
}
