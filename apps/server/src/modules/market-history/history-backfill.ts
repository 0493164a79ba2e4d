import { dayMs } from '@app/core';
import type { Db } from '../../db/client.ts';
import {
  type BinanceMarketData,
  binanceWeights,
  klinesPageSize,
} from '../../integrations/market-data/binance/binance-market-data.ts';
import { isUpstreamError } from '../../integrations/market-data/upstream-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { backfillCrossCurrencies } from './cross-currency.ts';
import { putSecondaryCandles, readHistoryDemand, readSeriesBounds } from './history.repository.ts';
import { addDays, type DayRange, planHistoryRanges } from './history-plan.ts';

export { type DayRange, planHistoryRanges } from './history-plan.ts';

const daysIn = (r: DayRange): number => (Date.parse(r.to) - Date.parse(r.from)) / dayMs + 1;

export interface HistoryBackfillResult {
  coins: number;
  requests: number;
  weight: number;
  stored: number;
  /** Coins whose older history changed (the closes cache re-reads them). */
  changed: string[];
}

export interface HistoryLogger {
  warn(object: Record<string, unknown>, message: string): void;
}

/**
 * Backfills history older than CoinGecko's window from Binance, for the coins people hold,
 * back to the first transaction in each. Runs in the refresher after the market refresh,
 * spending at most `weightBudget` of Binance's request weight per run, so a first
 * backfill of many coins spreads over a few refreshes instead of bursting.
 */
export function createHistoryBackfill(deps: {
  db: Db;
  binance: BinanceMarketData;
  clock: Clock;
  logger?: HistoryLogger | undefined;
  /** Weight one run may spend (default 100: 50 pages of 1,000 days). */
  weightBudget?: number;
  /** Called with the coins whose stored history grew backwards. */
  onChanged?: (coinIds: readonly string[]) => void;
  /**
   * After a run that found nothing to fetch, later runs skip their queries for this long
   * (default 5 min): a newly entered old transaction is backfilled within it, and the refresher does
   * not scan every transaction each minute for nothing.
   */
  idleMs?: number;
}) {
  /** First day Binance has for a pair (its listing), learnt when it answered less than asked. */
  const listedFrom = new Map<string, string>();
  let running: Promise<HistoryBackfillResult> | null = null;
  let idleUntil = 0;
  /** Cross-currency work already done by this process (days a pair cannot convert stay undone). */
  const crossMemo = { done: new Set<string>(), listedFrom: new Map<string, string>() };
  /** Set when a run stops early (budget spent or Binance failing): the next one continues. */
  let unfinished = false;

  async function step(): Promise<HistoryBackfillResult> {
    const result: HistoryBackfillResult = { coins: 0, requests: 0, weight: 0, stored: 0, changed: [] };
    const demand = await readHistoryDemand(deps.db);
    const wanted = [...demand].filter(([id]) => deps.binance.lists(id));
    if (wanted.length === 0) return result;
    const bounds = await readSeriesBounds(
      deps.db,
      'usd',
      wanted.map(([id]) => id),
    );
    let budget = Math.min(deps.weightBudget ?? 100, deps.binance.http.spareWeight());
    // Oldest wish first: the user furthest back waits least.
    wanted.sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
    for (const [coinId, firstDay] of wanted) {
      const from = maxDay(firstDay, listedFrom.get(coinId));
      const ranges = planHistoryRanges(bounds.get(coinId), from);
      if (ranges.length === 0) continue;
      for (const range of ranges) {
        const cost = Math.ceil(daysIn(range) / klinesPageSize) * binanceWeights.klines;
        if (cost > budget) {
          unfinished = true;
          return result;
        }
        try {
          const got = await deps.binance.dailyCandles(coinId, range.from, range.to);
          result.requests += got.requests;
          result.weight += got.requests * binanceWeights.klines;
          budget -= got.requests * binanceWeights.klines;
          const firstGot = got.candles[0]?.day;
          // Binance has nothing before the pair's listing: do not ask for those days again.
          if (firstGot === undefined || firstGot > range.from)
            listedFrom.set(coinId, maxDay(firstGot ?? addDays(range.to, 1), listedFrom.get(coinId)));
          const stored = await putSecondaryCandles(deps.db, coinId, 'usd', got.candles, deps.clock());
          if (stored > 0) {
            result.stored += stored;
            if (!result.changed.includes(coinId)) result.changed.push(coinId);
          }
        } catch (error) {
          if (isUpstreamError(error) && error.kind === 'not_found') {
            // A pair gone from Binance: nothing older will come from it.
            listedFrom.set(coinId, addDays(range.to, 1));
            continue;
          }
          deps.logger?.warn(
            { coinId, err: error instanceof Error ? error.message : String(error) },
            'history backfill from Binance stopped',
          );
          unfinished = true;
          return result;
        }
      }
      result.coins += 1;
    }
    // The same older days in the other currencies Binance can convert to.
    const cross = await backfillCrossCurrencies({
      db: deps.db,
      binance: deps.binance,
      now: deps.clock(),
      wanted,
      budget,
      memo: crossMemo,
    });
    result.requests += cross.requests;
    result.weight += cross.requests * binanceWeights.klines;
    result.stored += cross.stored;
    for (const id of cross.changed) if (!result.changed.includes(id)) result.changed.push(id);
    if (!cross.finished) unfinished = true;
    return result;
  }

  return {
    /** One run; concurrent callers share it. */
    async run(): Promise<HistoryBackfillResult> {
      const now = deps.clock().getTime();
      if (running === null && now < idleUntil)
        return { coins: 0, requests: 0, weight: 0, stored: 0, changed: [] };
      if (running === null) unfinished = false;
      running ??= step()
        .then((result) => {
          if (result.changed.length > 0) deps.onChanged?.(result.changed);
          if (!unfinished && result.requests === 0)
            idleUntil = deps.clock().getTime() + (deps.idleMs ?? 300_000);
          return result;
        })
        .finally(() => {
          running = null;
        });
      return running;
    },
  };
}

function maxDay(a: string, b: string | undefined): string {
  return b !== undefined && b > a ? b : a;
}

export type HistoryBackfill = ReturnType<typeof createHistoryBackfill>;
