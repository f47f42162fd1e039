// npm run bench:search-index — the project search index alone, without HTTP, the cache or the page's
// cards: the long tail's searches (bench/search-mix.mjs), their queries parsed by the database first,
// answered one at a time by an index loaded from a filled database, three rounds over the same
// searches. It prints microseconds per search overall and by kind (sort, text, budget, skip), and the
// slowest searches. Host noise moves the endpoint's figures by a fifth from one run to the next; this
// one moves by a few percent, so it shows what a change to the index itself gains.
//   BENCH_DATABASE_URL=postgres://… (a database bench/search.mjs filled) BENCH_SEARCHES=6000
//   BENCH_ANSWERS=file writes each answer (total and ids), to check that a change keeps them.
import fs from 'node:fs';
import { jobSearchParamsSchema } from '@mihna/shared';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { longTailMix } from './search-mix.mjs';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('Set BENCH_DATABASE_URL to a database bench/search.mjs filled.');
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 6000);

const { createSearchIndex } = await import('../apps/server/src/modules/jobs/search-index.ts');
const { indexSearchOf } = await import('../apps/server/src/modules/jobs/jobs.repository.ts');
const { searchCursor } = await import('../apps/server/src/modules/jobs/search-cursor.ts');

const pool = new pg.Pool({ connectionString: url, max: 4 });
const index = createSearchIndex(drizzle(pool));
const loading = performance.now();
await index.catchUp();
const { jobs, tokens } = index.index.memory();
console.log(
  `index: ${jobs.toLocaleString('en')} jobs, ${tokens.toLocaleString('en')} tokens, loaded in ${((performance.now() - loading) / 1000).toFixed(1)} s`,
);

const sampler = longTailMix().sampler();
const now = new Date();
const searches = [];
for (let count = 0; count < SEARCHES; count += 1) {
  const params = jobSearchParamsSchema.parse(sampler());
  const query = params.q ? await index.queryOf(params.q) : undefined;
  searches.push({ params, search: { ...indexSearchOf(params, searchCursor(params), now), query } });
}
await pool.end();

const microseconds = (ms) => (ms * 1000).toFixed(0).padStart(5);
const kindOf = ({ params }) =>
  [
    params.sort_by,
    params.q ? 'text' : '',
    params.min_budget !== undefined || params.max_budget !== undefined ? 'budget' : '',
    params.skip ? 'skip' : '',
  ]
    .filter(Boolean)
    .join(' ');
let last;
for (let round = 1; round <= 3; round += 1) {
  const times = searches.map(({ search }) => {
    const begin = performance.now();
    index.index.search(search);
    return performance.now() - begin;
  });
  const sorted = [...times].sort((a, b) => a - b);
  const at = (share) => sorted[Math.floor(share * sorted.length)];
  const mean = times.reduce((sum, time) => sum + time, 0) / times.length;
  console.log(
    `round ${round}: mean ${microseconds(mean)} µs   p50 ${microseconds(at(0.5))}   p95 ${microseconds(at(0.95))}   p99 ${microseconds(at(0.99))}   max ${microseconds(sorted.at(-1))} µs`,
  );
  last = times;
}

const kinds = new Map();
searches.forEach((each, position) => kinds.set(kindOf(each), [...(kinds.get(kindOf(each)) ?? []), last[position]]));
console.log('by kind (last round):');
for (const [kind, times] of [...kinds].sort((a, b) => b[1].length - a[1].length)) {
  const sorted = times.sort((a, b) => a - b);
  const mean = sorted.reduce((sum, time) => sum + time, 0) / sorted.length;
  console.log(
    `  ${kind.padEnd(32)} ${String(sorted.length).padStart(5)} searches   mean ${microseconds(mean)} µs   p95 ${microseconds(sorted[Math.floor(0.95 * sorted.length)])} µs`,
  );
}
console.log('slowest (last round):');
for (const position of last
  .map((_, at) => at)
  .sort((a, b) => last[b] - last[a])
  .slice(0, 5))
  console.log(`  ${microseconds(last[position])} µs  ${JSON.stringify(searches[position].params)}`);

if (process.env.BENCH_ANSWERS)
  fs.writeFileSync(
    process.env.BENCH_ANSWERS,
    searches
      .map(({ search }) => {
        const answer = index.index.search(search);
        return `${answer.total}:${answer.hits.map((hit) => hit.id).join(',')}`;
      })
      .join('\n'),
  );
