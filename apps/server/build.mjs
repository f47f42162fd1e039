import { build } from 'esbuild';

// One file for the server and one for the support commands; npm packages stay external and load from node_modules.
await build({
  entryPoints: ['src/main.ts', 'src/support.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  alias: { '@mihna/shared': '../../packages/shared/src/index.ts' },
  sourcemap: true,
  logLevel: 'warning',
});
