import type { MarketSource, MarketSourceId } from '@app/contracts';
import { dateFormat } from '../intl-formats.ts';
import { relativeTime } from '../relative-time.ts';

const providerNames: Record<MarketSourceId, string> = {
  coingecko: 'CoinGecko',
  binance: 'Binance',
  coinbase: 'Coinbase',
  demo: 'the bundled demo snapshot',
};

export function providerName(source: MarketSourceId): string {
  return providerNames[source];
}

/**
 * Whose clock a time is told in: a browser's own when left out; the server names the reader's
 * (locale and time zone) when it paints a page's source badge before the app runs.
 */
export interface ReaderClock {
  locale?: string;
  timeZone?: string;
}

/** "as of 5m ago" / "as of just now" / "as of 11/20" (relative time; never ISO text). */
export function asOfText(iso: string, now: Date = new Date()): string {
  const relative = relativeTime(iso, now);
  if (relative === 'now') return 'as of just now';
  return /^\d+[mhd]$/.test(relative) ? `as of ${relative} ago` : `as of ${relative}`;
}

/** The time of day in the reader's locale and zone ("05:44 PM"): when live figures were fetched. */
export function clockTime(iso: string, reader: ReaderClock = {}): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : dateFormat(reader.locale, { hour: '2-digit', minute: '2-digit', timeZone: reader.timeZone }).format(d);
}

/** The snapshot's day in the reader's locale, in UTC as the server dates it. */
export function snapshotDay(iso: string, reader: ReaderClock = {}): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : dateFormat(reader.locale, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
        d,
      );
}

/**
 * What the source badge says: demo data (the snapshot's simulated prices), live from a
 * named provider, or the last live copy kept through an outage, "as of" when.
 */
export function sourceBadgeText(
  source: MarketSource,
  reader: ReaderClock = {},
  now: Date = new Date(),
): string {
  if (source.mode === 'demo')
    return `Demo data: prices simulated from a snapshot of ${snapshotDay(source.as_of, reader)}`;
  if (source.stale) return `Stale — ${providerName(source.source)}, ${asOfText(source.as_of, now)}`;
  return `Live — ${providerName(source.source)}, updated ${clockTime(source.as_of, reader)}`;
}
