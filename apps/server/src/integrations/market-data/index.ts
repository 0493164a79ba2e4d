import { AutoProvider } from './auto/auto-provider.ts';
import { CoinGeckoProvider } from './coingecko/coingecko-provider.ts';
import type { CoinGeckoClientOptions } from './coingecko/http-client.ts';
import type { MarketDataProvider } from './provider.ts';
import { SnapshotProvider } from './snapshot/snapshot-provider.ts';

export * from './auto/auto-provider.ts';
export * from './coingecko/coingecko-provider.ts';
export * from './coingecko/http-client.ts';
export * from './daily-candles.ts';
export * from './provider.ts';
export { snapshotCategoryIndex } from './snapshot/categories.ts';
export * from './snapshot/snapshot-provider.ts';
export * from './upstream-error.ts';

export type MarketDataMode = 'auto' | 'coingecko' | 'snapshot';

/**
 * Builds the provider for MARKET_DATA: `snapshot` is demo mode for good, `coingecko`
 * live only, and `auto` demo until CoinGecko first answers, then live only.
 */
export function createMarketDataProvider(input: {
  mode: MarketDataMode;
  coingecko?: CoinGeckoClientOptions;
  now?: () => number;
  /** Pins what the demo market shows to one day's draw (SnapshotProviderOptions.demoDate). */
  demoDate?: string;
}): MarketDataProvider {
  const snapshot = () =>
    new SnapshotProvider({
      ...(input.now ? { now: input.now } : {}),
      ...(input.demoDate ? { demoDate: input.demoDate } : {}),
    });
  if (input.mode === 'snapshot') return snapshot();
  const coingecko = new CoinGeckoProvider(input.coingecko ?? {});
  if (input.mode === 'coingecko') return coingecko;
  return new AutoProvider({ primary: coingecko, fallback: snapshot() });
}
