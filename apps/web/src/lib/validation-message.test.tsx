import { renderHook } from '@testing-library/react';
import { messages, serverMessages } from '@mihna/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import arValidation from '../i18n/locales/ar/validation.json';
import enValidation from '../i18n/locales/en/validation.json';
import { i18n, initI18n } from '../i18n/index.ts';
import { findValidationKey, useValidationMessage } from './validation-message.ts';

// The values a catalogue message that takes some is tried with; a new one must be added here.
const samples: Record<string, unknown[][]> = {
  'common.minLength': [[2]],
  'common.maxLength': [[50]],
  'common.min': [[1], [-90]],
  'common.max': [[100], [-1]],
  'common.tooManyDecimals': [[2]],
  'login.lockedFor': [[1], [30]],
  'secondFactor.lockedFor': [[1], [30]],
  'codes.cooldown': [[42]],
  'payments.budgetExceeded': [['AED 6,000.00', 'AED 5,000.00']],
  'payments.resolutionOutOfRange': [['AED 1,250.00']],
  'payouts.ibanLength': [[23]],
  'payouts.methodNotYetUsable': [[1], [24]],
  'jobs.featuredPayment': [[7, 'AED 150.00']],
  'admin.statusChanged': [['suspended'], ['reactivated'], ['blocked']],
  'admin.userStatusChanged': [['active'], ['suspended'], ['blocked']],
  'admin.projectStatusChanged': [['active'], ['suspended'], ['blocked'], ['removed']],
  'moderation.cleaned': ['mild', 'moderate'].flatMap((severity) =>
    ['bio', 'company_description', 'title', 'description', 'proposal_text', 'message', 'comment'].map((field) => [severity, field]),
  ),
};

/** Every sentence the server can say, each with where it comes from in the catalogue. */
function everyMessage(group: object = serverMessages, path: string[] = []): { path: string; text: string }[] {
  return Object.entries(group).flatMap(([name, value]: [string, unknown]) => {
    const where = [...path, name].join('.');
    if (typeof value === 'string') return [{ path: where, text: value }];
    if (typeof value === 'function') {
      const tries = samples[where];
      if (!tries) throw new Error(`No sample values for ${where}: add them to this test`);
      return tries.map((args) => ({ path: where, text: (value as (...args: unknown[]) => string)(...args) }));
    }
    return everyMessage(value as object, [...path, name]);
  });
}

const arabic = /[\u0600-\u06FF]/;

describe('the server message catalogue', () => {
  it('has Arabic for every message, found the way the web app looks it up', () => {
    const missing: string[] = [];
    for (const { path, text } of everyMessage()) {
      const found = findValidationKey(text, enValidation);
      const translation = found && (arValidation as Record<string, string>)[found.key];
      if (!translation || !arabic.test(translation)) missing.push(`${path}: ${text}`);
    }
    expect(missing).toEqual([]);
  });

  it('keeps the English and Arabic validation files to the same keys, with the same placeholders', () => {
    expect(Object.keys(arValidation).sort()).toEqual(Object.keys(enValidation).sort());
    for (const [key, translation] of Object.entries(arValidation)) {
      const placeholders = (text: string) => [...text.matchAll(/\{\{\w+\}\}/g)].map((match) => match[0]).sort();
      // Arabic says one and two in words ("حرف واحد", "حرفين"): those plural forms need not write the count.
      const words = /_(zero|one|two)$/.test(key) ? placeholders(key).filter((name) => name !== '{{n}}') : placeholders(key);
      const written = placeholders(translation);
      expect(/_(zero|one|two)$/.test(key) ? written.filter((name) => name !== '{{n}}') : written, key).toEqual(words);
    }
  });
});

describe('useValidationMessage', () => {
  beforeAll(async () => {
    await initI18n('ar');
  });

  it('translates messages with their numbers and amounts', async () => {
    await i18n.changeLanguage('ar');
    const { result } = renderHook(() => useValidationMessage());
    const translate = result.current;
    expect(translate(messages.required)).toBe('هذا الحقل مطلوب');
    expect(translate(messages.weakPassword)).toBe('يجب أن تتكون كلمة المرور من 8 أحرف على الأقل وأن تحتوي على حروف وأرقام.');
    expect(translate(messages.minLength(2))).toBe('يجب ألا يقل عن حرفين');
    expect(translate(messages.minLength(3))).toBe('يجب ألا يقل عن 3 أحرف');
    expect(translate(messages.max(50))).toBe('يجب ألا يزيد على 50');
    expect(translate(serverMessages.payments.budgetExceeded('AED 6,000.00', 'AED 5,000.00'))).toContain('AED 5,000.00');
    expect(translate(serverMessages.payments.budgetExceeded('AED 6,000.00', 'AED 5,000.00'))).toMatch(arabic);
  });

  it('passes an unknown server message through unchanged', () => {
    const { result } = renderHook(() => useValidationMessage());
    expect(result.current('Too many messages from this connection.')).toBe('Too many messages from this connection.');
  });
});
