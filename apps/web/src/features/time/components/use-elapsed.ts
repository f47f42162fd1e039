import { useEffect, useState } from 'react';

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
