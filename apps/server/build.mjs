import { build } from 'esbuild';

// One file for the server, one for the project search index's thread (search-thread-link.ts finds it beside the
// server's), one for the support commands and one for traces; npm packages stay external and load from node_modules.
await build({
  entryPoints: {
    main: 'src/main.ts',
    'search-thread': 'src/modules/jobs/search-thread.ts',
    support: 'src/support.ts',
    // Loaded before main.js (node --import), to trace it when OTEL_EXPORTER_OTLP_ENDPOINT is set.
    telemetry: 'src/telemetry.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  packages: 'external',
  alias: { '@mihna/shared': '../../packages/shared/src/index.ts' },
  sourcemap: true,
  logLevel: 'warning',
});
