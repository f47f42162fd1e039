import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { EncodedAnswer, pickEncoding } from './encoded-answer.ts';

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, as Accept-Encoding allows', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('identity')).toBe('identity');
    expect(pickEncoding(undefined)).toBe('identity');
  });
});

describe('EncodedAnswer', () => {
  const json = JSON.stringify({ jobs: Array.from({ length: 40 }, (_, index) => ({ id: index, title: 'تصميم موقع لمخبز في دبي' })) });

  it('compresses a large answer once per encoding and gives back the same bytes after', () => {
    const answer = new EncodedAnswer(json);
    const br = answer.encode('br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body as Buffer).toString()).toBe(json);
    expect(answer.encode('gzip, br').body).toBe(br.body);
    const gzip = answer.encode('gzip');
    expect(gunzipSync(gzip.body as Buffer).toString()).toBe(json);
    expect(answer.encode('')).toEqual({ encoding: 'identity', body: json });
  });

  it('leaves an answer under 1 KB as it is', () => {
    expect(new EncodedAnswer('{"jobs":[],"total":0}').encode('br')).toEqual({ encoding: 'identity', body: '{"jobs":[],"total":0}' });
  });
});
