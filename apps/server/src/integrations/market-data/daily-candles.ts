import type { MarketSourceId } from '@app/contracts';
import {
  type DailyCandle,
  dailyCandlesFromPoints,
  freePlanHistoryDays,
  mergeDailyCandles,
  planBackfillDays,
} from '@app/core';
import type { MarketDataProvider } from './provider.ts';

/** Who produced a batch of candles, and when (every stored market row says so). */
export interface CandleProvenance {
  source: MarketSourceId;
  fetchedAt: Date;
}

/**
 * Where daily candles live between refreshes (the server implements it on a DB table).
 * Free-plan CoinGecko serves only 365 days, so older days exist only in this store.
 */
export interface CandleStore {
  /** The latest stored UTC day (YYYY-MM-DD), or null when none. */
  getLastDay(coinId: string, vsCurrency: string): Promise<string | null>;
  /** Inserts or replaces these days. */
  putDays(
    coinId: string,
    vsCurrency: string,
    candles: readonly DailyCandle[],
    provenance: CandleProvenance,
  ): Promise<void>;
}

export interface BackfillResult {
  requestedDays: number | null;
  stored: number;
}

/**
 * Asks only for the days the store lacks. Up to 90 days CoinGecko answers hourly, which
 * gives real daily highs and lows; beyond that it is daily closes only (open=high=low=close).
 */
export async function backfillDailyCandles(input: {
  provider: MarketDataProvider;
  store: CandleStore;
  coinId: string;
  vsCurrency?: string;
  now: Date;
  maxHistoryDays?: number;
}): Promise<BackfillResult> {
  const vs = input.vsCurrency ?? 'usd';
  // Who answers is read in the same turn as the store's last day (the store reads the mode's rows
  // then), so the plan and the call belong to one source. The rows record it even when the mode
  // switches while the call runs (demo rows are then refused by the store).
  const source = input.provider.describe().source;
  const lastDay = await input.store.getLastDay(input.coinId, vs);
  // The mode switched (demo -> live) while the store answered: that last day was the other
  // source's, and a plan from it would fetch only the days after it from the new source, leaving
  // the new series without its older history for good. The next top-up plans afresh.
  if (input.provider.describe().source !== source) return { requestedDays: null, stored: 0 };
  const days = planBackfillDays(lastDay, input.now, input.maxHistoryDays ?? freePlanHistoryDays);
  if (days === null) return { requestedDays: null, stored: 0 };
  const chart = await input.provider.marketChart(
    input.coinId,
    vs,
    days,
    days > 90 ? { interval: 'daily' } : undefined,
  );
  const candles = dailyCandlesFromPoints(chart.prices, lastDay, input.now);
  if (candles.length > 0)
    await input.store.putDays(input.coinId, vs, candles, { source, fetchedAt: input.now });
  return { requestedDays: days, stored: candles.length };
}

/** In-memory store for tests and for running without a database. */
export class MemoryCandleStore implements CandleStore {
  private readonly byKey = new Map<string, DailyCandle[]>();

  async getLastDay(coinId: string, vsCurrency: string): Promise<string | null> {
    return this.days(coinId, vsCurrency).at(-1)?.day ?? null;
  }

  async putDays(coinId: string, vsCurrency: string, candles: readonly DailyCandle[]): Promise<void> {
    // Provenance is the database's concern; this store holds one source per test.
    this.byKey.set(`${coinId}:${vsCurrency}`, mergeDailyCandles(this.days(coinId, vsCurrency), candles));
  }

  days(coinId: string, vsCurrency: string): DailyCandle[] {
    return this.byKey.get(`${coinId}:${vsCurrency}`) ?? [];
  }
}
