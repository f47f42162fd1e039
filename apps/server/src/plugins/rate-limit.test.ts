import { describe, expect, it } from 'vitest';
import { clientKeyOf } from './rate-limit.ts';

describe('clientKeyOf', () => {
  it('keys IPv4 clients by address, also when written as IPv4-mapped IPv6', () => {
    expect(clientKeyOf('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKeyOf('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('keys IPv6 clients by their /64, however the address is written', () => {
    expect(clientKeyOf('2001:db8:85a3:42:1:2:3:4')).toBe('2001:db8:85a3:42::/64');
    expect(clientKeyOf('2001:db8:85a3:42::99')).toBe('2001:db8:85a3:42::/64');
    expect(clientKeyOf('2001:0db8:85a3:0042:ffff::1')).toBe('2001:db8:85a3:42::/64');
    expect(clientKeyOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKeyOf('::1')).toBe('0:0:0:0::/64');
  });
});
