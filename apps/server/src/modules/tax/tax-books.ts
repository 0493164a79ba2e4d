import type { CostBasisMethod, TaxSettings } from '@app/contracts';
import {
  computeTax,
  type DailyCloseSeries,
  Dec,
  type LotChoices,
  type PerPortfolioInput,
  type RegimeEntry,
  type TaxComputation,
  type TaxTransaction,
} from '@app/core';
import type { Db } from '../../db/client.ts';
import type { LedgerCache, PreferencesReader } from '../ledger/index.ts';
import {
  closeOn,
  dailyRates,
  downloadHistory,
  type LoadedPortfolio,
  loadUserBooks,
  rateReferenceCoin,
} from '../ledger/index.ts';
import type { DailyClosesCache, MarketReader } from '../market/index.ts';
import { findUserLotChoices } from '../transactions/index.ts';
import type { TransferLinks } from '../transfers/index.ts';

/** The transfers module's applied pairs (matched and proposed), for the user's books. */
export interface TransferLinksReader {
  links(userId: string): Promise<TransferLinks>;
}

/** A user's books as the tax engine reads them, in one currency. */
export interface TaxBooks {
  loaded: LoadedPortfolio[];
  currency: string;
  transactions: TaxTransaction[];
  links: ReadonlyMap<string, string>;
  /**
   * Sales that name their lots (sale id → the lots). Written with the sale, so the sale's
   * portfolio revision moves with them and the key below covers them.
   */
  choices: LotChoices;
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

/** Books per revisions and currency: rebuilding a large ledger and matching its transfers is too slow to repeat per request. */
export type TaxBooksCache = Map<string, TaxBooks>;
const maxCachedBooks = 100;

export async function loadTaxBooks(
  deps: {
    db: Db;
    ledgers: LedgerCache;
    closes: DailyClosesCache;
    preferences: PreferencesReader;
    booksCache?: TaxBooksCache | undefined;
    transfers: TransferLinksReader;
    /** Downloads missing rate history in the background (absent: rows without one stay listed). */
    market?: Pick<MarketReader, 'getDailyCloses'> | undefined;
    clock?: () => Date;
  },
  userId: string,
  portfolioId: string | null,
  /** A currency to report in instead of the scope's (a country's tax rule fixes one). */
  reportIn?: string,
): Promise<TaxBooks> {
  const [loaded, prefs] = await Promise.all([
    loadUserBooks(deps.db, deps.ledgers, userId),
    deps.preferences.get(userId),
  ]);
  const currency = reportIn ?? scopeCurrency(loaded, portfolioId, prefs.base_currency);
  const rewardCoins = new Set<string>();
  for (const l of loaded) {
    for (const t of l.book.transactions)
      if (t.type === 'reward' && isZero(t.price_per_coin ?? '0')) rewardCoins.add(t.coin_id);
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
  // Closes arriving later (a first download) change reward prices and rates: part of the key. A
  // transfer decision moves the revisions of both its portfolios, so the key covers the links too.
  const key = `${currency}|${[...closes.keys()].sort().join(',')}|${rates.key}|${loaded.map((l) => `${l.portfolio.id}:${l.book.revision}:${l.book.feeKey}:${l.book.carriedKey}`).join(',')}`;
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
      // A reward entered at 0 is income at the day's close in the report's currency (no rate
      // needed); a transfer in without a price (null) has an unknown cost and needs one. A stated
      // price of 0 on a transfer in is a cost of 0, as in the books.
      const unstated = t.price_per_coin === null || (t.type === 'reward' && isZero(t.price_per_coin));
      const price =
        t.price_per_coin === null
          ? null
          : unstated
            ? closeOn(closes.get(t.coin_id), t.executed_at)
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
  const [links, choices] = await Promise.all([
    deps.transfers.links(userId),
    findUserLotChoices(deps.db, userId),
  ]);
  const built = { loaded, currency, transactions, links, choices, key };
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

/** Computations per (books, settings), so a warm report or lots view skips the replay. */
export function createTaxComputationCache(maxEntries = 200) {
  const entries = new Map<string, TaxComputation>();
  return {
    get(
      books: TaxBooks,
      settings: Pick<TaxSettings, 'rule' | 'custom_threshold_days'>,
      method: CostBasisMethod,
      /** The settings by tax year when they changed over the years (its key names them). */
      history?: { key: string; entries: readonly RegimeEntry[] } | undefined,
      /** Per-portfolio lots: the allocation of the 2024 lots (its key names the stored lines). */
      perPortfolio?: { key: string; input: PerPortfolioInput } | undefined,
    ): TaxComputation {
      const key = `${books.key}|${settings.rule}|${settings.custom_threshold_days}|${method}|${history?.key ?? ''}|${perPortfolio?.key ?? ''}`;
      let hit = entries.get(key);
      if (!hit) {
        hit = computeTax({
          transactions: books.transactions,
          links: books.links,
          lotChoices: books.choices,
          rule: settings.rule,
          method,
          customThresholdDays: settings.custom_threshold_days,
          history: history?.entries,
          perPortfolio: perPortfolio?.input,
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
