import {
  ATTACHMENT_MAX_BYTES,
  attachmentSchema,
  conversationListSchema,
  conversationSchema,
  errorResponseSchema,
  markReadRequestSchema,
  messagePageSchema,
  messageSchema,
  reportConversationRequestSchema,
  sendMessageRequestSchema,
  startConversationRequestSchema,
  unreadSummarySchema,
} from '@mihna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SignedIn } from '../../plugins/signed-in.ts';
import { attachmentHeaders } from './attachments.ts';
import type { MessageHub } from './messaging-hub.ts';
import type { MessagingService } from './messaging.service.ts';

const security = [{ bearerAuth: [] }];
const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema };
const conversationParams = z.object({ id: z.uuid() });

export function messagingRoutes(signedIn: SignedIn, messaging: MessagingService, hub: MessageHub): FastifyPluginAsyncZod {
  return async (app) => {
    const actorOf = (request: { headers: { authorization?: string } }) => signedIn.actor(request as never);

    // Attachments arrive as the file's bytes; a little over the limit still reaches the handler, which says why.
    app.addContentTypeParser(
      'application/octet-stream',
      { parseAs: 'buffer', bodyLimit: Math.round(ATTACHMENT_MAX_BYTES * 1.1) },
      (_request, body, done) => done(null, body),
    );

    app.post(
      '/conversations',
      {
        schema: {
          tags: ['messages'],
          summary:
            'Contact Expert / Contact Employer: the one conversation between you and this person, found or opened (optionally about one of the employer’s projects). Professionals may start one only about a project they applied to, showed interest in or were invited to.',
          security,
          body: startConversationRequestSchema,
          response: { 200: conversationSchema, 201: conversationSchema, 400: errorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { conversation, isNew } = await messaging.start(await actorOf(request), request.body);
        return reply.status(isNew ? 201 : 200).send(conversation);
      },
    );

    app.get(
      '/conversations',
      {
        schema: {
          tags: ['messages'],
          summary: 'Your conversations, latest activity first, 20 a page (pass next_cursor as before)',
          security,
          querystring: z.object({ before: z.string().max(200).optional() }),
          response: { 200: conversationListSchema, ...errors },
        },
      },
      async (request) => messaging.list(await actorOf(request), request.query.before),
    );

    app.get(
      '/conversations/unread',
      {
        schema: {
          tags: ['messages'],
          summary: 'How many messages you have not read, and in how many conversations (the header’s count)',
          security,
          response: { 200: unreadSummarySchema, ...errors },
        },
      },
      async (request) => messaging.unread(await actorOf(request)),
    );

    app.get(
      '/conversations/:id',
      {
        schema: {
          tags: ['messages'],
          summary: 'One of your conversations',
          security,
          params: conversationParams,
          response: { 200: conversationSchema, ...errors },
        },
      },
      async (request) => messaging.get(await actorOf(request), request.params.id),
    );

    app.get(
      '/conversations/:id/messages',
      {
        schema: {
          tags: ['messages'],
          summary: 'A page of 30 messages, oldest first: the latest, or those before the message `before`',
          security,
          params: conversationParams,
          querystring: z.object({ before: z.coerce.number().int().min(1).optional() }),
          response: { 200: messagePageSchema, ...errors },
        },
      },
      async (request) => messaging.messages(await actorOf(request), request.params.id, request.query.before),
    );

    app.post(
      '/conversations/:id/messages',
      {
        schema: {
          tags: ['messages'],
          summary:
            'Send a message (up to 5,000 characters, and/or an uploaded attachment). Contact details are masked until the two have a funded contract. Sending again with the same client_key stores it once.',
          security,
          params: conversationParams,
          body: sendMessageRequestSchema,
          response: {
            201: messageSchema.extend({ moderation_messages: z.array(z.string()).optional() }),
            409: errorResponseSchema,
            422: errorResponseSchema,
            ...errors,
          },
        },
      },
      async (request, reply) => reply.status(201).send(await messaging.send(await actorOf(request), request.params.id, request.body)),
    );

    app.post(
      '/conversations/:id/read',
      {
        schema: {
          tags: ['messages'],
          summary: 'You have read the conversation up to this message (the other person sees it as read)',
          security,
          params: conversationParams,
          body: markReadRequestSchema,
          response: { 200: z.object({ read_up_to: z.number().int(), unread_count: z.number().int() }), ...errors },
        },
      },
      async (request) => messaging.markRead(await actorOf(request), request.params.id, request.body.up_to),
    );

    app.post(
      '/conversations/:id/attachments',
      {
        schema: {
          tags: ['messages'],
          summary:
            'Upload a file to send in the conversation: the body is the file’s bytes (Content-Type: application/octet-stream), its name in X-File-Name (URI-encoded). Images, PDFs, Office files and text up to 10 MB, checked by their bytes; images re-encoded without metadata.',
          security,
          params: conversationParams,
          headers: z.object({ 'x-file-name': z.string().max(1000).optional() }),
          response: { 201: attachmentSchema, 413: errorResponseSchema, 415: errorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const body = request.body;
        const bytes = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
        let fileName = request.headers['x-file-name'] ?? 'file';
        try {
          fileName = decodeURIComponent(fileName);
        } catch {
          // A name that is not URI-encoded is used as sent.
        }
        return reply.status(201).send(await messaging.upload(await actorOf(request), request.params.id, fileName, bytes));
      },
    );

    app.get(
      '/conversations/:id/attachments/:attachmentId',
      {
        schema: {
          tags: ['messages'],
          summary: 'Download a file sent in the conversation (its two people only)',
          security,
          params: z.object({ id: z.uuid(), attachmentId: z.uuid() }),
          response: { 200: z.custom<Buffer>((value) => Buffer.isBuffer(value)).describe('The file'), ...errors },
        },
      },
      async (request, reply) => {
        const file = await messaging.download(await actorOf(request), request.params.id, request.params.attachmentId);
        return reply.headers(attachmentHeaders(file, { isAudited: false })).send(file.bytes);
      },
    );

    for (const [method, action] of [
      ['PUT', 'block'],
      ['DELETE', 'unblock'],
    ] as const) {
      app.route({
        method,
        url: '/conversations/:id/block',
        schema: {
          tags: ['messages'],
          summary: action === 'block' ? 'Block the other person: neither of you can message the other' : 'Lift your block',
          security,
          params: conversationParams,
          response: { 200: conversationSchema, ...errors },
        },
        handler: async (request) => messaging[action](await actorOf(request), request.params.id),
      });
    }

    app.post(
      '/conversations/:id/report',
      {
        schema: {
          tags: ['messages'],
          summary: 'Report the conversation to Mihna staff (spam, taking work off the platform, abuse, a scam, other)',
          security,
          params: conversationParams,
          body: reportConversationRequestSchema,
          response: { 201: z.object({ message: z.string() }), 422: errorResponseSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await messaging.report(await actorOf(request), request.params.id, request.body.reason, request.body.details)),
    );

    app.get(
      '/messages/stream',
      {
        schema: {
          tags: ['messages'],
          summary:
            'Server-Sent Events: `message` (id = the message id) for every message to or from you, `read` when someone reads up to a message, a `ready` first when not resuming. Resume with Last-Event-ID (or ?after=) to get exactly what was missed.',
          security,
          querystring: z.object({ after: z.coerce.number().int().min(0).optional() }),
          headers: z.object({ 'last-event-id': z.string().max(20).optional() }),
        },
      },
      async (request, reply) => {
        const actor = await actorOf(request);
        // An id the client was sent: digits only (an empty or odd header is no resume, not "from the start").
        const header = request.headers['last-event-id']?.trim() ?? '';
        const lastEventId = /^\d{1,15}$/.test(header) ? Number(header) : (request.query.after ?? null);
        const streamHeaders = {
          'Content-Type': 'text/event-stream; charset=utf-8',
          'Cache-Control': 'no-store',
          'X-Accel-Buffering': 'no',
        };
        // HEAD (an uptime check, a proxy's probe) gets the stream's headers at once, without a body: the stream itself
        // never ends, so a HEAD answered as the stream would wait for ever.
        if (request.method === 'HEAD') return reply.status(200).headers(streamHeaders).send();
        reply.hijack();
        const response = reply.raw;
        response.writeHead(200, { ...streamHeaders, ...(request.raw.httpVersionMajor < 2 ? { Connection: 'keep-alive' } : {}) });
        // The browser reconnects after 2 s when a stream drops.
        response.write('retry: 2000\n\n');
        let isOpen = true;
        const writer = {
          event(name: string, data: unknown, id?: number) {
            if (!isOpen) return;
            response.write(`${id === undefined ? '' : `id: ${id}\n`}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
          },
          comment(text: string) {
            if (isOpen) response.write(`: ${text}\n\n`);
          },
          end() {
            if (isOpen) response.end();
            isOpen = false;
          },
        };
        let stop: (() => void) | undefined;
        response.on('close', () => {
          isOpen = false;
          stop?.();
        });
        try {
          stop = await hub.open(actor.id, lastEventId, writer);
          if (!isOpen) stop();
        } catch (error) {
          request.log.error({ err: error }, 'message stream failed to open');
          writer.end();
        }
      },
    );
  };
}
