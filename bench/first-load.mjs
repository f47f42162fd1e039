// Prints what a first visit to / downloads over the wire from the built server: index.html, the entry
// chunk and its static imports, the home route chunk and the CSS, and the first API answers, each as
// sent with `Accept-Encoding: br, gzip` and without. Run after `npm run build`: node bench/first-load.mjs
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { firstVisitFiles, startServer } from './harness.mjs';

const dist = path.resolve('apps/web/dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}
const files = firstVisitFiles(dist);

/** The bytes on the wire (the body as sent, before any decoding) and the headers that matter. */
function download(url, acceptEncoding) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { headers: { accept: '*/*', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk) => (bytes += chunk.length));
        response.on('end', () =>
          resolve({ bytes, encoding: response.headers['content-encoding'] ?? 'none', cache: response.headers['cache-control'] ?? '' }),
        );
      },
    );
    request.on('error', reject);
  });
}

const port = 3400 + Math.floor(Math.random() * 400);
const server = await startServer(port, { SEED_DEMO: '1' });
try {
  const urls = [
    '/',
    ...[...files].map((file) => `/${file}`),
    '/api/public/interface-settings',
    '/api/search/jobs?limit=20',
    '/api/search/professionals?limit=20',
  ];
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
  let sent = 0;
  let plain = 0;
  for (const url of urls) {
    const [compressed, uncompressed] = await Promise.all([
      download(`${server.base}${url}`, 'br, gzip'),
      download(`${server.base}${url}`, ''),
    ]);
    sent += compressed.bytes;
    plain += uncompressed.bytes;
    console.log(
      `${kb(compressed.bytes).padStart(10)} ${compressed.encoding.padEnd(4)} ${kb(uncompressed.bytes).padStart(11)} plain  ${url}${
        compressed.cache.includes('immutable') ? '  (immutable)' : ''
      }`,
    );
  }
  console.log(
    `\nfirst visit to /: ${kb(sent)} on the wire with br/gzip, ${kb(plain)} without, ${urls.length} requests (fonts load by unicode range, not counted)`,
  );
} finally {
  await server.stop();
}
