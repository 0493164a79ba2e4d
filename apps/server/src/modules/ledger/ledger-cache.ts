import type { CostBasisMethod, TransactionType } from '@app/contracts';
import {
  type CoinLedger,
  computeLedger,
  type FeeIssue,
  type FeeQuotes,
  type FeeValue,
  feeInCurrency,
  hasForeignFee,
  type LedgerTransaction,
  withFeesIn,
} from '@app/core';
import type { Db } from '../../db/client.ts';
import { type LedgerRow, listLedgerCoins, type PortfolioRow } from './portfolios.repository.ts';

/** One coin's timeline with its ledger per method, computed on first use. */
interface CoinBook {
  transactions: LedgerTransaction[];
  results: Map<CostBasisMethod, CoinLedger | null>;
}

/** One portfolio's timeline as loaded at `revision`. */
export interface PortfolioBook {
  portfolioId: string;
  revision: number;
  /** Every transaction of the portfolio (any order). */
  readonly transactions: LedgerTransaction[];
  /** The coins with transactions, sorted. */
  coinIds(): readonly string[];
  coinTransactions(coinId: string): LedgerTransaction[];
  ledger(method: CostBasisMethod): { coins: CoinLedger[] };
  /**
   * Rows whose fee is in another currency and has no rate or price for its day: their fee is
   * left out of every figure of this book (never valued at 0 silently: callers list them).
   */
  readonly feeIssues: ReadonlyMap<string, FeeIssue>;
  /** The values the foreign fees were converted with ('' without any): part of stored figures' keys. */
  readonly feeKey: string;
  /**
   * What the carried costs of its deposits were derived from ('' without any, see CarriedPrices):
   * part of stored figures' keys, since another portfolio's write can change them.
   */
  readonly carriedKey: string;
}

/**
 * Prices a portfolio's deposits of unknown cost take from the withdrawal they are one own transfer
 * with: the cost per unit the other portfolio removed with the coins. `key` names what they were
 * derived from (the revisions of the portfolios involved and the method), '' with no prices.
 */
export interface CarriedPrices {
  key: string;
  /** transfer_in id → price per coin in this portfolio's currency. */
  prices: ReadonlyMap<string, string>;
}

/** Finds the carried prices of one portfolio (the transfers module, handed down from app.ts). */
export interface CarriedCostSource {
  pricesFor(db: Db, portfolio: BookKey): Promise<CarriedPrices>;
}

export const noCarriedPrices: CarriedPrices = { key: '', prices: new Map() };

/**
 * Day values for fees in other currencies (stored rates and coin closes), in the portfolio's
 * currency. Without it, books keep fees as stated.
 */
export interface FeeValuer {
  quotes(currency: string, txs: readonly LedgerTransaction[]): Promise<FeeQuotes>;
}

/** What a committed write did to one portfolio's rows. */
export interface BookChange {
  add?: readonly LedgerTransaction[];
  removeIds?: readonly string[];
}

/** What a book is read by; the owner's id lets costs carried from their other portfolios apply. */
export type BookKey = Pick<PortfolioRow, 'id' | 'revision' | 'currency'> &
  Partial<Pick<PortfolioRow, 'userId'>>;

export interface LedgerCache {
  /**
   * The book for the portfolio row as just read, every fee in the portfolio's currency (a fee in
   * another one converted at its day's rate or coin close); reloads when its revision moved.
   */
  book(db: Db, portfolio: BookKey): Promise<PortfolioBook>;
  /**
   * The book with each row's own prices (fees converted as in `book`), before any cost carried
   * along an own transfer: what carried costs are derived from.
   */
  statedBook(db: Db, portfolio: BookKey): Promise<PortfolioBook>;
  /** The carried prices `book` applies to this portfolio (none until a source is set). */
  carriedPrices(db: Db, portfolio: BookKey): Promise<CarriedPrices>;
  /** Sets where carried prices come from (the transfers module sits above the ledger). */
  useCarriedCosts(source: CarriedCostSource): void;
  /**
   * The rows as stored, fees as stated, for checks that read quantities only (oversells): no
   * market reads, so it is safe inside a write's database transaction.
   */
  timeline(db: Db, portfolio: Pick<PortfolioRow, 'id' | 'revision'>): Promise<PortfolioBook>;
  /** The stored timeline if this process holds it at the row's revision; nothing is read. */
  heldTimeline(portfolio: Pick<PortfolioRow, 'id' | 'revision'>): PortfolioBook | undefined;
  /**
   * After a committed write that moved the revision from `from` to `to`: derive the new book from
   * the cached one, so only the coins the write touched are recomputed. A cache that is not at
   * `from` (another process wrote meanwhile) is dropped and reloaded on the next read.
   */
  apply(portfolioId: string, from: number, to: number, change: BookChange): void;
  forget(portfolioId: string): void;
  /** One row's fee in `currency`, valued on its day as the books value it (a candidate's, for previews). */
  feeIn(currency: string, tx: LedgerTransaction): Promise<FeeValue>;
}

/**
 * Computing the ledger is the costliest step of a read, so each portfolio's timeline and ledger are
 * kept in memory keyed by the portfolio's `revision`, per coin. Every transaction write bumps
 * the revision in the same database transaction, so a stale entry is detected by the next read
 * in any process; `apply` keeps the untouched coins' ledgers across a write in this process.
 */
export function createLedgerCache(
  options: { maxPortfolios?: number; fees?: FeeValuer | undefined } = {},
): LedgerCache {
  const maxPortfolios = options.maxPortfolios ?? 500;
  const books = new Map<string, StoredBook>();
  const loading = new Map<string, Promise<StoredBook>>();
  /** Per portfolio: the book with converted fees, for one stored book and one set of fee values. */
  const converted = new Map<string, { from: StoredBook; key: string; book: StoredBook }>();
  /** Per portfolio: the converted book with carried prices, for one converted book and one key. */
  const carried = new Map<string, { from: StoredBook; key: string; book: StoredBook }>();
  let carriedSource: CarriedCostSource | undefined;

  function remember(book: StoredBook): void {
    books.delete(book.portfolioId);
    books.set(book.portfolioId, book);
    if (books.size > maxPortfolios) {
      const oldest = books.keys().next().value;
      if (oldest !== undefined) {
        books.delete(oldest);
        converted.delete(oldest);
        carried.delete(oldest);
      }
    }
  }

  async function timeline(db: Db, portfolio: Pick<PortfolioRow, 'id' | 'revision'>): Promise<StoredBook> {
    const cached = books.get(portfolio.id);
    if (cached && cached.revision === portfolio.revision) return cached;
    const key = `${portfolio.id}:${portfolio.revision}`;
    const pending = loading.get(key);
    if (pending) return pending;
    const load = (async () => {
      const coins = new Map<string, CoinBook>();
      for (const [coinId, rows] of await listLedgerCoins(db, portfolio.id)) coins.set(coinId, fresh(rows));
      const book = createBook(portfolio.id, portfolio.revision, coins);
      remember(book);
      return book;
    })();
    loading.set(key, load);
    try {
      return await load;
    } finally {
      loading.delete(key);
    }
  }

  /**
   * The stored book with its foreign fees converted. The day values are read on every call (from
   * the closes cache's memory), so a rate or close stored later (a background download) changes
   * the figures without a write; only coins with a foreign fee get new timelines.
   */
  async function withFees(stored: StoredBook, currency: string): Promise<StoredBook> {
    const foreign = stored.foreignFees(currency);
    if (!options.fees || foreign.length === 0) return stored;
    const quotes = await options.fees.quotes(currency, foreign);
    const key = foreign
      .map((t) => {
        const v = feeInCurrency(t, currency, quotes);
        return `${t.id}=${v.fee ?? v.issue}`;
      })
      .join(';');
    const hit = converted.get(stored.portfolioId);
    if (hit && hit.from === stored && hit.key === key) return hit.book;
    const touched = new Set(foreign.map((t) => t.coin_id));
    const coins = new Map<string, CoinBook>();
    const issues = new Map<string, FeeIssue>();
    for (const [coinId, coin] of stored.coins) {
      if (!touched.has(coinId)) {
        coins.set(coinId, coin);
        continue;
      }
      const result = withFeesIn(coin.transactions, currency, quotes);
      for (const [id, issue] of result.issues) issues.set(id, issue);
      coins.set(coinId, fresh(result.transactions));
    }
    const book = createBook(stored.portfolioId, stored.revision, coins, { issues, key });
    converted.set(stored.portfolioId, { from: stored, key, book });
    return book;
  }

  async function carriedPrices(db: Db, portfolio: BookKey): Promise<CarriedPrices> {
    return carriedSource ? carriedSource.pricesFor(db, portfolio) : noCarriedPrices;
  }

  /**
   * The book with its deposits of unknown cost priced at what their withdrawal carried. Only a
   * row without a price of its own takes one, and only the coins such rows hold get new timelines.
   */
  function withCarried(stated: StoredBook, found: CarriedPrices): StoredBook {
    const owned = stated.transactions.filter((t) => t.price_per_coin === null && found.prices.has(t.id));
    if (owned.length === 0) return stated;
    const hit = carried.get(stated.portfolioId);
    if (hit && hit.from === stated && hit.key === found.key) return hit.book;
    const touched = new Set(owned.map((t) => t.coin_id));
    const coins = new Map<string, CoinBook>();
    for (const [coinId, coin] of stated.coins) {
      if (!touched.has(coinId)) {
        coins.set(coinId, coin);
        continue;
      }
      coins.set(
        coinId,
        fresh(
          coin.transactions.map((t) => {
            const price = t.price_per_coin === null ? found.prices.get(t.id) : undefined;
            return price === undefined ? t : { ...t, price_per_coin: price };
          }),
        ),
      );
    }
    const book = createBook(
      stated.portfolioId,
      stated.revision,
      coins,
      { issues: stated.feeIssues, key: stated.feeKey },
      found.key,
    );
    carried.set(stated.portfolioId, { from: stated, key: found.key, book });
    return book;
  }

  return {
    async book(db, portfolio) {
      const [stated, found] = await Promise.all([
        timeline(db, portfolio).then((stored) => withFees(stored, portfolio.currency)),
        carriedPrices(db, portfolio),
      ]);
      return withCarried(stated, found);
    },
    async statedBook(db, portfolio) {
      return withFees(await timeline(db, portfolio), portfolio.currency);
    },
    carriedPrices,
    useCarriedCosts(source) {
      carriedSource = source;
    },
    timeline,
    heldTimeline(portfolio) {
      const cached = books.get(portfolio.id);
      return cached && cached.revision === portfolio.revision ? cached : undefined;
    },
    apply(portfolioId, from, to, change) {
      const cached = books.get(portfolioId);
      if (!cached || cached.revision !== from) {
        books.delete(portfolioId);
        return;
      }
      const coins = new Map(cached.coins);
      const removed = new Set(change.removeIds ?? []);
      if (removed.size > 0) {
        for (const [coinId, coin] of cached.coins) {
          if (coin.transactions.some((t) => removed.has(t.id))) {
            coins.set(coinId, fresh(coin.transactions.filter((t) => !removed.has(t.id))));
          }
        }
      }
      for (const tx of change.add ?? []) {
        const current = coins.get(tx.coin_id);
        const touched =
          current && current !== cached.coins.get(tx.coin_id)
            ? current
            : fresh([...(current?.transactions ?? [])]);
        touched.transactions.push(tx);
        coins.set(tx.coin_id, touched);
      }
      for (const [coinId, coin] of coins) if (coin.transactions.length === 0) coins.delete(coinId);
      remember(createBook(portfolioId, to, coins));
    },
    async feeIn(currency, tx) {
      if (!hasForeignFee(tx, currency)) return { fee: tx.fee, issue: null };
      if (!options.fees) return { fee: null, issue: 'no_price' };
      return feeInCurrency(tx, currency, await options.fees.quotes(currency, [tx]));
    },
    forget(portfolioId) {
      books.delete(portfolioId);
      converted.delete(portfolioId);
      carried.delete(portfolioId);
    },
  };
}

function fresh(transactions: LedgerTransaction[]): CoinBook {
  return { transactions, results: new Map() };
}

type StoredBook = PortfolioBook & {
  coins: Map<string, CoinBook>;
  /** Rows whose fee is in another currency than `currency` (not zero). */
  foreignFees(currency: string): LedgerTransaction[];
};

export function createBook(
  portfolioId: string,
  revision: number,
  coins: Map<string, CoinBook>,
  fees: { issues: ReadonlyMap<string, FeeIssue>; key: string } = { issues: new Map(), key: '' },
  carriedKey = '',
): StoredBook {
  let flat: LedgerTransaction[] | null = null;
  let foreign: { currency: string; rows: LedgerTransaction[] } | null = null;
  const ids = [...coins.keys()].sort();
  return {
    portfolioId,
    revision,
    coins,
    feeIssues: fees.issues,
    feeKey: fees.key,
    carriedKey,
    foreignFees(currency) {
      if (foreign?.currency !== currency) {
        const rows: LedgerTransaction[] = [];
        for (const coin of coins.values())
          for (const t of coin.transactions) if (t.fee_currency && hasForeignFee(t, currency)) rows.push(t);
        foreign = { currency, rows };
      }
      return foreign.rows;
    },
    get transactions() {
      flat ??= [...coins.values()].flatMap((c) => c.transactions);
      return flat;
    },
    coinIds() {
      return ids;
    },
    coinTransactions(coinId) {
      return coins.get(coinId)?.transactions ?? [];
    },
    ledger(method) {
      const out: CoinLedger[] = [];
      for (const id of ids) {
        const coin = coins.get(id);
        if (!coin) continue;
        let result = coin.results.get(method);
        if (result === undefined) {
          // Totals only: explanations are built on demand for one coin (dashboard explain).
          result = computeLedger(coin.transactions, { method, explain: false }).coins[0] ?? null;
          coin.results.set(method, result);
        }
        if (result) out.push(result);
      }
      return { coins: out };
    },
  };
}

export function toLedgerTransaction(row: LedgerRow): LedgerTransaction {
  return {
    id: row.id,
    coin_id: row.coinId,
    type: row.type as TransactionType,
    quantity: row.quantity,
    price_per_coin: row.pricePerCoin,
    fee: row.fee,
    ...(row.feeCurrency ? { fee_currency: row.feeCurrency } : {}),
    executed_at: row.executedAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}
