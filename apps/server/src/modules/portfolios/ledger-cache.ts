import type { CostBasisMethod, TransactionType } from '@app/contracts';
import { type CoinLedger, computeLedger, type LedgerTransaction } from '@app/core';
import type { Db } from '../../db/client.ts';
import { type LedgerRow, listLedgerRows, type PortfolioRow } from './portfolios.repository.ts';

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
}

/** What a committed write did to one portfolio's rows. */
export interface BookChange {
  add?: readonly LedgerTransaction[];
  removeIds?: readonly string[];
}

export interface LedgerCache {
  /** The book for the portfolio row as just read; reloads when its revision moved. */
  book(db: Db, portfolio: Pick<PortfolioRow, 'id' | 'revision'>): Promise<PortfolioBook>;
  /**
   * After a committed write that moved the revision from `from` to `to`: derive the new book from
   * the cached one, so only the coins the write touched are recomputed. A cache that is not at
   * `from` (another process wrote meanwhile) is dropped and reloaded on the next read.
   */
  apply(portfolioId: string, from: number, to: number, change: BookChange): void;
  forget(portfolioId: string): void;
}

/**
 * The ledger takes 75–500 ms on 10k transactions, so each portfolio's timeline and ledger are
 * kept in memory keyed by the portfolio's `revision`, per coin. Every transaction write bumps
 * the revision in the same database transaction, so a stale entry is detected by the next read
 * in any process; `apply` keeps the untouched coins' ledgers across a write in this process.
 */
export function createLedgerCache(options: { maxPortfolios?: number } = {}): LedgerCache {
  const maxPortfolios = options.maxPortfolios ?? 500;
  const books = new Map<string, PortfolioBook & { coins: Map<string, CoinBook> }>();
  const loading = new Map<string, Promise<PortfolioBook>>();

  function remember(book: PortfolioBook & { coins: Map<string, CoinBook> }): void {
    books.delete(book.portfolioId);
    books.set(book.portfolioId, book);
    if (books.size > maxPortfolios) {
      const oldest = books.keys().next().value;
      if (oldest !== undefined) books.delete(oldest);
    }
  }

  return {
    async book(db, portfolio) {
      const cached = books.get(portfolio.id);
      if (cached && cached.revision === portfolio.revision) return cached;
      const key = `${portfolio.id}:${portfolio.revision}`;
      const pending = loading.get(key);
      if (pending) return pending;
      const load = (async () => {
        const rows = await listLedgerRows(db, portfolio.id);
        const book = createBook(portfolio.id, portfolio.revision, groupByCoin(rows.map(toLedgerTransaction)));
        remember(book);
        return book;
      })();
      loading.set(key, load);
      try {
        return await load;
      } finally {
        loading.delete(key);
      }
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
    forget(portfolioId) {
      books.delete(portfolioId);
    },
  };
}

function fresh(transactions: LedgerTransaction[]): CoinBook {
  return { transactions, results: new Map() };
}

function groupByCoin(transactions: readonly LedgerTransaction[]): Map<string, CoinBook> {
  const coins = new Map<string, CoinBook>();
  for (const tx of transactions) {
    let coin = coins.get(tx.coin_id);
    if (!coin) {
      coin = fresh([]);
      coins.set(tx.coin_id, coin);
    }
    coin.transactions.push(tx);
  }
  return coins;
}

export function createBook(
  portfolioId: string,
  revision: number,
  coins: Map<string, CoinBook>,
): PortfolioBook & { coins: Map<string, CoinBook> } {
  let flat: LedgerTransaction[] | null = null;
  const ids = [...coins.keys()].sort();
  return {
    portfolioId,
    revision,
    coins,
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
    executed_at: row.executedAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}
