import { describe, expect, it } from 'vitest';
import { blobOfDataLink } from './time-tracking-tab.tsx';

describe('blobOfDataLink', () => {
  it('gives back the bytes and type a data link carries', async () => {
    const blob = blobOfDataLink(`data:application/pdf;base64,${btoa('%PDF-1.7 report')}`);
    expect(blob.type).toBe('application/pdf');
    expect(await blob.text()).toBe('%PDF-1.7 report');
  });
});
