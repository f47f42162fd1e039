import type { CompanySize, ProjectSize } from './types.ts';

export const projectSizes: readonly ProjectSize[] = [
  { id: 'small', name: { en: 'Small (under 5,000 AED)', ar: 'صغير (أقل من 5,000 درهم)' }, minAed: null, maxAed: 5_000 },
  {
    id: 'medium',
    name: { en: 'Medium (5,000–25,000 AED)', ar: 'متوسط (5,000–25,000 درهم)' },
    minAed: 5_000,
    maxAed: 25_000,
  },
  {
    id: 'large',
    name: { en: 'Large (25,000–100,000 AED)', ar: 'كبير (25,000–100,000 درهم)' },
    minAed: 25_000,
    maxAed: 100_000,
  },
  {
    id: 'enterprise',
    name: { en: 'Enterprise (over 100,000 AED)', ar: 'مؤسسي (أكثر من 100,000 درهم)' },
    minAed: 100_000,
    maxAed: null,
  },
  { id: 'any', name: { en: 'Any size', ar: 'أي حجم' }, minAed: null, maxAed: null },
];

// Arabic counted nouns change form with the number (3–10 plural, 11–99 accusative singular, 100+ singular).
export const companySizes: readonly CompanySize[] = [
  { id: '1-10', name: { en: '1-10 employees', ar: '1-10 موظفين' } },
  { id: '11-50', name: { en: '11-50 employees', ar: '11-50 موظفًا' } },
  { id: '51-200', name: { en: '51-200 employees', ar: '51-200 موظف' } },
  { id: '201-1000', name: { en: '201-1000 employees', ar: '201-1000 موظف' } },
  { id: '1000+', name: { en: '1000+ employees', ar: 'أكثر من 1000 موظف' } },
];
