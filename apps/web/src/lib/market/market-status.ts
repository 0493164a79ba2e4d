import { type MarketSourceId, marketRoutes } from '@app/contracts';
import { dateFormat, relativeTime } from '@app/core';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import { shellSchema } from '@/lib/api/lazy-schemas';

/**
 * The server's market mode and age (issue 10). Under the market key, so a `buffers` event
 * refetches it; polled too, because a failed refresh publishes no event and the copy only
 * turns stale with time.
 */
export const marketStatusQuery = () =>
  queryOptions({
    queryKey: ['market', 'status'] as const,
    queryFn: ({ signal }) =>
      apiRequest(marketRoutes.status, { schema: shellSchema('marketStatusSchema'), signal }),
    refetchInterval: 60_000,
    meta: { silent: true },
  });

const providerNames: Record<MarketSourceId, string> = {
  coingecko: 'CoinGecko',
  binance: 'Binance',
  coinbase: 'Coinbase',
  demo: 'the bundled demo snapshot',
};

export function providerName(source: MarketSourceId): string {
  return providerNames[source];
}

/** "as of 5m ago" / "as of just now" / "as of 11/20" (spec §9 relative time; never ISO text). */
export function asOfText(iso: string, now: Date = new Date()): string {
  const relative = relativeTime(iso, now);
  if (relative === 'now') return 'as of just now';
  return /^\d+[mhd]$/.test(relative) ? `as of ${relative} ago` : `as of ${relative}`;
}

/** The same moment in the reader's locale, for a hover title. */
export function localTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleString();
}

/** The time of day in the reader's locale ("05:44 PM"): when live figures were fetched. */
export function clockTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : dateFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(d);
}

/**
 * Builds the reader's date formats ahead of their first use. The page's first Intl format loads
 * the browser's locale data: 30-65 ms in Chromium here (up to 235 ms at Lighthouse's 4x CPU), and
 * it fell inside the render that draws the terminal's source badge, its LCP element (issue 15).
 * Once loaded, a new format costs about 1 ms.
 */
export function warmLocalTime(): void {
  const epoch = new Date(0).toISOString();
  clockTime(epoch);
  localTime(epoch);
}
