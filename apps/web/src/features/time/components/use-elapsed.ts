import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';

/** Whole seconds since `since` (an ISO instant), ticking once a second; the server's start time, so a reload loses nothing. */
export function useElapsedSeconds(since: string): number {
  const started = Date.parse(since);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.floor((now - started) / 1000));
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** hh:mm:ss, hours past 99 kept whole. */
export const clockText = (seconds: number) =>
  `${twoDigits(Math.floor(seconds / 3600))}:${twoDigits(Math.floor((seconds % 3600) / 60))}:${twoDigits(seconds % 60)}`;

/** A length of time in words for sentences ('7 h 30 min'), seconds rounded to the nearest minute. */
export function useDurationText() {
  const { t } = useTranslation('time');
  return (seconds: number) => {
    const minutes = Math.round(seconds / 60);
    return t('duration', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
  };
}
