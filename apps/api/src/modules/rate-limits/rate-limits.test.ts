import { describe, expect, it } from 'vitest';
import { addressKey } from './rate-limits.service.ts';

describe('addressKey (issue 13 §6)', () => {
  it('keeps IPv4, also IPv4-mapped IPv6', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts IPv6 per /64, however it is written', () => {
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('has no key for an unknown or malformed address', () => {
    expect(addressKey(undefined)).toBeNull();
    expect(addressKey('')).toBeNull();
    expect(addressKey('not-an-ip')).toBeNull();
  });
});
