import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address, '::' expanded (an embedded IPv4 tail counts as two). */
function ipv6Groups(ip: string): string[] {
  const [head = '', tail] = ip.split('::');
  const part = (text: string) => (text === '' ? [] : text.split(':'));
  const expand = (groups: string[]) =>
    groups.flatMap((group) => (group.includes('.') ? ['v4', 'v4'] : [group.padStart(4, '0').toLowerCase()]));
  const left = expand(part(head));
  const right = tail === undefined ? [] : expand(part(tail));
  return [...left, ...Array<string>(8 - left.length - right.length).fill('0000'), ...right];
}

/**
 * The network a client address stands for in a rate limit: an IPv4 address itself (also written
 * IPv4-mapped, '::ffff:203.0.113.9'), but for IPv6 its /64, the block one line or one host usually
 * holds, so walking through the addresses of one's own network buys no extra tries.
 */
export function clientNetwork(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  return `${ipv6Groups(ip).slice(0, 4).join(':')}::/64`;
}
