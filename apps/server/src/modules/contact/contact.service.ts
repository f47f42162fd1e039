import type { ContactMessageInput, ContactSubject } from '@mihna/shared';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import type { DeliveryService } from '../delivery/index.ts';
import type { SettingsService } from '../settings/index.ts';
import type { ContactRepository } from './contact.repository.ts';

const subjectLabels: Record<ContactSubject, string> = {
  general: 'General Inquiry',
  support: 'Technical Support',
  billing: 'Billing Question',
  partnership: 'Partnership',
  feedback: 'Feedback',
};

export function createContactService(dependencies: {
  db: Db;
  repository: ContactRepository;
  delivery: DeliveryService;
  settings: SettingsService;
}) {
  const { db, repository, delivery, settings } = dependencies;

  return {
    /** Stores the message and e-mails it to the support address in the same transaction; sending happens after commit. */
    async sendContactMessage(input: ContactMessageInput, client: { ipAddress: string; userAgent: string | undefined }) {
      const { support_email: supportEmail } = await settings.getSettings();
      await transaction(db, async (tx) => {
        const stored = await repository.insertContactMessage({ ...input, ...client }, tx);
        await delivery.enqueue(
          {
            channel: 'email',
            to: supportEmail,
            replyTo: input.email,
            subject: `[Contact · ${subjectLabels[input.subject]}] ${input.name}`,
            text: [
              `From: ${input.name} <${input.email}>`,
              `Subject: ${subjectLabels[input.subject]}`,
              `Reference: ${stored.id}`,
              '',
              input.message,
            ].join('\n'),
          },
          tx,
        );
      });
      void delivery.dispatchSoon();
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
