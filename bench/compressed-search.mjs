// node bench/compressed-search.mjs — what compressing search answers costs the server. Drives
// GET /api/search/jobs on the built server (PGlite, demo data) with 240 different searches at 32
// connections, once as a browser sends them (Accept-Encoding: br, gzip) and once without compression,
// and prints throughput, latency percentiles and bytes per answer for each. Needs `npm run build`.
//   BENCH_SECONDS=15
import autocannon from 'autocannon';
import { startServer } from './harness.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = 32;
const terms = ['website', 'cleaning', 'react', 'villa', 'marketing', 'تصميم', 'تنظيف', 'موقع', 'design', 'ac', 'legal', 'mobile'];
const mixes = [
  {},
  { country: 'AE' },
  { emirate: 'dubai' },
  { sort_by: 'budget' },
  { job_type: 'hourly' },
  { industry_category: 'technology_it' },
  { country: 'SA' },
  { sort_by: 'proposal_count' },
  { min_budget: '1000', max_budget: '20000' },
  { country: 'QA' },
];
const paths = [];
for (let index = 0; index < 240; index += 1) {
  const query = new URLSearchParams({
    ...(index % 4 === 3 ? {} : { q: terms[index % terms.length] }),
    ...mixes[index % mixes.length],
    limit: '20',
  });
  paths.push(`/api/search/jobs?${query}`);
}

async function load(base, acceptEncoding) {
  let next = 0;
  const latencies = [];
  let bytes = 0;
  const instance = autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
  });
  instance.on('response', (_client, _status, responseBytes, responseTime) => {
    latencies.push(responseTime);
    bytes += responseBytes;
  });
  const result = await instance;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors`);
  latencies.sort((a, b) => a - b);
  const at = (share) => latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))].toFixed(1);
  return `${(latencies.length / SECONDS).toFixed(0)} req/s · p50 ${at(0.5)} ms · p95 ${at(0.95)} ms · p99 ${at(0.99)} ms · ${(bytes / latencies.length / 1024).toFixed(1)} KiB per answer`;
}

const server = await startServer(3500 + Math.floor(Math.random() * 300), { SEED_DEMO: '1' });
try {
  await load(server.base, 'br, gzip'); // warm the search cache for every search
  console.log(`GET /api/search/jobs, ${paths.length} searches, ${CONNECTIONS} connections, ${SECONDS} s each (PGlite, demo data)`);
  console.log(`  uncompressed:          ${await load(server.base, '')}`);
  console.log(`  Accept-Encoding br:    ${await load(server.base, 'br, gzip')}`);
  console.log(`  Accept-Encoding gzip:  ${await load(server.base, 'gzip')}`);
} finally {
  await server.stop();
}
