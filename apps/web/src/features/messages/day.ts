/** The calendar day of a timestamp where the reader is ('2026-11-27'). */
export function localDay(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Items in order, cut where the day changes: each run is drawn under its day's separator. */
export function groupByDay<T extends { created_at: string }>(items: readonly T[]): { day: string; items: T[] }[] {
  const groups: { day: string; items: T[] }[] = [];
  for (const item of items) {
    const day = localDay(item.created_at);
    const last = groups.at(-1);
    if (last?.day === day) last.items.push(item);
    else groups.push({ day, items: [item] });
  }
  return groups;
}

/** 'today', 'yesterday', or null for an older day (which is written as its date). */
export function nearDay(day: string, now: Date): 'today' | 'yesterday' | null {
  if (day === localDay(now.toISOString())) return 'today';
  const yesterday = new Date(now);
  yesterday.setDate(yesterday.getDate() - 1);
  return day === localDay(yesterday.toISOString()) ? 'yesterday' : null;
}
