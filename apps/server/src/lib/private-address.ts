import ipaddr from 'ipaddr.js';

/**
 * Which addresses an outbound request (a webhook, a coin logo) must never reach: private,
 * loopback, link-local, carrier-grade NAT, multicast, reserved, unspecified. Anything that is not
 * an address counts as private too, so a spelling this code does not know is refused, not let by.
 *
 * Addresses are read by ipaddr.js, which knows every spelling (IPv4 shorthand and hex, IPv6
 * compressed or not) and every special range. An IPv6 address that carries an IPv4 one (mapped,
 * translated, compatible, 6to4, NAT64, Teredo) is judged by what it carries: each of those forms
 * of 127.0.0.1 reaches this host or its network on some setup.
 */
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
export function carriedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4[] {
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

/**
 * A URL's host as it is compared: without IPv6 brackets or a zone id, in lower case, without the
 * trailing dot of a fully qualified name (`localhost.` is localhost).
 */
export function normaliseHost(hostname: string): string {
  return hostname
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '')
    .replace(/\.$/, '')
    .toLowerCase();
}

/** Names that mean this machine whatever DNS says (RFC 6761): refused without asking. */
export function isLocalName(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost');
}
