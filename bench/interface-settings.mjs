// Latency and throughput of the call every visitor makes first, on the built server with PGlite.
// Run after `npm run build`: node bench/interface-settings.mjs [requests=3000] [concurrency=20]
import { measure, startServer } from './harness.mjs';

const total = Number(process.argv[2] ?? 3000);
const concurrency = Number(process.argv[3] ?? 20);
const { base, stop } = await startServer(3190);
const url = `${base}/api/public/interface-settings`;
try {
  for (let index = 0; index < 200; index += 1) await (await fetch(url)).arrayBuffer();
  await measure('GET /api/public/interface-settings', { total, concurrency }, () => fetch(url));
} finally {
  await stop();
}
