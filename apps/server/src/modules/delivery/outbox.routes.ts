import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DeliveryRepository } from './delivery.repository.ts';

const outboxQuerySchema = z.object({
  to: z.string().max(254).optional().describe('An e-mail address or phone number; all recipients when absent'),
});

const outboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  created_at: z.string(),
});

// Phone numbers are stored in E.164 form, and an unencoded "+" in a query string arrives as a space.
const normaliseRecipient = (to: string) => (/^\d{7,15}$/.test(to.trim()) ? `+${to.trim()}` : to.trim());

/** Development outbox: what the product would have e-mailed or texted, newest first. */
export function outboxRoutes(repository: DeliveryRepository): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dev/outbox',
      {
        schema: {
          tags: ['development'],
          summary: 'Messages the development outbox holds, newest first',
          querystring: outboxQuerySchema,
          response: { 200: z.object({ messages: z.array(outboxMessageSchema) }) },
        },
      },
      async (request) => {
        const rows = await repository.listRecentMessages(request.query.to ? normaliseRecipient(request.query.to) : undefined, 100);
        return {
          messages: rows.map((row) => ({
            id: row.id,
            channel: row.channel,
            to: row.recipient,
            subject: row.subject,
            text: row.body,
            created_at: row.createdAt.toISOString(),
          })),
        };
      },
    );
  };
}
