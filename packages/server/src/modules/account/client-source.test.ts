import { describe, expect, it } from 'vitest';
import { clientSource } from './client-source.js';

describe('clientSource', () => {
  it('keeps an IPv4 address, also written IPv4-mapped', () => {
    expect(clientSource('203.0.113.9')).toBe('203.0.113.9');
    expect(clientSource('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientSource('::FFFF:10.0.0.1')).toBe('10.0.0.1');
  });

  it('counts an IPv6 address by its /64 network, however it is written', () => {
    expect(clientSource('2001:db8:1:2:a:b:c:d')).toBe('2001:db8:1:2::/64');
    expect(clientSource('2001:0DB8:0001:0002:ffff:0:0:1')).toBe('2001:db8:1:2::/64');
    expect(clientSource('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientSource('2001:db8:1:2::5')).toBe(clientSource('2001:db8:1:2:9:9:9:9'));
    expect(clientSource('2001:db8:1:3::5')).not.toBe(clientSource('2001:db8:1:2::5'));
    expect(clientSource('::1')).toBe('0:0:0:0::/64');
    expect(clientSource('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientSource('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('leaves anything else as it is', () => {
    expect(clientSource('')).toBe('');
    expect(clientSource('unknown')).toBe('unknown');
  });
});
