import type { Industry } from './types.ts';

export const LOCAL_SERVICES_INDUSTRY_ID = 'local_services';

export const industries: readonly Industry[] = [
  { id: LOCAL_SERVICES_INDUSTRY_ID, name: { en: 'Local Services', ar: 'الخدمات المحلية' } },
  { id: 'technology_it', name: { en: 'Technology & IT', ar: 'التكنولوجيا وتقنية المعلومات' } },
  { id: 'healthcare_medical', name: { en: 'Healthcare & Medical', ar: 'الرعاية الصحية والطب' } },
  { id: 'construction_engineering', name: { en: 'Construction & Engineering', ar: 'البناء والهندسة' } },
  { id: 'oil_gas', name: { en: 'Oil & Gas', ar: 'النفط والغاز' } },
  { id: 'finance_banking', name: { en: 'Finance & Banking', ar: 'المالية والخدمات المصرفية' } },
  { id: 'tourism_hospitality', name: { en: 'Tourism & Hospitality', ar: 'السياحة والضيافة' } },
  { id: 'education_training', name: { en: 'Education & Training', ar: 'التعليم والتدريب' } },
  { id: 'real_estate', name: { en: 'Real Estate', ar: 'العقارات' } },
  { id: 'marketing_digital_media', name: { en: 'Marketing & Digital Media', ar: 'التسويق والإعلام الرقمي' } },
  { id: 'logistics_transportation', name: { en: 'Logistics & Transportation', ar: 'الخدمات اللوجستية والنقل' } },
  { id: 'retail_ecommerce', name: { en: 'Retail & E-commerce', ar: 'تجارة التجزئة والتجارة الإلكترونية' } },
  { id: 'legal_services', name: { en: 'Legal Services', ar: 'الخدمات القانونية' } },
  { id: 'consulting', name: { en: 'Consulting', ar: 'الاستشارات' } },
  { id: 'design_creative', name: { en: 'Design & Creative', ar: 'التصميم والإبداع' } },
  { id: 'manufacturing', name: { en: 'Manufacturing', ar: 'التصنيع' } },
  { id: 'automotive', name: { en: 'Automotive', ar: 'السيارات' } },
  { id: 'aviation', name: { en: 'Aviation', ar: 'الطيران' } },
  { id: 'government_public_sector', name: { en: 'Government & Public Sector', ar: 'الحكومة والقطاع العام' } },
];
