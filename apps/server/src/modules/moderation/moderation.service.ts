import { AppError } from '../../lib/app-error.ts';
import { moderateText, severityMessages, type ModerationResult } from './moderation.ts';

export const seriousViolationDetail = `${severityMessages.severe}: this text contains language that is not allowed on Mihna. Our moderation team will review it and notify you.`;

const fieldLabels: Record<string, string> = {
  bio: 'bio',
  company_description: 'company description',
  title: 'title',
  description: 'description',
  proposal_text: 'proposal',
};

export function createModerationService() {
  return {
    validateContent: (content: string): ModerationResult => moderateText(content),

    /**
     * Moderates free-text fields of a submission: a severe finding refuses it (422 on that field);
     * otherwise cleaned text replaces the original and a message says so.
     */
    moderateFields<T extends Record<string, string | null | undefined>>(fields: T) {
      const values: Partial<Record<keyof T, string>> = {};
      const messages: string[] = [];
      for (const [field, text] of Object.entries(fields)) {
        if (!text) continue;
        const result = moderateText(text);
        if (result.severity === 'severe') {
          throw new AppError('validation_failed', [{ loc: ['body', field], msg: seriousViolationDetail, type: 'moderation' }]);
        }
        if (result.severity !== 'none') {
          values[field as keyof T] = result.cleaned_content;
          messages.push(`${result.message}: inappropriate words in your ${fieldLabels[field] ?? field} were replaced.`);
        }
      }
      return { values, messages };
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
