import { type LookupAddress, lookup } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * SSRF guard for webhooks: a URL whose host is, or resolves to, a private, loopback,
 * link-local or otherwise non-public address is refused unless WEBHOOK_ALLOW_PRIVATE=true. The
 * check runs when the channel is saved and again inside the connection's own DNS lookup, so a
 * name that later resolves elsewhere (DNS rebinding) is still refused at send time.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

export class PrivateAddressError extends Error {
  readonly code = 'EPRIVATEADDRESS';
  constructor(readonly address: string) {
    super(`refused: ${address} is a private or loopback address`);
  }
}

/** True for addresses no public webhook should live at (IPv4-mapped IPv6 checked as IPv4). */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4');
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family === 6) return blocked.check(bare, 'ipv6');
  return true;
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
