import { describe, expect, it } from 'vitest';
import { groupByDay, localDay, nearDay } from './day.ts';

const at = (year: number, month: number, day: number, hour: number) => new Date(year, month - 1, day, hour).toISOString();

describe('message days', () => {
  it('groups messages by the reader’s calendar day, keeping their order', () => {
    const messages = [at(2026, 11, 25, 23), at(2026, 11, 26, 0), at(2026, 11, 26, 9), at(2026, 11, 27, 8)].map((created_at, id) => ({
      id,
      created_at,
    }));
    expect(groupByDay(messages).map((group) => [group.day, group.items.map((item) => item.id)])).toEqual([
      ['2026-11-25', [0]],
      ['2026-11-26', [1, 2]],
      ['2026-11-27', [3]],
    ]);
  });

  it('names today and yesterday, across a month’s end', () => {
    const now = new Date(2026, 11, 1, 10);
    expect(nearDay(localDay(at(2026, 12, 1, 0)), now)).toBe('today');
    expect(nearDay(localDay(at(2026, 11, 30, 23)), now)).toBe('yesterday');
    expect(nearDay(localDay(at(2026, 11, 29, 12)), now)).toBeNull();
  });
});
