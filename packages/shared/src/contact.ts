import { z } from 'zod';
import { messages } from './messages.ts';
import { emailAddress, multiLineText, singleLineText } from './text.ts';

export const contactSubjects = ['general', 'support', 'billing', 'partnership', 'feedback'] as const;
export type ContactSubject = (typeof contactSubjects)[number];

export const contactMessageInputSchema = z.object({
  name: singleLineText(120),
  email: emailAddress(),
  subject: z.enum(contactSubjects, { error: messages.required }),
  message: multiLineText(5000),
  // The specification's client sends it; the server always delivers to the support address from settings.
  recipient_email: z.string().max(254).optional(),
});
export type ContactMessageInput = z.infer<typeof contactMessageInputSchema>;
