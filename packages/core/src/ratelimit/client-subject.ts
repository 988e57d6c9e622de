/**
 * Expands an IPv6 address into its eight 16-bit groups, or returns undefined when it is not one.
 * Handles `::` compression and a trailing dotted IPv4 part (RFC 4291 §2.2).
 */
function ipv6Groups(address: string): number[] | undefined {
  const zoneless = address.split('%')[0] as string;
  let text = zoneless;
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const octets = (dotted[2] as string).split('.').map(Number);
    if (octets.some((o) => o > 255)) return undefined;
    const [a = 0, b = 0, c = 0, d = 0] = octets;
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  const head = parse(halves[0] as string);
  const tail = halves.length === 2 ? parse(halves[1] as string) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return undefined;
  return groups.map((g) => parseInt(g, 16));
}

/**
 * The rate-limit subject for a client address. IPv6 clients are keyed by their /64: a single host
 * usually holds a whole /64 and could otherwise rotate through its own addresses to dodge the limit.
 * IPv4-mapped IPv6 addresses count as the IPv4 address.
 *
 * @example clientSubject('2001:db8:1:2:aaaa::1') // '2001:db8:1:2::/64'
 */
export function clientSubject(address: string): string {
  if (!address.includes(':')) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  const isMappedV4 = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (isMappedV4) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
