import type { MarketSourceId } from '@app/contracts';
import {
  type DailyCandle,
  dailyCandlesFromPoints,
  freePlanHistoryDays,
  mergeDailyCandles,
  planBackfillDays,
} from '@app/core';
import type { MarketDataProvider } from './provider.ts';

/** Who produced a batch of candles, and when (DESIGN §9: every stored market row says so). */
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
  const lastDay = await input.store.getLastDay(input.coinId, vs);
  const days = planBackfillDays(lastDay, input.now, input.maxHistoryDays ?? freePlanHistoryDays);
  if (days === null) return { requestedDays: null, stored: 0 };
  // Read before the call: if the mode switches while it runs, the rows still say who answered.
  const source = input.provider.describe().source;
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
