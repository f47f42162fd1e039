import { z } from 'zod';
import { messages } from './messages.ts';

export const newsletterSubscriptionSchema = z.object({
  email: z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .pipe(z.email(messages.invalidEmail).max(254, messages.invalidEmail)),
  language: z.enum(['en', 'ar']).default('en'),
});
export type NewsletterSubscription = z.infer<typeof newsletterSubscriptionSchema>;
