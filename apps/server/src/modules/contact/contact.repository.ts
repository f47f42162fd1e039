import type { ContactMessageInput } from '@mihna/shared';
import type { Db } from '../../db/client.ts';
import { contactMessages } from './contact.schema.ts';

export function createContactRepository(db: Db) {
  return {
    async insertContactMessage(message: ContactMessageInput & { ipAddress: string; userAgent: string | undefined }, executor: Db = db) {
      const [row] = await executor
        .insert(contactMessages)
        .values({
          name: message.name,
          email: message.email,
          subject: message.subject,
          message: message.message,
          ipAddress: message.ipAddress,
          userAgent: message.userAgent?.slice(0, 500) ?? null,
        })
        .returning({ id: contactMessages.id });
      if (!row) throw new Error('insert returned no row');
      return row;
    },
  };
}

export type ContactRepository = ReturnType<typeof createContactRepository>;
