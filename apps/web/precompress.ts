import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Text formats gain from compression; images and fonts are compressed already.
const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const MINIMUM_BYTES = 1024;

async function* filesUnder(directory: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/**
 * Writes a .br (brotli at its highest quality) and a .gz beside every built text file over 1 KB, so
 * the server sends compressed files without compressing them per request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  let ssr = false;
  return {
    name: 'mihna-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (ssr) return;
      const jobs: Promise<void>[] = [];
      for await (const file of filesUnder(outDir)) {
        if (!compressible.test(file)) continue;
        jobs.push(
          (async () => {
            const content = await fs.readFile(file);
            if (content.length < MINIMUM_BYTES) return;
            const [br, gz] = await Promise.all([
              brotli(content, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                },
              }),
              gzipAsync(content, { level: 9 }),
            ]);
            await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
          })(),
        );
      }
      await Promise.all(jobs);
    },
  };
}
