import { describe, expect, it } from 'vitest';
import { clientNetwork } from './client-network.ts';

describe('clientNetwork', () => {
  it('keeps an IPv4 address, also written IPv4-mapped', () => {
    expect(clientNetwork('203.0.113.9')).toBe('203.0.113.9');
    expect(clientNetwork('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('gives the /64 of an IPv6 address, however it is written', () => {
    const network = '2001:0db8:0001:0002::/64';
    expect(clientNetwork('2001:db8:1:2::5')).toBe(network);
    expect(clientNetwork('2001:DB8:1:2:0:0:0:6')).toBe(network);
    expect(clientNetwork('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(network);
    expect(clientNetwork('2001:db8:1:3::5')).not.toBe(network);
    expect(clientNetwork('2001:db8::1')).toBe('2001:0db8:0000:0000::/64');
  });

  it('names a missing address', () => {
    expect(clientNetwork(undefined)).toBe('unknown');
  });
});
