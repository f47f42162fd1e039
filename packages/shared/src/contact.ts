import { z } from 'zod';
import { messages } from './messages.ts';

export const contactSubjects = ['general', 'support', 'billing', 'partnership', 'feedback'] as const;
export type ContactSubject = (typeof contactSubjects)[number];

const requiredText = (max: number) =>
  z.string({ error: messages.required }).trim().min(1, messages.required).max(max, messages.max(max));

export const contactMessageInputSchema = z.object({
  name: requiredText(120),
  email: z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .pipe(z.email(messages.invalidEmail).max(254, messages.invalidEmail)),
  subject: z.enum(contactSubjects, { error: messages.required }),
  message: requiredText(5000),
  // The specification's client sends it; the server always delivers to the support address from settings.
  recipient_email: z.string().optional(),
});
export type ContactMessageInput = z.infer<typeof contactMessageInputSchema>;
