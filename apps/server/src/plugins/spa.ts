import { requestMessages } from '@mihna/shared';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { acceptsPage, API_PREFIX, isBrowserNavigation } from './api-paths.ts';
import { AppError } from '../lib/app-error.ts';
import { createFirstLoadPages, encodedPage, firstDataLink, isSignedIn, languageOf, readPagePaths } from './first-load.ts';

/**
 * Serves the built web app: hashed assets are cached for a year, index.html never, and any browser
 * navigation that is not an API call gets index.html so the client router can take it, in the
 * reader's language with its page's files announced (first-load.ts). So do other clients taking any
 * type (curl, uptime checks, link previews: a wildcard Accept, or none) at one of the app's addresses.
 * Files come as the build compressed them (.br, .gz beside each) when the browser accepts that encoding.
 */
export async function registerSpa(app: FastifyInstance, webRoot: string | undefined, looksAsBuilt: () => Promise<boolean>) {
  const indexPath = webRoot ? path.join(webRoot, 'index.html') : undefined;
  const hasSpa = indexPath !== undefined && fs.existsSync(indexPath);
  const pageFor = hasSpa && webRoot ? createFirstLoadPages(webRoot) : undefined;
  const isPagePath = readPagePaths(webRoot);

  if (hasSpa && webRoot) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(response, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        response.setHeader('Cache-Control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The same address answers brotli, gzip or plain by Accept-Encoding: caches must keep them apart.
        response.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '/';
    const isApi = path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
    const isPage = isBrowserNavigation(request) || (acceptsPage(request) && isPagePath(path));
    if (pageFor && !isApi && isPage && (request.method === 'GET' || request.method === 'HEAD')) {
      // The build drew each page for a visitor, without a query: a signed-in visitor's header is their
      // own, and a query (?country=SA, ?role=employer) changes the page. The page is never refused
      // for want of the settings: without them it is the skeleton.
      const withPage = !request.url.includes('?') && !isSignedIn(request.headers) && (await looksAsBuilt().catch(() => false));
      const page = pageFor(path, languageOf(request.headers), { withPage });
      const { body, encoding } = encodedPage(page, request.headers['accept-encoding']);
      if (encoding) reply.header('Content-Encoding', encoding);
      const dataLink = firstDataLink(path, request.headers);
      if (dataLink) reply.header('Link', dataLink);
      return reply
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Accept, Accept-Encoding, Accept-Language, Cookie')
        .type('text/html; charset=utf-8')
        .send(body);
    }
    throw new AppError('not_found', requestMessages.notFound);
  });
}
