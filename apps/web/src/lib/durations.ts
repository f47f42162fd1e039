import { useTranslation } from '../i18n/index.ts';

/** The lengths a professional can say the work will take; '4-6 weeks' is the specification's default. */
export const interestDurations = ['1-2 weeks', '2-4 weeks', '4-6 weeks', '1-3 months', '3-6 months', '6+ months'] as const;
export const DEFAULT_DURATION = '4-6 weeks';

/** A duration in the reader's language; one typed elsewhere (the API takes free text) is shown as written. */
export function useDurationLabel() {
  const { t } = useTranslation();
  return (duration: string) => ((interestDurations as readonly string[]).includes(duration) ? t(`durations.${duration}`) : duration);
}
