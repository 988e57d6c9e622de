import { boundedMemo } from '../bounded-memo.js';
import { ADDRESS_MEMO, parseIpAddress } from '../ip-address.js';

/**
 * The subject of an address with a colon: the IPv4 address an IPv4-mapped one holds, the /64 of any
 * other IPv6 address (its zone id, if any, set aside), or the text as it is when it is no address.
 */
function subjectOf(address: string): string {
  const zone = address.indexOf('%');
  const zoneless = zone === -1 ? address : address.slice(0, zone);
  // A colon in the zone alone (`1.2.3.4%:`) makes no IPv6 address.
  const parsed = zoneless.includes(':') ? parseIpAddress(zoneless) : undefined;
  if (parsed === undefined) return address;
  if ('octets' in parsed) return parsed.toString();
  return `${parsed.parts
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The subject of each address with a colon seen lately: it takes parsing to find. */
const subjects = boundedMemo(subjectOf, ADDRESS_MEMO);

/**
 * The rate-limit subject for a client address. IPv6 clients are keyed by their /64: a single host
 * usually holds a whole /64 and could otherwise rotate through its own addresses to dodge the limit.
 * IPv4-mapped IPv6 addresses count as the IPv4 address. Addresses are read by ipaddr.js
 * (`parseIpAddress`).
 *
 * @example clientSubject('2001:db8:1:2:aaaa::1') // '2001:db8:1:2::/64'
 */
export function clientSubject(address: string): string {
  return address.includes(':') ? subjects(address) : address;
}
