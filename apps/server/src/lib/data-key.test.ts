import { describe, expect, it } from 'vitest';
import { createDataKey } from './data-key.ts';

const key = createDataKey(Buffer.alloc(32, 1));

describe('the data key', () => {
  it('seals a value that opens again for its purpose only, and never the same text twice', () => {
    const sealed = key.seal('JBSWY3DPEHPK3PXP', 'totp');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(key.seal('JBSWY3DPEHPK3PXP', 'totp')).not.toBe(sealed);
    expect(key.open(sealed, 'totp')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => key.open(sealed, 'recovery')).toThrow();
    expect(() => createDataKey(Buffer.alloc(32, 2)).open(sealed, 'totp')).toThrow();
    // One character of the body changed: refused, not opened to something else.
    const [version, nonce, body] = sealed.split('.');
    const altered = `${version}.${nonce}.${body![0] === 'A' ? 'B' : 'A'}${body!.slice(1)}`;
    expect(() => key.open(altered, 'totp')).toThrow();
    expect(() => key.open('not sealed', 'totp')).toThrow(/not a sealed value/);
  });

  it('hashes a value the same way each time, differently per purpose and per key', () => {
    const hash = key.keyedHash('784-1990-1234567-1', 'national id');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(key.keyedHash('784-1990-1234567-1', 'national id')).toBe(hash);
    expect(key.keyedHash('784-1990-1234567-1', 'other')).not.toBe(hash);
    expect(createDataKey(Buffer.alloc(32, 2)).keyedHash('784-1990-1234567-1', 'national id')).not.toBe(hash);
    expect(() => createDataKey(Buffer.alloc(16))).toThrow(/32 bytes/);
  });
});
