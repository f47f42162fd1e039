// Prints what a first visit to / downloads: the entry chunk, its static imports, the home route chunk
// and the CSS, raw and gzipped. Run after `npm run build`: node bench/first-load.mjs
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve('apps/web/dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));

const files = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) collect(imported);
}
collect('index.html');
const homeKey = Object.keys(manifest).find((key) => key.endsWith('app/routes/home.tsx'));
collect(homeKey);

let raw = 0;
let gzipped = 0;
const rows = [...files].map((file) => {
  const bytes = fs.readFileSync(path.join(dist, file));
  const size = { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  raw += size.raw;
  gzipped += size.gzip;
  return size;
});
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
for (const row of rows.sort((a, b) => b.gzip - a.gzip))
  console.log(`${kb(row.gzip).padStart(10)} gz ${kb(row.raw).padStart(11)} raw  ${row.file}`);
const js = rows.filter((row) => row.file.endsWith('.js')).reduce((sum, row) => sum + row.gzip, 0);
console.log(
  `\nfirst load of /: ${kb(gzipped)} gzipped (${kb(js)} of it JavaScript), ${kb(raw)} raw, ${rows.length} files (fonts load by unicode range, not counted)`,
);
