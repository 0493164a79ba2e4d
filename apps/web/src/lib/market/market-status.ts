import { type MarketSourceId, marketRoutes } from '@app/contracts';
import { relativeTime } from '@app/core';
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

/**
 * Builds the reader's date format ahead of its first use. The first `toLocaleString` costs about
 * 17 ms (67 ms at Lighthouse's 4x CPU) and fell inside the task that draws the terminal's list,
 * through its source badge (issue 15); later calls reuse the engine's cached format.
 */
export function warmLocalTime(): void {
  localTime(new Date(0).toISOString());
}
