// The Node.js options the server runs with, here alone so that `npm start` and the benchmarks that
// measure its server (bench/harness.mjs) cannot drift apart. A young generation of 4 MB keeps the
// server's memory level under load (decision 27).
export const SERVER_NODE_OPTIONS = ['--max-semi-space-size=4'];
