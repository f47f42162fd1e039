import { build } from 'esbuild';

// One file for the server, one for the project search index's thread (search-thread-link.ts finds it beside the
// server's) and one for the support commands; npm packages stay external and load from node_modules.
await build({
  entryPoints: { main: 'src/main.ts', 'search-thread': 'src/modules/jobs/search-thread.ts', support: 'src/support.ts' },
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
