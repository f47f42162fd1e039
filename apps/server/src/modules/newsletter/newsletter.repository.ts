import type { NewsletterSubscription } from '@mihna/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { newsletterSubscriptions } from './newsletter.schema.ts';

export function createNewsletterRepository(db: Db) {
  return {
    /** Adds the address once; subscribing again changes nothing. */
    async insertSubscription(subscription: NewsletterSubscription) {
      await db.insert(newsletterSubscriptions).values(subscription).onConflictDoNothing();
    },
    /** An address's subscription goes (a deleted account's, in its transaction). */
    async removeSubscription(email: string, executor: Db = db) {
      await executor.delete(newsletterSubscriptions).where(sql`lower(${newsletterSubscriptions.email}) = lower(${email})`);
    },
  };
}

export type NewsletterRepository = ReturnType<typeof createNewsletterRepository>;
