import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';

const SIZES = [16, 32, 48];

/** The brand's icon: the built app's copy, else the web app's own (the API served alone, in tests). */
function findBrandIcon(webRoot: string | undefined): string {
  const built = webRoot ? path.join(webRoot, 'favicon.svg') : undefined;
  if (built && fs.existsSync(built)) return built;
  let directory = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const source = path.join(directory, 'apps', 'web', 'public', 'favicon.svg');
    if (fs.existsSync(source)) return source;
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error('The brand icon (apps/web/public/favicon.svg) was not found.');
    directory = parent;
  }
}

/** An ICO file holding one PNG per size (as every browser since 2007 reads them), smallest first. */
export async function drawIcon(svg: Buffer, sizes = SIZES): Promise<Buffer> {
  const pictures = await Promise.all(sizes.map((size) => sharp(svg, { density: 384 }).resize(size, size).png().toBuffer()));
  const header = Buffer.alloc(6 + 16 * sizes.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(sizes.length, 4);
  let offset = header.length;
  sizes.forEach((size, index) => {
    const entry = 6 + 16 * index;
    const picture = pictures[index] ?? Buffer.alloc(0);
    header.writeUInt8(size % 256, entry);
    header.writeUInt8(size % 256, entry + 1);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(picture.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += picture.length;
  });
  return Buffer.concat([header, ...pictures]);
}

/**
 * /favicon.ico for the whole site: a browser asks for it on any page that names no icon of its own,
 * and so do bookmarks, tabs of other tools and crawlers; unanswered, it was a 404 in the console of
 * every such page. Drawn once, at the first request, from the brand's SVG.
 */
export function registerFavicon(app: FastifyInstance, webRoot: string | undefined) {
  let icon: Promise<Buffer> | undefined;
  app.get('/favicon.ico', { schema: { hide: true } }, async (_request, reply) => {
    icon ??= fs.promises.readFile(findBrandIcon(webRoot)).then((svg) => drawIcon(svg));
    const bytes = await icon.catch((error: unknown) => {
      icon = undefined;
      throw error;
    });
    return reply.type('image/x-icon').header('cache-control', 'public, max-age=86400').send(bytes);
  });
}
