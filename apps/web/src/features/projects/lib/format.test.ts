import { describe, expect, it } from 'vitest';
import { humanizeStatus, isFeaturedNow } from './format.ts';

describe('humanizeStatus', () => {
  it('capitalises the status and shows underscores as spaces', () => {
    expect(humanizeStatus('open')).toBe('Open');
    expect(humanizeStatus('in_progress')).toBe('In progress');
  });
});

describe('isFeaturedNow', () => {
  const now = Date.parse('2025-03-01T00:00:00Z');
  it('counts a job as featured only while featured_until is ahead', () => {
    expect(isFeaturedNow({ is_featured: true, featured_until: '2025-03-05T00:00:00Z' }, now)).toBe(true);
    expect(isFeaturedNow({ is_featured: true, featured_until: '2025-02-20T00:00:00Z' }, now)).toBe(false);
    expect(isFeaturedNow({ is_featured: false, featured_until: '2025-03-05T00:00:00Z' }, now)).toBe(false);
  });
});
