import { type LookupAddress, lookup } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * SSRF guard for webhooks: a URL whose host is, or resolves to, a private, loopback,
 * link-local or otherwise non-public address is refused unless WEBHOOK_ALLOW_PRIVATE=true. The
 * check runs when the channel is saved and again inside the connection's own DNS lookup, so a
 * name that later resolves elsewhere (DNS rebinding) is still refused at send time, and the
 * address checked is the one connected to.
 *
 * Addresses are read by ipaddr.js, which knows every spelling (IPv4 shorthand and hex, IPv6
 * compressed or not) and every special range. An IPv6 address that carries an IPv4 one (mapped,
 * translated, compatible, 6to4, NAT64, Teredo) is judged by what it carries: each of those forms
 * of 127.0.0.1 reaches this host on some network.
 */
export class PrivateAddressError extends Error {
  readonly code = 'EPRIVATEADDRESS';
  constructor(readonly address: string) {
    super(`refused: ${address} is a private or loopback address`);
  }
}

/** True for addresses no public webhook should live at; anything that is not an address too. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return true;
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv4') return (parsed as ipaddr.IPv4).range() !== 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  const carried = carriedIPv4(v6);
  if (carried.length > 0) return carried.some((v4) => v4.range() !== 'unicast');
  return v6.range() !== 'unicast';
}

/** 16-bit groups to an IPv4 address (`invert`: Teredo stores its client's address flipped). */
const v4Of = (high: number, low: number, invert = false): ipaddr.IPv4 => {
  const bits = invert ? [~high & 0xffff, ~low & 0xffff] : [high, low];
  const [h = 0, l = 0] = bits;
  return new ipaddr.IPv4([h >> 8, h & 0xff, l >> 8, l & 0xff]);
};

/** The IPv4 addresses an IPv6 address carries, by the standard that puts them there. */
function carriedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4[] {
  const p = v6.parts;
  const g = (i: number) => p[i] ?? 0;
  switch (v6.range()) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d
    case 'rfc6145': // ::ffff:0:a.b.c.d, IPv4-translated
    case 'rfc6052': // 64:ff9b::a.b.c.d, NAT64
      return [v4Of(g(6), g(7))];
    case '6to4': // 2002:aabb:ccdd::
      return [v4Of(g(1), g(2))];
    case 'teredo': // 2001:0:server:…:client (flipped)
      return [v4Of(g(2), g(3)), v4Of(g(6), g(7), true)];
    default:
      break;
  }
  // The deprecated IPv4-compatible form ::a.b.c.d (not :: itself nor ::1, which ranges name),
  // and the local-use NAT64 prefix 64:ff9b:1::/48.
  if (p.slice(0, 6).every((x) => x === 0) && (g(6) !== 0 || g(7) > 1)) return [v4Of(g(6), g(7))];
  if (g(0) === 0x64 && g(1) === 0xff9b && g(2) === 1) return [v4Of(g(6), g(7))];
  return [];
}

export interface AddressPolicy {
  allowPrivate: boolean;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A dns.lookup replacement for http(s).request that refuses private answers. */
export function guardedLookup(policy: AddressPolicy) {
  return (hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback): void => {
    lookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses) => {
      if (error) return callback(error, '');
      const list = addresses as LookupAddress[];
      const refused = policy.allowPrivate ? undefined : list.find((a) => isPrivateAddress(a.address));
      if (refused) return callback(new PrivateAddressError(refused.address), '');
      if (options.all) return callback(null, list);
      const first = list[0];
      if (!first)
        return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '');
      callback(null, first.address, first.family);
    });
  };
}

export type UrlCheck = 'ok' | 'private' | 'unresolvable';

/** Checks a webhook URL's host when it is saved: a literal address directly, a name by resolving it. */
export async function checkWebhookUrl(url: string, policy: AddressPolicy): Promise<UrlCheck> {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return 'unresolvable';
  }
  if (policy.allowPrivate) return 'ok';
  if (isIP(host) !== 0) return isPrivateAddress(host) ? 'private' : 'ok';
  if (host === 'localhost' || host.endsWith('.localhost')) return 'private';
  return new Promise((resolve) => {
    lookup(host, { all: true }, (error, addresses) => {
      if (error) return resolve('unresolvable');
      resolve((addresses as LookupAddress[]).some((a) => isPrivateAddress(a.address)) ? 'private' : 'ok');
    });
  });
}
