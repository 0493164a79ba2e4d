import { type DailyCandle, dayMs, dayStartMs, utcDay } from '@app/core';
import type { Db } from '../../db/client.ts';
import {
  backfillDailyCandles,
  type CandleStore,
  isUpstreamError,
  type MarketDataProvider,
} from '../../integrations/market-data/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { candleCoverage, lastCandleDay, readCandles, upsertCandles } from './market-cache.repository.ts';
import { errorText, type MarketLogger } from './market-state.ts';

/**
 * Daily candles kept in the database and back-filled incrementally: a cold coin waits for
 * one history download; afterwards requests read the table and top-ups run in the background
 * or in the refresher. Alerts, indicators and the OHLC route all read these same rows.
 */
export function createCandles(deps: {
  db: Db;
  provider: MarketDataProvider;
  clock: Clock;
  logger?: MarketLogger | undefined;
  /** How far back a first backfill reaches (CoinGecko's free plan: 365 days). */
  historyDays: number;
}) {
  const inFlight = new Map<string, Promise<void>>();
  const store: CandleStore = {
    getLastDay: (coinId, vs) => lastCandleDay(deps.db, coinId, vs),
    putDays: (coinId, vs, candles) => upsertCandles(deps.db, coinId, vs, candles),
  };

  function backfill(coinId: string, vs: string): Promise<void> {
    const key = `${coinId}:${vs}`;
    const running = inFlight.get(key);
    if (running) return running;
    const run = backfillDailyCandles({
      provider: deps.provider,
      store,
      coinId,
      vsCurrency: vs,
      now: deps.clock(),
      maxHistoryDays: deps.historyDays,
    })
      .then(() => undefined)
      .finally(() => inFlight.delete(key));
    inFlight.set(key, run);
    return run;
  }

  function yesterday(): string {
    return utcDay(dayStartMs(utcDay(deps.clock().getTime())) - dayMs);
  }

  /**
   * Makes sure candles exist. With none stored it waits for the download (a cold chart);
   * with an out-of-date copy it answers at once and tops up in the background.
   */
  async function ensure(coinId: string, vs: string): Promise<void> {
    const last = await lastCandleDay(deps.db, coinId, vs);
    if (last === null) {
      await backfill(coinId, vs);
      return;
    }
    if (last < yesterday()) {
      backfill(coinId, vs).catch((error: unknown) =>
        deps.logger?.warn({ err: errorText(error), coinId, vs }, 'candle top-up failed'),
      );
    }
  }

  /** Completed days only, oldest first; `days` null means all stored history. */
  async function read(coinId: string, vs: string, days: number | null): Promise<DailyCandle[]> {
    try {
      await ensure(coinId, vs);
    } catch (error) {
      if (isUpstreamError(error) && error.kind === 'not_found') throw error;
      // Upstream trouble: whatever is stored is still the best answer.
      deps.logger?.warn({ err: errorText(error), coinId, vs }, 'candle backfill failed');
    }
    return readCandles(deps.db, coinId, vs, utcDay(deps.clock().getTime()), days);
  }

  /**
   * The refresher's share of the work: top up coins already stored (oldest first), then
   * start new ones from the given ranking, at most `budget` upstream calls per run.
   */
  async function topUp(rankedIds: readonly string[], budget: number): Promise<number> {
    if (budget <= 0) return 0;
    const coverage = await candleCoverage(deps.db, 'usd');
    const due = yesterday();
    const stale = [...coverage].filter(([, last]) => last < due).map(([id]) => id);
    const fresh = rankedIds.filter((id) => !coverage.has(id));
    let calls = 0;
    for (const id of [...stale, ...fresh]) {
      if (calls >= budget) break;
      calls += 1;
      try {
        await backfill(id, 'usd');
      } catch (error) {
        deps.logger?.warn({ err: errorText(error), coinId: id }, 'candle top-up failed');
        if (isUpstreamError(error) && error.transient) break;
      }
    }
    return calls;
  }

  return { ensure, read, topUp };
}

export type Candles = ReturnType<typeof createCandles>;
