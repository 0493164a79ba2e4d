import type { CoinMarket } from '@app/contracts';
import type { MarketDataProvider } from '../../integrations/market-data/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MarketSnapshot } from './market-snapshot.ts';

/** How many coins the terminal tracks: two CoinGecko pages, two calls per refresh. */
const trackedPages = 2;
const pageSize = 250;

/**
 * One whole copy of the market from a provider: the tracked coins (deduplicated, enriched when
 * live), rates, and the extras (global figures, trending), whose failure keeps the previous copy's.
 */
export async function fetchMarket(
  provider: MarketDataProvider,
  options: {
    clock: Clock;
    previous: MarketSnapshot | null;
    enrichLive?: ((coins: readonly CoinMarket[]) => Promise<CoinMarket[]>) | undefined;
    keptPrevious: (what: string, error: unknown) => void;
  },
): Promise<MarketSnapshot> {
  const coins: CoinMarket[] = [];
  for (let page = 1; page <= trackedPages; page++) {
    const rows = await provider.listMarkets({
      vsCurrency: 'usd',
      page,
      perPage: pageSize,
      sparkline: true,
      priceChangePercentage: ['1h', '24h', '7d'],
    });
    coins.push(...rows);
    if (rows.length < pageSize) break;
  }
  const described = provider.describe();
  const rates = await provider.exchangeRates();
  const keep =
    <T>(what: string, previous: T | null | undefined) =>
    (error: unknown) => {
      options.keptPrevious(what, error);
      return previous ?? null;
    };
  const global = await provider.global().catch(keep('global', options.previous?.global));
  const trending = await provider.trending().catch(keep('trending', options.previous?.trending));
  const now = options.clock();
  const deduped = new Map<string, CoinMarket>();
  for (const c of coins) if (!deduped.has(c.id)) deduped.set(c.id, c);
  // `described` says who answered coins/markets (auto mode may fall back per call).
  const list =
    described.mode === 'live' && options.enrichLive
      ? await options.enrichLive([...deduped.values()])
      : [...deduped.values()];
  return {
    coins: list,
    byId: new Map(list.map((c) => [c.id, c])),
    rates,
    global: global ?? null,
    trending: trending ?? null,
    fetchedAt: now,
    source: described.source,
    asOf: described.mode === 'live' ? now.toISOString() : described.as_of,
  };
}
