import type { Db } from '../../db/client.ts';
import {
  BinanceMarketData,
  type BinanceMarketDataOptions,
} from '../../integrations/market-data/binance/binance-market-data.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SecondaryMarketSource } from '../market/index.ts';
import { createHistoryBackfill, type HistoryLogger } from './history-backfill.ts';

/**
 * Binance as the market service's second real provider. Its USDT prices are used as USD
 * prices (USDT tracks the dollar within a fraction of a percent; the quote asset is recorded
 * on every row it writes and named in the UI), converted to other currencies by the same
 * rates as CoinGecko's USD figures.
 */
export function createBinanceSecondary(deps: {
  db: Db;
  clock: Clock;
  logger?: HistoryLogger | undefined;
  binance?: BinanceMarketData;
  options?: BinanceMarketDataOptions;
  /** Weight one history step may spend. */
  historyWeightBudget?: number;
  /** How long history steps rest after one that found nothing to fetch. */
  historyIdleMs?: number;
}): SecondaryMarketSource & { binance: BinanceMarketData } {
  const binance = deps.binance ?? new BinanceMarketData({ ...deps.options, logger: deps.logger });
  const history = createHistoryBackfill({
    db: deps.db,
    binance,
    clock: deps.clock,
    logger: deps.logger,
    ...(deps.historyWeightBudget === undefined ? {} : { weightBudget: deps.historyWeightBudget }),
    ...(deps.historyIdleMs === undefined ? {} : { idleMs: deps.historyIdleMs }),
  });
  return {
    source: 'binance',
    binance,
    async prices(coinIds) {
      const got = await binance.currentPrices(coinIds);
      return new Map([...got].map(([id, p]) => [id, p.price]));
    },
    backfillHistory: () => history.run(),
  };
}
