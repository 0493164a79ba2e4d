import { type DailyCandle, dayMs } from '@app/core';
import type { Db } from '../../db/client.ts';
import {
  type BinanceMarketData,
  binanceWeights,
  klinesPageSize,
} from '../../integrations/market-data/binance/binance-market-data.ts';
import { isUpstreamError } from '../../integrations/market-data/upstream-error.ts';
import { putSecondaryCandles, readSecondaryCloses, readSeriesBounds } from './history.repository.ts';
import { type DayRange, planHistoryRanges } from './history-plan.ts';

/**
 * Binance pairs giving one unit of a base currency in USDT on a day. A coin's older history in
 * that currency is its Binance USDT close divided by the pair's close of the same day: both
 * real, both from one exchange, never today's rate applied to old prices. Currencies without
 * such a pair (gbp, jpy) keep CoinGecko's 365 days only. Days before a pair's listing (EURUSDT:
 * January 2020) get no converted close.
 */
export const crossPairs: Readonly<Record<string, string>> = {
  eur: 'EURUSDT',
  btc: 'BTCUSDT',
  eth: 'ETHUSDT',
};

const daysIn = (r: DayRange): number => (Date.parse(r.to) - Date.parse(r.from)) / dayMs + 1;

/** What one process learnt: jobs done (`vs:coin:from:to`) and each pair's first day. */
export interface CrossMemo {
  done: Set<string>;
  listedFrom: Map<string, string>;
}

export interface CrossStep {
  requests: number;
  stored: number;
  changed: Set<string>;
  /** False when the budget ran out or Binance failed: the next run continues. */
  finished: boolean;
}

/**
 * One pass over the non-usd series of the wanted coins: for each currency with a pair, the
 * days below that series' seam that the coin's usd older segment covers, converted with one
 * pair download per currency (1,000 days a request) and stored under the same stitching rule.
 * Closes only (open = high = low = close), like CoinGecko's own older days.
 */
export async function backfillCrossCurrencies(input: {
  db: Db;
  binance: BinanceMarketData;
  now: Date;
  /** Coin id → first wanted day. */
  wanted: ReadonlyArray<readonly [string, string]>;
  budget: number;
  memo: CrossMemo;
}): Promise<CrossStep> {
  const step: CrossStep = { requests: 0, stored: 0, changed: new Set(), finished: true };
  const ids = input.wanted.map(([id]) => id);
  const usd = await readSeriesBounds(input.db, 'usd', ids);
  let budget = input.budget;
  for (const [vs, pair] of Object.entries(crossPairs)) {
    const bounds = await readSeriesBounds(input.db, vs, ids);
    const jobs: Array<{ coinId: string; range: DayRange }> = [];
    for (const [coinId, firstDay] of input.wanted) {
      const own = usd.get(coinId);
      if (!own?.firstSecondary || !own.lastSecondary) continue;
      for (const range of planHistoryRanges(bounds.get(coinId), firstDay)) {
        // Only days the coin's usd older segment already has can be converted.
        const floor = maxDay(own.firstSecondary, input.memo.listedFrom.get(pair));
        const from = range.from > floor ? range.from : floor;
        const to = range.to < own.lastSecondary ? range.to : own.lastSecondary;
        if (from <= to && !input.memo.done.has(`${vs}:${coinId}:${from}:${to}`))
          jobs.push({ coinId, range: { from, to } });
      }
    }
    if (jobs.length === 0) continue;
    const span = {
      from: jobs.reduce((m, j) => (j.range.from < m ? j.range.from : m), jobs[0]?.range.from ?? ''),
      to: jobs.reduce((m, j) => (j.range.to > m ? j.range.to : m), jobs[0]?.range.to ?? ''),
    };
    const cost = Math.ceil(daysIn(span) / klinesPageSize) * binanceWeights.klines;
    if (cost > budget) {
      step.finished = false;
      return step;
    }
    let rates: Map<string, number>;
    try {
      const got = await input.binance.pairCandles(pair, span.from, span.to);
      step.requests += got.requests;
      budget -= got.requests * binanceWeights.klines;
      rates = new Map(got.candles.map((c) => [c.day, c.close]));
      const firstRate = got.candles[0]?.day;
      // The pair opened later than asked: days before its listing cannot be converted.
      if (firstRate === undefined || firstRate > span.from)
        input.memo.listedFrom.set(pair, maxDay(firstRate ?? span.to, input.memo.listedFrom.get(pair)));
    } catch (error) {
      if (isUpstreamError(error) && error.kind === 'not_found') {
        for (const { coinId, range } of jobs)
          input.memo.done.add(`${vs}:${coinId}:${range.from}:${range.to}`);
        continue;
      }
      step.finished = false;
      return step;
    }
    for (const { coinId, range } of jobs) {
      const closes = await readSecondaryCloses(input.db, coinId, 'usd', range.from, range.to);
      const candles: DailyCandle[] = [];
      for (const [day, close] of [...closes].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
        const rate = rates.get(day);
        if (rate === undefined || !(rate > 0)) continue;
        const value = close / rate;
        candles.push({ day, open: value, high: value, low: value, close: value });
      }
      const stored = await putSecondaryCandles(input.db, coinId, vs, candles, input.now);
      input.memo.done.add(`${vs}:${coinId}:${range.from}:${range.to}`);
      if (stored > 0) {
        step.stored += stored;
        step.changed.add(coinId);
      }
    }
  }
  return step;
}

function maxDay(a: string, b: string | undefined): string {
  return b !== undefined && b > a ? b : a;
}
