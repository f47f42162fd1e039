import { describe, expect, it } from 'vitest';
import { gulfDateOf, gulfWeekOf, weekEndOf } from './time.ts';

describe('Gulf weeks', () => {
  it('run Monday to Sunday on the UAE’s clock, four hours ahead of UTC', () => {
    // Sunday 22 November 2026, 19:59 UTC is 23:59 in Dubai: still that Sunday, in the week of Monday 16th.
    expect(gulfDateOf('2026-11-22T19:59:00Z')).toBe('2026-11-22');
    expect(gulfWeekOf('2026-11-22T19:59:00Z')).toBe('2026-11-16');
    // A minute later it is Monday in Dubai (still Sunday in UTC): a new week.
    expect(gulfDateOf('2026-11-22T20:00:00Z')).toBe('2026-11-23');
    expect(gulfWeekOf('2026-11-22T20:00:00Z')).toBe('2026-11-23');
    expect(gulfWeekOf(new Date('2026-11-26T10:00:00Z'))).toBe('2026-11-23');
    expect(weekEndOf('2026-11-23')).toBe('2026-11-29');
    // Across a year's end.
    expect(gulfWeekOf('2027-01-01T12:00:00Z')).toBe('2026-12-28');
    expect(weekEndOf('2026-12-28')).toBe('2027-01-03');
  });
});
