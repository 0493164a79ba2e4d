import type { MarketMode, MarketSourceId } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { withPrices, writePriceOverlay } from './market-copy-store.ts';
import { errorText, type MarketLogger } from './market-logging.ts';
import type { MarketMemory } from './market-memory.ts';

/** Lays a second real provider's prices over the live copy while the primary fails. */
export function createPriceOverlay(deps: {
  db: Db;
  logger?: MarketLogger | undefined;
  memory: Pick<MarketMemory, 'peek' | 'install'>;
  mode: () => MarketMode;
}) {
  /**
   * A second real provider's current prices laid over the last live copy while the primary
   * fails (Binance answering for CoinGecko): each replaced price names its source and time;
   * every other field stays the primary's last figure, and the copy stays labelled stale.
   * Stored beside the copy (source, fetched_at) so followers and a restart serve the same prices;
   * the next complete primary copy replaces it.
   */
  return async function overlayPrices(
    prices: ReadonlyMap<string, number>,
    source: MarketSourceId,
    at: Date,
  ): Promise<number> {
    const basis = deps.memory.peek();
    if (deps.mode() !== 'live' || !basis || prices.size === 0 || source === 'demo') return 0;
    const { snapshot, applied } = withPrices(basis, prices, source, at);
    if (applied.size === 0) return 0;
    deps.memory.install(snapshot);
    await writePriceOverlay(deps.db, basis, applied, source, at).catch((error: unknown) =>
      deps.logger?.warn({ err: errorText(error) }, 'fallback prices kept in memory only'),
    );
    return applied.size;
  };
}
