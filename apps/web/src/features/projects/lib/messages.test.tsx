import { i18n } from '../../../i18n/index.ts';
import { jobMessages, messages, proposalMessages, referenceMessages, searchMessages } from '@mihna/shared';
import { renderHook } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { loadTranslations } from '../../../test/testing.tsx';

describe('the server answers about projects and proposals', () => {
  beforeAll(() => loadTranslations('ar'));
  afterAll(() => i18n.changeLanguage('en'));

  it('are all translated into Arabic, the decimal minimum of a rate included', () => {
    const { result } = renderHook(() => useValidationMessage());
    for (const message of [
      ...Object.values(jobMessages),
      ...Object.values(proposalMessages),
      ...Object.values(referenceMessages),
      ...Object.values(searchMessages),
      messages.min(0.01),
    ]) {
      expect(result.current(message), message).toMatch(/[\u0600-\u06FF]/);
    }
    expect(result.current(messages.min(0.01))).toBe('يجب ألا يقل عن 0.01');
  });
});
