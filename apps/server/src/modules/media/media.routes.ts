import { errorResponseSchema, requestMessages } from '@mihna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { MediaRepository } from './media.repository.ts';

export const mediaPath = (id: string) => `/media/${id}.webp`;

const mediaFileName = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.webp$/;

const entityTag = (id: string) => `"${id}"`;

/** If-None-Match may list several tags, weak or strong, or be `*`. */
function isNotModified(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const trimmed = candidate.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === tag;
  });
}

export function mediaRoutes(repository: MediaRepository): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/media/:file',
      {
        schema: {
          tags: ['media'],
          summary: 'Download a stored image such as a profile picture',
          description: 'Answers image/webp bytes. A file never changes once stored, so it may be cached forever.',
          // A malformed name is answered 404 by the handler rather than 422 by validation: it names no file.
          params: z.object({ file: z.string() }),
          // A Buffer skips the serializer, so the 200 schema only types the handler and documents the answer.
          response: {
            200: z.custom<Buffer>((value) => Buffer.isBuffer(value)).describe('The image bytes, as image/webp'),
            304: z.undefined().describe('Not modified: the copy named in If-None-Match is current'),
            404: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const id = mediaFileName.exec(request.params.file)?.[1];
        const media = id ? await repository.findMedia(id) : undefined;
        if (!media) throw new AppError('not_found', requestMessages.notFound);

        const tag = entityTag(media.id);
        reply
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          .header('ETag', tag)
          .header('X-Content-Type-Options', 'nosniff');
        if (isNotModified(request.headers['if-none-match'], tag)) return reply.status(304).send();
        return reply.type(media.contentType).send(media.bytes);
      },
    );
  };
}
