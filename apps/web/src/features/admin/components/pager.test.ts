import { describe, expect, it } from 'vitest';
import { pageWindow } from './pager.tsx';

describe('pageWindow', () => {
  it('shows up to 5 pages around the current one, kept inside the first and last', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 50)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 50)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(7, 50)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(49, 50)).toEqual([46, 47, 48, 49, 50]);
    expect(pageWindow(50, 50)).toEqual([46, 47, 48, 49, 50]);
    // A list with nothing in it still has its one page.
    expect(pageWindow(1, 0)).toEqual([1]);
  });
});
