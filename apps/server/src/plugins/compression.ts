import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses every answer that benefits (JSON, HTML, text; above 1 KB) with brotli or gzip, as the
 * browser's Accept-Encoding allows. Answers are made per request, so brotli runs at a quality that
 * costs about what gzip does; the built web app's files are compressed at the highest quality once,
 * at build time, and served as they are (plugins/spa.ts).
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
