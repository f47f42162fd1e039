import { describe, expect, it } from 'vitest';
import { filledStars, truncateText, visibleLocation } from './display.ts';

describe('truncateText', () => {
  it('keeps a text of at most the limit as it is', () => {
    expect(truncateText('Led a team of 12 engineers', 50)).toBe('Led a team of 12 engineers');
    expect(truncateText('x'.repeat(50), 50)).toBe('x'.repeat(50));
  });

  it('cuts a longer text at the limit and marks the cut', () => {
    const highlight = 'Delivered the payments platform for a regional bank in Riyadh on time';
    expect(truncateText(highlight, 50)).toBe(`${highlight.slice(0, 50).trimEnd()}…`);
    expect(Array.from(truncateText('ب'.repeat(80), 50))).toHaveLength(51);
  });
});

describe('filledStars', () => {
  it('fills the nearest whole number of the five stars', () => {
    expect(filledStars(4.4)).toBe(4);
    expect(filledStars(4.5)).toBe(5);
    expect(filledStars(0)).toBe(0);
    expect(filledStars(7)).toBe(5);
  });
});

describe('visibleLocation', () => {
  const located = { show_location: true, country: 'AE', emirate: 'dubai', city: 'jebel_ali' };

  it('names the emirate and city when the user shows their location', () => {
    expect(visibleLocation(located, 'en')).toEqual({ region: 'Dubai', city: 'Jebel Ali' });
    expect(visibleLocation(located, 'ar')).toEqual({ region: 'دبي', city: 'جبل علي' });
  });

  it('shows nothing when the user hides their location, or has no emirate', () => {
    expect(visibleLocation({ ...located, show_location: false }, 'en')).toBeNull();
    expect(visibleLocation({ ...located, emirate: null }, 'en')).toBeNull();
  });

  it('names regions of other countries, and only the region when no city is given', () => {
    expect(visibleLocation({ show_location: true, country: 'SA', emirate: 'riyadh', city: null }, 'en')).toEqual({
      region: 'Riyadh',
      city: null,
    });
  });
});
