const steps: { unit: Intl.RelativeTimeFormatUnit; seconds: number }[] = [
  { unit: 'year', seconds: 365 * 24 * 3600 },
  { unit: 'month', seconds: 30 * 24 * 3600 },
  { unit: 'week', seconds: 7 * 24 * 3600 },
  { unit: 'day', seconds: 24 * 3600 },
  { unit: 'hour', seconds: 3600 },
  { unit: 'minute', seconds: 60 },
];

/** '5 minutes ago', 'yesterday', 'now' in the reader's language, in the largest whole unit. */
export function relativeTime(iso: string, now: Date, language: string): string {
  const format = new Intl.RelativeTimeFormat(language === 'ar' ? 'ar-AE-u-nu-latn' : 'en', { numeric: 'auto' });
  const seconds = Math.round((new Date(iso).getTime() - now.getTime()) / 1000);
  for (const step of steps) {
    if (Math.abs(seconds) >= step.seconds) return format.format(Math.trunc(seconds / step.seconds), step.unit);
  }
  return format.format(0, 'second');
}
