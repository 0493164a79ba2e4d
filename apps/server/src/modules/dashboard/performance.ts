import type { PerformanceResponse } from '@app/contracts';
import type { LedgerTransaction } from '@app/core';
import type { DailyCloses, MarketReader } from '../market/market-reader.ts';

const dayMs = 86_400_000;
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

export interface ClosesCache {
  get(market: MarketReader, coinId: string, days: number, vs: string, today: number): Promise<DailyCloses>;
}

/** Daily closes only change once a day, so they are kept per (coin, currency, length, day). */
export function createClosesCache(maxEntries = 5000): ClosesCache {
  const entries = new Map<string, Promise<DailyCloses>>();
  return {
    get(market, coinId, days, vs, today) {
      const key = `${coinId}|${vs}|${days}|${today}`;
      let hit = entries.get(key);
      if (!hit) {
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
    },
  };
}

/**
 * Portfolio value over time for the performance chart. The books stay exact (ledger, NUMERIC);
 * the chart is a picture of them, so holdings and closes are plain doubles here: days × coins
 * multiplications instead of decimal arithmetic over every coin × every day.
 */
/** Signed quantity changes per coin in time order, kept per book (a book never changes). */
interface CoinDeltas {
  at: Float64Array;
  q: Float64Array;
}
const deltaCache = new WeakMap<object, Map<string, CoinDeltas>>();

export function coinDeltas(key: object, transactions: readonly LedgerTransaction[]): Map<string, CoinDeltas> {
  const hit = deltaCache.get(key);
  if (hit) return hit;
  const lists = new Map<string, { at: number; q: number }[]>();
  for (const t of transactions) {
    const sign = t.type === 'sell' || t.type === 'transfer_out' ? -1 : 1;
    const list = lists.get(t.coin_id) ?? [];
    list.push({ at: Date.parse(t.executed_at), q: sign * Number(t.quantity) });
    lists.set(t.coin_id, list);
  }
  const out = new Map<string, CoinDeltas>();
  for (const [coin, list] of lists) {
    list.sort((a, b) => a.at - b.at);
    out.set(coin, { at: Float64Array.from(list, (d) => d.at), q: Float64Array.from(list, (d) => d.q) });
  }
  deltaCache.set(key, out);
  return out;
}

export async function performanceSeries(input: {
  /** Each book's transactions; `key` identifies an immutable book for the delta cache. */
  books: readonly { key: object; transactions: readonly LedgerTransaction[] }[];
  timeframe: Timeframe;
  baseCurrency: string;
  market: MarketReader;
  closes: ClosesCache;
  now: Date;
}): Promise<PerformanceResponse> {
  const { timeframe, baseCurrency, market, now } = input;
  const perBook = input.books.map((b) => coinDeltas(b.key, b.transactions));
  const today = Math.floor(now.getTime() / dayMs) * dayMs;
  let firstAt = Number.POSITIVE_INFINITY;
  for (const book of perBook) for (const d of book.values()) firstAt = Math.min(firstAt, d.at[0] ?? firstAt);
  const days =
    timeframe === 'ALL'
      ? Math.min(maxDays, Math.max(2, Math.ceil((today - Math.floor(firstAt / dayMs) * dayMs) / dayMs) + 1))
      : timeframeDays[timeframe];
  const note =
    timeframe === '1D' ? 'Daily closes only: 1D shows the last two closes and the current value.' : null;
  if (!Number.isFinite(firstAt))
    return { timeframe, base_currency: baseCurrency, resolution: 'daily', note, points: [] };
  const coins = [...new Set(perBook.flatMap((b) => [...b.keys()]))];
  const [allCloses, quotes] = await Promise.all([
    Promise.all(coins.map((id) => input.closes.get(market, id, days, baseCurrency, today))),
    market.getQuotes(coins, baseCurrency),
  ]);

  const start = today - days * dayMs;
  const values = new Float64Array(days);
  let currentValue = 0;
  coins.forEach((coinId, index) => {
    const closes = allCloses[index] ?? { timestamps: [], closes: [] };
    const lists = perBook.flatMap((b) => {
      const d = b.get(coinId);
      return d ? [d] : [];
    });
    // Several portfolios: merge their (already sorted) changes once.
    const list =
      lists.length === 1 && lists[0]
        ? lists[0]
        : (() => {
            const merged = lists
              .flatMap((l) => Array.from(l.at, (at, i) => ({ at, q: l.q[i] ?? 0 })))
              .sort((a, b) => a.at - b.at);
            return { at: Float64Array.from(merged, (m) => m.at), q: Float64Array.from(merged, (m) => m.q) };
          })();
    let qty = 0;
    let di = 0;
    let ci = 0;
    let close = Number.NaN;
    for (let d = 0; d < days; d++) {
      const endOfDay = start + (d + 1) * dayMs;
      while (di < list.at.length && (list.at[di] ?? 0) < endOfDay) qty += list.q[di++] ?? 0;
      // Forward-fill: a missing day keeps the last known close.
      while (ci < closes.timestamps.length && (closes.timestamps[ci] ?? 0) < endOfDay)
        close = closes.closes[ci++] ?? close;
      if (qty > 0 && Number.isFinite(close)) values[d] = (values[d] ?? 0) + qty * close;
    }
    while (di < list.at.length) qty += list.q[di++] ?? 0;
    const price = quotes.get(coinId)?.current_price;
    if (qty > 0 && price !== undefined) currentValue += qty * price;
  });

  const points: [number, number][] = [];
  for (let d = 0; d < days; d++) points.push([start + d * dayMs, round(values[d] ?? 0)]);
  points.push([now.getTime(), round(currentValue)]);
  return { timeframe, base_currency: baseCurrency, resolution: 'daily', note, points };
}

function round(v: number): number {
  return Math.round(v * 1e8) / 1e8;
}
