import type { CostBasisMethod, TaxSettings } from '@app/contracts';
import {
  computeTax,
  type DailyCloseSeries,
  Dec,
  dayMs,
  linkOwnTransfers,
  type TaxComputation,
  type TaxTransaction,
} from '@app/core';
import type { Db } from '../../db/client.ts';
import type { DailyClosesCache } from '../market/candles.ts';
import type { MarketReader } from '../market/market-reader.ts';
import type { LedgerCache } from '../portfolios/ledger-cache.ts';
import type { PreferencesReader } from '../portfolios/preferences.ts';
import { type LoadedPortfolio, loadUserBooks } from '../portfolios/user-books.ts';

/** A user's books as the tax engine reads them, in one currency. */
export interface TaxBooks {
  loaded: LoadedPortfolio[];
  currency: string;
  transactions: TaxTransaction[];
  links: ReadonlyMap<string, string>;
  /** Cache key: the revisions of every portfolio and the currency. */
  key: string;
}

/**
 * The currency a scope is reported in: a portfolio's own; for all portfolios their common
 * currency, or the user's base currency when they differ (rows in another currency are then
 * converted at the rate of their own day, see `dailyRates`; a day without one lists the row as
 * needing a price, never converted at today's rate or valued at 0).
 */
export function scopeCurrency(
  loaded: readonly LoadedPortfolio[],
  portfolioId: string | null,
  base: string,
): string {
  if (portfolioId !== null)
    return loaded.find((l) => l.portfolio.id === portfolioId)?.portfolio.currency ?? base;
  const currencies = new Set(loaded.map((l) => l.portfolio.currency));
  return currencies.size === 1 ? ([...currencies][0] ?? base) : base;
}

/** The coin whose daily closes in two currencies give the day's rate between them. */
export const rateReferenceCoin = 'bitcoin';

/**
 * Historical rates into `to`, per UTC day, implied by the reference coin's daily close in both
 * currencies (close in `to` ÷ close in `from`): the providers quote a coin in every currency at
 * their own rate of the moment, so the ratio of two closes is that day's rate. A day outside
 * either stored series has no rate (null). Kept to 12 significant digits: a rate, not money.
 */
export interface DailyRates {
  rateOn(from: string, executedAt: string): string | null;
  /** What the rates were read from, for cache keys (series bounds per currency). */
  key: string;
}

export async function dailyRates(
  closes: DailyClosesCache,
  to: string,
  from: readonly string[],
  /** Asked for a currency whose recent reference closes are not stored (a background download). */
  onMissing?: (vs: string) => void,
  nowMs = Date.now(),
): Promise<DailyRates> {
  const others = [...new Set(from)].filter((c) => c !== to);
  if (others.length === 0) return { rateOn: (f) => (f === to ? '1' : null), key: '' };
  const read = async (vs: string) => {
    const series = (
      await closes.get([rateReferenceCoin], vs).catch(() => new Map<string, DailyCloseSeries>())
    ).get(rateReferenceCoin);
    // None stored, or none for the last days: the rows of those days would wait for a rate.
    const lastDay = series ? series.firstDay + series.closes.length - 1 : null;
    if (lastDay === null || lastDay < Math.floor(nowMs / dayMs) - 2) onMissing?.(vs);
    return series;
  };
  const target = await read(to);
  const sources = new Map<string, DailyCloseSeries | undefined>();
  for (const c of others) sources.set(c, await read(c));
  const at = (series: DailyCloseSeries | undefined, day: number) => {
    if (!series) return undefined;
    const close = series.closes[day - series.firstDay];
    return close !== undefined && close > 0 ? close : undefined;
  };
  const bounds = (s: DailyCloseSeries | undefined) => (s ? `${s.firstDay}+${s.closes.length}` : '-');
  return {
    rateOn(f, executedAt) {
      if (f === to) return '1';
      const day = Math.floor(Date.parse(executedAt) / dayMs);
      const num = at(target, day);
      const den = at(sources.get(f), day);
      if (num === undefined || den === undefined) return null;
      return new Dec(num).div(den).toSignificantDigits(12).toFixed();
    },
    key: `${to}:${bounds(target)};${others.map((c) => `${c}:${bounds(sources.get(c))}`).join(';')}`,
  };
}

/** Per market reader (one per app): when a coin's history was last asked for, per currency (at most hourly). */
const historyDownloads = new WeakMap<object, Map<string, number>>();

/**
 * Starts a coin's daily history download in `vs` (stored like any chart's), so the rows listed
 * as needing a rate or price today get one on a later request; never awaited by the request.
 * The reference coin's history gives the exchange rates; a fee coin's gives its fees' values.
 */
export function downloadHistory(
  market: Pick<MarketReader, 'getDailyCloses'>,
  coinId: string,
  vs: string,
  now: number,
): void {
  let asked = historyDownloads.get(market);
  if (!asked) {
    asked = new Map();
    historyDownloads.set(market, asked);
  }
  const key = `${coinId}:${vs}`;
  const last = asked.get(key);
  if (last !== undefined && now - last < 3_600_000) return;
  asked.set(key, now);
  market.getDailyCloses(coinId, 3650, vs).catch(() => undefined);
}

/** Books per revisions and currency: rebuilding 10k rows and their transfer links costs ~100 ms. */
export type TaxBooksCache = Map<string, TaxBooks>;
const maxCachedBooks = 100;

export async function loadTaxBooks(
  deps: {
    db: Db;
    ledgers: LedgerCache;
    closes: DailyClosesCache;
    preferences: PreferencesReader;
    booksCache?: TaxBooksCache | undefined;
    /** Downloads missing rate history in the background (absent: rows without one stay listed). */
    market?: Pick<MarketReader, 'getDailyCloses'> | undefined;
    clock?: () => Date;
  },
  userId: string,
  portfolioId: string | null,
): Promise<TaxBooks> {
  const [loaded, prefs] = await Promise.all([
    loadUserBooks(deps.db, deps.ledgers, userId),
    deps.preferences.get(userId),
  ]);
  const currency = scopeCurrency(loaded, portfolioId, prefs.base_currency);
  const rewardCoins = new Set<string>();
  for (const l of loaded) {
    for (const t of l.book.transactions)
      if (t.type === 'reward' && isZero(t.price_per_coin)) rewardCoins.add(t.coin_id);
  }
  // A reward entered without a price is income at the day's close (when we have it).
  const closes =
    rewardCoins.size === 0
      ? new Map<string, DailyCloseSeries>()
      : await deps.closes.get([...rewardCoins], currency).catch(() => new Map<string, DailyCloseSeries>());
  const { market } = deps;
  const nowMs = (deps.clock?.() ?? new Date()).getTime();
  const rates = await dailyRates(
    deps.closes,
    currency,
    loaded.map((l) => l.portfolio.currency),
    market ? (vs) => downloadHistory(market, rateReferenceCoin, vs, nowMs) : undefined,
    nowMs,
  );
  // Closes arriving later (a first download) change reward prices and rates: part of the key.
  const key = `${currency}|${[...closes.keys()].sort().join(',')}|${rates.key}|${loaded.map((l) => `${l.portfolio.id}:${l.book.revision}:${l.book.feeKey}`).join(',')}`;
  const hit = deps.booksCache?.get(key);
  if (hit) return { ...hit, loaded };
  const transactions: TaxTransaction[] = [];
  for (const { portfolio, book } of loaded) {
    for (const t of book.transactions) {
      const rate = rates.rateOn(portfolio.currency, t.executed_at);
      const feeIssue = book.feeIssues.get(t.id);
      const convert = (amount: string) =>
        rate === null
          ? null
          : rate === '1'
            ? amount
            : new Dec(amount).mul(rate).toSignificantDigits(20).toFixed();
      // Without a stated price, a reward is income at the day's close in the report's currency
      // (no rate needed); a transfer in without one needs a price.
      const unstated = isZero(t.price_per_coin) && (t.type === 'reward' || t.type === 'transfer_in');
      const price = unstated
        ? t.type === 'reward'
          ? closeOn(closes.get(t.coin_id), t.executed_at)
          : null
        : convert(t.price_per_coin);
      transactions.push({
        id: t.id,
        portfolio_id: portfolio.id,
        coin_id: t.coin_id,
        type: t.type,
        quantity: t.quantity,
        price_per_coin: price,
        // The book has converted a fee in another currency into the portfolio's at its day's
        // rate or coin close; one without a value for its day is unknown here, not 0.
        fee: feeIssue !== undefined ? null : isZero(t.fee) ? '0' : convert(t.fee),
        executed_at: t.executed_at,
        created_at: t.created_at,
        unpriced_reason:
          rate === null && !unstated
            ? 'no_rate'
            : feeIssue === 'no_rate'
              ? 'no_fee_rate'
              : feeIssue === 'no_price'
                ? 'no_fee_price'
                : 'no_price',
      });
    }
  }
  const built = { loaded, currency, transactions, links: linkOwnTransfers(transactions), key };
  if (deps.booksCache) {
    deps.booksCache.set(key, built);
    if (deps.booksCache.size > maxCachedBooks) {
      const oldest = deps.booksCache.keys().next().value;
      if (oldest !== undefined) deps.booksCache.delete(oldest);
    }
  }
  return built;
}

function isZero(value: string): boolean {
  return /^0*(\.0*)?$/.test(value);
}

/** A coin's stored close on the UTC day of `executedAt`; null outside the series or when not positive. */
export function closeOn(series: DailyCloseSeries | undefined, executedAt: string): string | null {
  if (!series) return null;
  const day = Math.floor(Date.parse(executedAt) / dayMs);
  const i = day - series.firstDay;
  if (i < 0 || i >= series.closes.length) return null;
  const close = series.closes[i];
  return close !== undefined && close > 0 ? String(close) : null;
}

/** Computations per (books, settings), so a warm report or lots view skips the replay. */
export function createTaxComputationCache(maxEntries = 200) {
  const entries = new Map<string, TaxComputation>();
  return {
    get(books: TaxBooks, settings: TaxSettings, method: CostBasisMethod): TaxComputation {
      const key = `${books.key}|${settings.rule}|${settings.custom_threshold_days}|${method}`;
      let hit = entries.get(key);
      if (!hit) {
        hit = computeTax({
          transactions: books.transactions,
          links: books.links,
          rule: settings.rule,
          method,
          customThresholdDays: settings.custom_threshold_days,
        });
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
