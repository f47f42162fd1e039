import { moderationMessages, type ModeratedField, type ServerMessage } from '@mihna/shared';
import { AppError } from '../../lib/app-error.ts';
import { moderateText, type ModerationResult } from './moderation.ts';

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
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
