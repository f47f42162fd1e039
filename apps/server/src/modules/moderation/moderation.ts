import { severityMessages } from '@mihna/shared';
import { detectArabic } from './arabic-detector.ts';
import { detectEnglish } from './english-detector.ts';
import { highestTier } from './finding.ts';
import { maskFindings } from './masking.ts';
import { detectPhrases } from './phrase-rules.ts';

export type Severity = 'none' | 'mild' | 'moderate' | 'severe';

export interface ModerationResult {
  is_valid: boolean;
  severity: Severity;
  message: string;
  cleaned_content: string;
}

/**
 * Checks free text (bios, company and project descriptions, proposals) in English, Arabic and Arabizi.
 * Mild and moderate findings are masked and the text may be saved; severe findings block the submission.
 */
export function moderateText(content: string): ModerationResult {
  const findings = [...detectEnglish(content), ...detectPhrases(content), ...detectArabic(content)];
  const tier = highestTier(findings);
  if (tier === undefined) return { is_valid: true, severity: 'none', message: '', cleaned_content: content };
  return {
    is_valid: tier !== 'severe',
    severity: tier,
    message: severityMessages[tier],
    cleaned_content: maskFindings(content, findings),
  };
}
