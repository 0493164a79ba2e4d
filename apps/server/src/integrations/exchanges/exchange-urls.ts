/**
 * ccxt keeps every address it may send to under `urls.api` (Binance alone has over twenty: spot,
 * sapi, futures, options, portfolio margin), and the sandbox ones under `urls.test` and
 * `urls.demo`. Pointing a client at another host means replacing all of them, so that no
 * endpoint, not even one this code never calls, can still reach the real exchange.
 */
const urlKeys = ['api', 'test', 'demo', 'apiBackup'] as const;

function isAddress(value: string): boolean {
  return /^(https?|wss?):\/\//i.test(value);
}

/** The same address on `baseUrl`'s origin, under its path: https://api.binance.com/sapi/v1 → http://127.0.0.1:9/sapi/v1. */
export function rebase(address: string, baseUrl: URL): string {
  const original = new URL(address);
  const prefix = baseUrl.pathname.replace(/\/+$/, '');
  const path = original.pathname === '/' ? '' : original.pathname;
  return `${baseUrl.origin}${prefix}${path}${original.search}`;
}

function rebaseTree(value: unknown, baseUrl: URL): unknown {
  if (typeof value === 'string') return isAddress(value) ? rebase(value, baseUrl) : value;
  if (Array.isArray(value)) return value.map((item) => rebaseTree(item, baseUrl));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, rebaseTree(item, baseUrl)]));
  }
  return value;
}

/** Replaces, in place, every address a ccxt instance's `urls` holds for requests. */
export function rebaseExchangeUrls(urls: Record<string, unknown>, baseUrl: URL): void {
  for (const key of urlKeys) {
    if (urls[key] !== undefined) urls[key] = rebaseTree(urls[key], baseUrl);
  }
}

function collect(value: unknown, into: string[]): void {
  if (typeof value === 'string') {
    if (isAddress(value)) into.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value) collect(item, into);
  } else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) collect(item, into);
  }
}

/** Every request address a ccxt instance holds, for "nothing can leave the machine" checks. */
export function requestUrlsOf(urls: Record<string, unknown>): string[] {
  const found: string[] = [];
  for (const key of urlKeys) collect(urls[key], found);
  return found;
}

/** The origins requests may go to: those of `urls.api` as configured. */
export function allowedOriginsOf(urls: Record<string, unknown>): Set<string> {
  const found: string[] = [];
  collect(urls.api, found);
  return new Set(found.map((address) => new URL(address).origin));
}
