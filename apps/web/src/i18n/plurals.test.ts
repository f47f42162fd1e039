import { renderHook } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useValidationMessage } from '../lib/validation-message.ts';
import { i18n, initI18n } from './index.ts';

// Counts as the screens show them: English says "1 review" but "2 reviews"; Arabic has a form for 0, 1
// and 2, one for 3 to 10, one for 11 to 99 and one for 100 (Intl.PluralRules).
const counts = [0, 1, 2, 3, 11, 100];

// `values`: the placeholders besides the count, as the screens fill them (the count written out, a rating).
const cases: { key: string; values?: (count: number) => Record<string, string>; en: string[]; ar: string[] }[] = [
  {
    key: 'projects:proposals.rating',
    values: (count) => ({ rating: '4.0', reviews: String(count) }),
    en: ['4.0 (no reviews yet)', '4.0 (1 review)', '4.0 (2 reviews)', '4.0 (3 reviews)', '4.0 (11 reviews)', '4.0 (100 reviews)'],
    ar: ['4.0 (لا تقييمات بعد)', '4.0 (تقييم واحد)', '4.0 (تقييمان)', '4.0 (3 تقييمات)', '4.0 (11 تقييمًا)', '4.0 (100 تقييم)'],
  },
  {
    key: 'professionals:card.reviews',
    en: ['No reviews yet', '1 review', '2 reviews', '3 reviews', '11 reviews', '100 reviews'],
    ar: ['لا توجد تقييمات بعد', 'تقييم واحد', 'تقييمان', '3 تقييمات', '11 تقييمًا', '100 تقييم'],
  },
  {
    key: 'projects:found',
    values: (count) => ({ total: String(count) }),
    en: ['No projects found', '1 project found', '2 projects found', '3 projects found', '11 projects found', '100 projects found'],
    ar: [
      'لم يتم العثور على مشاريع',
      'تم العثور على مشروع واحد',
      'تم العثور على مشروعين',
      'تم العثور على 3 مشاريع',
      'تم العثور على 11 مشروعًا',
      'تم العثور على 100 مشروع',
    ],
  },
  {
    key: 'professionals:results.count',
    en: [
      'No professionals found',
      '1 professional found',
      '2 professionals found',
      '3 professionals found',
      '11 professionals found',
      '100 professionals found',
    ],
    ar: [
      'لم يتم العثور على محترفين',
      'تم العثور على محترف واحد',
      'تم العثور على محترفَين',
      'تم العثور على 3 محترفين',
      'تم العثور على 11 محترفًا',
      'تم العثور على 100 محترف',
    ],
  },
  {
    key: 'projects:mine.proposals',
    en: ['No proposals yet', '1 proposal', '2 proposals', '3 proposals', '11 proposals', '100 proposals'],
    ar: ['لا عروض بعد', 'عرض واحد', 'عرضان', '3 عروض', '11 عرضًا', '100 عرض'],
  },
  {
    key: 'professionals:portfolio.days',
    en: ['Less than a day', '1 day', '2 days', '3 days', '11 days', '100 days'],
    ar: ['أقل من يوم', 'يوم واحد', 'يومان', '3 أيام', '11 يومًا', '100 يوم'],
  },
  {
    key: 'time:timesheet.disputed',
    values: () => ({ hours: '1 h 0 min' }),
    en: [
      '0 entries disputed (1 h 0 min), not billed.',
      '1 entry disputed (1 h 0 min), not billed.',
      '2 entries disputed (1 h 0 min), not billed.',
      '3 entries disputed (1 h 0 min), not billed.',
      '11 entries disputed (1 h 0 min), not billed.',
      '100 entries disputed (1 h 0 min), not billed.',
    ],
    ar: [
      '0 سجل معترض عليه (1 h 0 min)، لا تُحتسب.',
      'سجل واحد معترض عليه (1 h 0 min)، لا يُحتسب.',
      'سجلان معترض عليهما (1 h 0 min)، لا يُحتسبان.',
      '3 سجلات معترض عليها (1 h 0 min)، لا تُحتسب.',
      '11 سجلًا معترضًا عليه (1 h 0 min)، لا تُحتسب.',
      '100 سجل معترض عليه (1 h 0 min)، لا تُحتسب.',
    ],
  },
];

const namespaces = ['projects', 'professionals', 'time', 'admin', 'validation'];

describe('plural forms', () => {
  beforeAll(async () => {
    await initI18n('en');
    await i18n.loadNamespaces(namespaces);
  });
  afterAll(() => i18n.changeLanguage('en'));

  it.each(cases)('$key in English and Arabic for 0, 1, 2, 3, 11 and 100', async ({ key, values, en, ar }) => {
    await i18n.changeLanguage('en');
    expect(counts.map((count) => i18n.t(key, { count, ...values?.(count) }))).toEqual(en);
    await i18n.changeLanguage('ar');
    expect(counts.map((count) => i18n.t(key, { count, ...values?.(count) }))).toEqual(ar);
  });

  it('counts the console’s report entries with the number written in the reader’s digits', async () => {
    const generated = (count: number) => i18n.t('admin:timetracking.generated', { count, n: String(count) });
    await i18n.changeLanguage('en');
    expect(counts.map(generated)).toEqual([
      'PDF report generated successfully! No entries included.',
      'PDF report generated successfully! 1 entry included.',
      'PDF report generated successfully! 2 entries included.',
      'PDF report generated successfully! 3 entries included.',
      'PDF report generated successfully! 11 entries included.',
      'PDF report generated successfully! 100 entries included.',
    ]);
    await i18n.changeLanguage('ar');
    expect(counts.map(generated)).toEqual([
      'تم إنشاء تقرير PDF بنجاح! لا يتضمن أي سجل.',
      'تم إنشاء تقرير PDF بنجاح! يتضمن سجلًا واحدًا.',
      'تم إنشاء تقرير PDF بنجاح! يتضمن سجلين.',
      'تم إنشاء تقرير PDF بنجاح! يتضمن 3 سجلات.',
      'تم إنشاء تقرير PDF بنجاح! يتضمن 11 سجلًا.',
      'تم إنشاء تقرير PDF بنجاح! يتضمن 100 سجل.',
    ]);
  });

  it('puts a server message’s count in its plural form', async () => {
    const { result } = renderHook(() => useValidationMessage());
    const lockedIn = (minutes: number) =>
      `Account temporarily locked. Please try again or use password reset. You can try again in ${minutes} minutes.`;
    await i18n.changeLanguage('en');
    expect(result.current(lockedIn(1))).toBe(
      'Account temporarily locked. Please try again or use password reset. You can try again in 1 minute.',
    );
    expect(result.current(lockedIn(27))).toBe(lockedIn(27));
    await i18n.changeLanguage('ar');
    const arabic = counts.map((count) => result.current(`Must be at least ${count} characters`));
    expect(arabic).toEqual([
      'يجب ألا يقل عن 0 حرف',
      'يجب ألا يقل عن حرف واحد',
      'يجب ألا يقل عن حرفين',
      'يجب ألا يقل عن 3 أحرف',
      'يجب ألا يقل عن 11 حرفًا',
      'يجب ألا يقل عن 100 حرف',
    ]);
    expect(result.current(lockedIn(3))).toBe(
      'تم قفل الحساب مؤقتًا. يُرجى المحاولة مرة أخرى أو إعادة تعيين كلمة المرور. يمكنك المحاولة مجددًا بعد 3 دقائق.',
    );
  });
});
