import type { NewsletterSubscription } from '@mihna/shared';
import type { Db } from '../../db/client.ts';
import { newsletterSubscriptions } from './newsletter.schema.ts';

export function createNewsletterRepository(db: Db) {
  return {
    /** Adds the address once; subscribing again changes nothing. */
    async insertSubscription(subscription: NewsletterSubscription) {
      await db.insert(newsletterSubscriptions).values(subscription).onConflictDoNothing();
    },
  };
}

export type NewsletterRepository = ReturnType<typeof createNewsletterRepository>;
