import { parseLooseNumber } from '../parse-number.ts';

/**
 * Image URLs: only http(s) URLs from market-data hosts we trust are shown; the
 * snapshot may also point at our own `/coin-images/` folder. Anything else is blanked so a
 * hostile upstream cannot make browsers fetch arbitrary URLs.
 */
export const allowedImageHosts: readonly string[] = ['coin-images.coingecko.com', 'assets.coingecko.com'];
export const localCoinImagePrefix = '/coin-images/';

export interface SafeImageUrl {
  url: string;
  /** True when a non-empty URL was rejected: the client logs a console warning. */
  rejected: boolean;
}

export function safeImageUrl(value: unknown, hosts: readonly string[] = allowedImageHosts): SafeImageUrl {
  if (typeof value !== 'string' || value.trim() === '') return { url: '', rejected: false };
  const raw = value.trim();
  // A protocol-relative "//host" would escape to another origin, so only a single leading slash counts.
  if (raw.startsWith(localCoinImagePrefix)) {
    const ok = /^\/coin-images\/[\w-]+(\.[\w-]+)*$/.test(raw);
    return ok ? { url: raw, rejected: false } : { url: '', rejected: true };
  }
  // Parsed by hand: core has no DOM or Node globals (URL), and the rule is narrow anyway.
  const match = /^https?:\/\/([^/?#\\\s"'<>]+)([/?#][^\s\\"'<>]*)?$/i.exec(raw);
  const authority = match?.[1];
  // Credentials in the authority ("user@host") could disguise the real host, so they are refused.
  if (authority === undefined || authority.includes('@')) return { url: '', rejected: true };
  const host = authority.replace(/:\d+$/, '').toLowerCase();
  if (!hosts.includes(host)) return { url: '', rejected: true };
  return { url: raw, rejected: false };
}

/**
 * Names and symbols lose markup first, then every character other than word
 * characters, spaces and `. , -` (upstream text is untrusted and ends up in the DOM and in titles).
 */
export function sanitizeCoinText(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value
    .replace(/<[^>]*>?/g, '')
    .replace(/&[#a-z0-9]+;/gi, '')
    .replace(/[^\w .,-]/g, (ch) => (/\s/.test(ch) ? ' ' : ''))
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** circulating_supply is rounded to 2 decimals. Non-numbers stay null. */
export function roundSupply(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  const n = parseLooseNumber(value);
  return Math.round(n * 100) / 100;
}

/** A number, or a numeric string once commas are removed. */
export function toFiniteNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const n = parseLooseNumber(value);
  // parseLooseNumber maps garbage to 0; only a literal zero may come back as 0.
  if (n === 0 && !/^[-+]?0*(\.0*)?$/.test(value.replaceAll(',', '').trim())) return null;
  return n;
}

export interface RequiredCoinFields {
  id: string;
  symbol: string;
  name: string;
  current_price: number;
}

function hasText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * Coin list: entries lacking id, symbol, name or a numeric current_price are
 * dropped. Numeric strings are normalised to numbers so later code can trust the type.
 */
export function sanitizeCoinList<T extends object>(list: readonly T[]): Array<T & RequiredCoinFields> {
  const kept: Array<T & RequiredCoinFields> = [];
  for (const entry of list) {
    if (typeof entry !== 'object' || entry === null) continue;
    const record = entry as Record<string, unknown>;
    const price = toFiniteNumber(record.current_price);
    if (!hasText(record.id) || !hasText(record.symbol) || !hasText(record.name) || price === null) continue;
    kept.push({ ...entry, id: record.id, symbol: record.symbol, name: record.name, current_price: price });
  }
  return kept;
}

/**
 * Stablecoins by id, for when a source does not send categories (CoinGecko's coins/markets
 * has no category field); used by "exclude stablecoins".
 */
export const knownStablecoinIds: ReadonlySet<string> = new Set([
  'tether',
  'usd-coin',
  'dai',
  'ethena-usde',
  'first-digital-usd',
  'true-usd',
  'paypal-usd',
  'usds',
  'frax',
  'usdd',
  'pax-dollar',
  'gemini-dollar',
  'paxos-standard',
  'liquity-usd',
  'binance-usd',
  'ripple-usd',
  'usd1-wlfi',
  'global-dollar',
  'falcon-finance',
  'eurc',
  'stasis-eurs',
  'crvusd',
  'gho',
  'susds',
]);

export function isStablecoin(coin: { id: string; categories?: readonly string[] | undefined }): boolean {
  if (coin.categories?.includes('stablecoins')) return true;
  return knownStablecoinIds.has(coin.id);
}
