import { z } from 'zod';
import { emailAddress } from './text.ts';

export const newsletterSubscriptionSchema = z.object({
  email: emailAddress(),
  language: z.enum(['en', 'ar']).default('en'),
});
export type NewsletterSubscription = z.infer<typeof newsletterSubscriptionSchema>;
