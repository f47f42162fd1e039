import { moderationMessages, type ModeratedField, type ServerMessage } from '@mihna/shared';
import { AppError } from '../../lib/app-error.ts';
import { findContactDetails } from './contact-details.ts';
import { moderateText, type ModerationResult } from './moderation.ts';

/** Text anyone may read: a profile's and a project's. */
export type PublicTextField = 'bio' | 'company_name' | 'company_description' | 'career_highlights' | 'title' | 'description';

export function createModerationService() {
  return {
    validateContent: (content: string): ModerationResult => moderateText(content),

    /**
     * Moderates free-text fields of a submission: a severe finding refuses it (422 content_refused on that field);
     * otherwise cleaned text replaces the original and a message says so.
     */
    moderateFields<T extends Partial<Record<ModeratedField, string | null | undefined>>>(fields: T) {
      const values: Partial<Record<keyof T, string>> = {};
      const messages: ServerMessage[] = [];
      for (const [field, text] of Object.entries(fields) as [ModeratedField, string | null | undefined][]) {
        if (!text) continue;
        const result = moderateText(text);
        if (result.severity === 'severe') {
          throw new AppError('content_refused', [{ loc: ['body', field], msg: moderationMessages.refused, type: 'moderation' }]);
        }
        if (result.severity !== 'none') {
          values[field as keyof T] = result.cleaned_content;
          messages.push(moderationMessages.cleaned(result.severity, field));
        }
      }
      return { values, messages };
    },

    /**
     * Refuses public text that holds contact details (a phone, an e-mail address, a messenger handle, an
     * IBAN): anyone reads a profile or a project, so nothing there can wait for a funded contract the way
     * messages and proposals do. Every field that holds one is named (422, decision 42).
     */
    refuseContactDetails(fields: Partial<Record<PublicTextField, string | readonly string[] | null | undefined>>) {
      const refused = (Object.entries(fields) as [PublicTextField, string | readonly string[] | null | undefined][]).filter(([, value]) =>
        (typeof value === 'string' ? [value] : (value ?? [])).some((text) => findContactDetails(text).length > 0),
      );
      if (refused.length === 0) return;
      throw new AppError(
        'validation_failed',
        refused.map(([field]) => ({ loc: ['body', field], msg: moderationMessages.contactDetails, type: 'contact_details' })),
      );
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
