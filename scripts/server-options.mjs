import { fileURLToPath } from 'node:url';

// The Node.js options the server runs with, here alone so that `npm start` and the benchmarks that
// measure its server (bench/harness.mjs) cannot drift apart. A young generation of 4 MB keeps the
// server's memory level under load (decision 27).
// The traces' module goes first (apps/server/src/telemetry.ts: it does nothing unless
// OTEL_EXPORTER_OTLP_ENDPOINT is set), so that it sees every module the server loads.
export const SERVER_NODE_OPTIONS = [
  '--max-semi-space-size=4',
  '--import',
  fileURLToPath(new URL('../apps/server/dist/telemetry.js', import.meta.url)),
];
