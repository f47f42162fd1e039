import { renderHook } from '@testing-library/react';
import { messages } from '@mihna/shared';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/index.ts';
import { useValidationMessage } from './validation-message.ts';

describe('useValidationMessage', () => {
  beforeAll(async () => {
    await initI18n('ar');
  });

  it('translates every message of the shared schemas, numbers included', async () => {
    await i18next.changeLanguage('ar');
    const { result } = renderHook(() => useValidationMessage());
    const translate = result.current;
    expect(translate(messages.required)).toBe('هذا الحقل مطلوب');
    expect(translate(messages.weakPassword)).toBe('يجب أن تتكون كلمة المرور من 8 أحرف على الأقل وأن تحتوي على حروف وأرقام.');
    expect(translate(messages.minLength(2))).toBe('يجب ألا يقل عن 2 أحرف');
    expect(translate(messages.max(50))).toBe('يجب ألا يزيد على 50');
    for (const message of Object.values(messages)) {
      const text = typeof message === 'function' ? message(3) : message;
      expect(translate(text), text).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('passes an unknown server message through unchanged', () => {
    const { result } = renderHook(() => useValidationMessage());
    expect(result.current('Too many messages from this connection.')).toBe('Too many messages from this connection.');
  });
});
