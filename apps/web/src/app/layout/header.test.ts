import { describe, expect, it } from 'vitest';
import { nearbyProjectsHref } from './header.tsx';

describe('nearbyProjectsHref', () => {
  it('uses the city and emirate when both are set', () => {
    expect(nearbyProjectsHref({ emirate: 'dubai', city: 'jebel_ali' })).toBe('/projects?emirate=dubai&city=jebel_ali');
  });
  it('uses the emirate alone when there is no city', () => {
    expect(nearbyProjectsHref({ emirate: 'sharjah', city: null })).toBe('/projects?emirate=sharjah');
  });
  it('falls back to all projects', () => {
    expect(nearbyProjectsHref({ emirate: null, city: 'somewhere' })).toBe('/projects');
    expect(nearbyProjectsHref(null)).toBe('/projects');
  });
});
