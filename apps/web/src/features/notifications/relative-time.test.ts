import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time.ts';

const now = new Date('2025-06-01T12:00:00Z');
const before = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

describe('relativeTime', () => {
  it('uses the largest whole unit', () => {
    expect(relativeTime(before(10), now, 'en')).toBe('now');
    expect(relativeTime(before(5 * 60), now, 'en')).toBe('5 minutes ago');
    expect(relativeTime(before(3 * 3600), now, 'en')).toBe('3 hours ago');
    expect(relativeTime(before(26 * 3600), now, 'en')).toBe('yesterday');
    expect(relativeTime(before(15 * 86400), now, 'en')).toBe('2 weeks ago');
  });

  it('speaks Arabic with Western digits', () => {
    expect(relativeTime(before(5 * 60), now, 'ar')).toBe('قبل 5 دقائق');
  });
});
