import type { PerformanceResponse } from '@app/contracts';
import {
  currentHolding,
  type DailyCloseSeries,
  type DailyHoldings,
  dailyValueSeries,
  dayMs,
} from '@app/core';
import type { DailyCloses, DailyClosesCache, MarketReader } from '../market/index.ts';
import type { HeldCoin } from './value-history.ts';

type Timeframe = PerformanceResponse['timeframe'];
const timeframeDays: Record<Exclude<Timeframe, 'ALL'>, number> = {
  '1D': 2,
  '1W': 7,
  '1M': 30,
  '3M': 90,
  '1Y': 365,
};
/** ALL reaches back to the first transaction, capped at ten years of daily closes. */
const maxDays = 3650;
/**
 * How long a chart waits for coins with no stored history (their first download), and how many
 * downloads it runs at once. Past the budget the chart answers without the rest and says so;
 * their downloads continue in the background, one at a time, and the next request has them.
 */
const historyBudgetMs = 1000;
const historyConcurrency = 4;

export interface ClosesFallback {
  /**
   * Asks the reader for coins the candle table does not hold, a few at a time, until the budget
   * is spent. Coins not reached or still downloading are `pending`; they are fetched in the
   * background one by one, so a chart request never waits on (nor floods the process with) a
   * hundred first downloads: with the local snapshot each is CPU work on this thread.
   */
  fetch(input: {
    market: MarketReader;
    coinIds: readonly string[];
    days: number;
    vs: string;
    today: number;
    budgetMs: number;
  }): Promise<{ closes: Map<string, DailyCloses>; pending: number }>;
  /** Drops the background queue and waits for the download in progress (shutdown). */
  stop(): Promise<void>;
}

/**
 * Closes straight from the market reader (which downloads and stores them), kept per (coin,
 * currency, length, day): they only change once a day.
 */
export function createClosesFallback(maxEntries = 5000): ClosesFallback {
  const entries = new Map<string, Promise<DailyCloses>>();
  const backlog = new Map<string, () => Promise<DailyCloses>>();
  let draining: Promise<void> | null = null;

  // Keyed by the market mode too: closes read in demo mode must not outlive the switch to live.
  const keyOf = (market: MarketReader, coinId: string, vs: string, days: number, today: number) =>
    `${market.describe().mode}|${coinId}|${vs}|${days}|${today}`;

  function get(market: MarketReader, coinId: string, days: number, vs: string, today: number) {
    const key = keyOf(market, coinId, vs, days, today);
    let hit = entries.get(key);
    if (!hit) {
      backlog.delete(key);
      hit = market.getDailyCloses(coinId, days, vs);
      // A failed fetch must not stay cached.
      hit.catch(() => entries.delete(key));
      entries.set(key, hit);
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
    }
    return hit;
  }

  async function drain(): Promise<void> {
    for (const [key, start] of backlog) {
      backlog.delete(key);
      await start().catch(() => undefined);
      // Let requests in between downloads.
      await new Promise((resolve) => setImmediate(resolve));
    }
    draining = null;
  }

  return {
    async fetch({ market, coinIds, days, vs, today, budgetMs }) {
      const deadline = Date.now() + budgetMs;
      const queue = [...coinIds];
      const closes = new Map<string, DailyCloses>();
      let waiting = 0;
      const worker = async () => {
        // The clock is checked between downloads too: a CPU-bound download can starve timers.
        for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
          const got = await within(get(market, id, days, vs, today), Math.max(0, deadline - Date.now()));
          if (got === undefined) waiting++;
          else closes.set(id, got);
          if (Date.now() >= deadline) return;
        }
      };
      await Promise.all(Array.from({ length: Math.min(historyConcurrency, queue.length) }, worker));
      for (const id of queue) {
        const key = keyOf(market, id, vs, days, today);
        if (!entries.has(key)) backlog.set(key, () => get(market, id, days, vs, today));
      }
      if (backlog.size > 0) draining ??= drain();
      return { closes, pending: waiting + queue.length };
    },

    async stop() {
      backlog.clear();
      await draining;
    },
  };
}

function seriesOf(closes: DailyCloses): DailyCloseSeries {
  const days = closes.timestamps.map((t) => Math.floor(t / dayMs));
  const firstDay = days[0] ?? 0;
  const out = new Float64Array(days.length === 0 ? 0 : (days[days.length - 1] ?? firstDay) - firstDay + 1);
  let last = Number.NaN;
  let next = 0;
  for (let i = 0; i < out.length; i++) {
    while (next < days.length && days[next] === firstDay + i) last = closes.closes[next++] ?? last;
    out[i] = last;
  }
  return { firstDay, closes: out };
}

/** The closes, empty when the fetch failed, or undefined when it is still running after `ms`. */
function within(promise: Promise<DailyCloses>, ms: number): Promise<DailyCloses | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve({ timestamps: [], closes: [] });
      },
    );
  });
}

/**
 * Portfolio value over time for the performance chart: each portfolio's daily holdings (kept
 * per revision) × each coin's daily closes (kept in memory), summed per day. The books stay
 * exact elsewhere; this series is a picture of them (see `dailyValueSeries` on precision).
 */
export async function performanceSeries(input: {
  /** One map per portfolio: coin id → daily holdings. */
  holdings: readonly ReadonlyMap<string, DailyHoldings>[];
  /** The portfolio id of each map (what a kept series matches coins by). */
  owners?: readonly string[];
  /** The daily values of `held` × `closes` (a kept series); `dailyValueSeries` itself without. */
  values?: (
    held: readonly HeldCoin[],
    closes: ReadonlyMap<string, DailyCloseSeries>,
    firstDay: number,
    days: number,
  ) => Float64Array;
  /** Capital invested at the end of each day from `firstDay`, and now (in the base currency). */
  capital?: (firstDay: number, days: number) => { daily: Float64Array; current: number };
  timeframe: Timeframe;
  baseCurrency: string;
  market: MarketReader;
  closes: DailyClosesCache;
  fallback: ClosesFallback;
  now: Date;
  historyBudgetMs?: number;
}): Promise<PerformanceResponse> {
  const { timeframe, baseCurrency, market, now } = input;
  const today = Math.floor(now.getTime() / dayMs);
  const held: HeldCoin[] = input.holdings.flatMap((book, i) => {
    const owner = input.owners?.[i] ?? String(i);
    return [...book].map(([coinId, holdings]) => ({ owner, coinId, holdings }));
  });
  let firstDay = Number.POSITIVE_INFINITY;
  for (const h of held) firstDay = Math.min(firstDay, h.holdings.days[0] ?? firstDay);
  const notes =
    timeframe === '1D' ? ['Daily closes only: 1D shows the last two closes and the current value.'] : [];
  if (!Number.isFinite(firstDay))
    return {
      timeframe,
      base_currency: baseCurrency,
      resolution: 'daily',
      note: notes[0] ?? null,
      points: [],
      capital_invested: [],
    };
  const days =
    timeframe === 'ALL' ? Math.min(maxDays, Math.max(2, today - firstDay + 1)) : timeframeDays[timeframe];
  const coins = [...new Set(held.map((h) => h.coinId))];

  const [stored, quotes] = await Promise.all([
    input.closes.get(coins, baseCurrency).catch(() => new Map<string, DailyCloseSeries>()),
    market.getQuotes(coins, baseCurrency),
  ]);
  const closes = new Map(stored);
  const missing = coins.filter((id) => !closes.has(id));
  let loading = 0;
  if (missing.length > 0) {
    const fetched = await input.fallback.fetch({
      market,
      coinIds: missing,
      days,
      vs: baseCurrency,
      today,
      budgetMs: input.historyBudgetMs ?? historyBudgetMs,
    });
    for (const [id, got] of fetched.closes) if (got.timestamps.length > 0) closes.set(id, seriesOf(got));
    loading = fetched.pending;
  }
  if (loading > 0)
    notes.push(
      `Price history for ${loading} coin${loading === 1 ? '' : 's'} is still loading; the chart leaves ${loading === 1 ? 'it' : 'them'} out until it arrives.`,
    );

  const start = today - days;
  const values = input.values
    ? input.values(held, closes, start, days)
    : dailyValueSeries({ holdings: held, closes, firstDay: start, days });
  let currentValue = 0;
  for (const h of held) {
    const quantity = currentHolding(h.holdings);
    const price = quotes.get(h.coinId)?.current_price;
    if (quantity > 0 && price !== undefined) currentValue += quantity * price;
  }

  const points: [number, number][] = [];
  for (let d = 0; d < days; d++) points.push([(start + d) * dayMs, round(values[d] ?? 0)]);
  points.push([now.getTime(), round(currentValue)]);
  const capital = input.capital?.(start, days);
  const capitalInvested = capital ? [...capital.daily, capital.current].map(round) : points.map(() => 0);
  return {
    timeframe,
    base_currency: baseCurrency,
    resolution: 'daily',
    note: notes.length === 0 ? null : notes.join(' '),
    points,
    capital_invested: capitalInvested,
  };
}

function round(v: number): number {
  return Math.round(v * 1e8) / 1e8;
}
