import type { MarketSource, MarketStatus } from '@app/contracts';

/**
 * The market's source, mode and age, for the health check and the web app's demo
 * banner and stale marker. Demo prices are simulated from the clock, so they have no age.
 */
export function marketStatus(source: MarketSource, now: Date): MarketStatus {
  const fetchedMs = Date.parse(source.as_of);
  const age =
    source.mode === 'live' && Number.isFinite(fetchedMs)
      ? Math.max(0, Math.floor((now.getTime() - fetchedMs) / 1000))
      : null;
  return { ...source, age_seconds: age };
}
