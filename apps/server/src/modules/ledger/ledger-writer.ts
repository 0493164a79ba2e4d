import { limitMessages } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { type AppError, validationError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { type LedgerCache, type PortfolioBook, toLedgerTransaction } from './ledger-cache.ts';
import {
  type CoinTimelines,
  findOversells,
  type LedgerEdit,
  type Oversell,
  touchedCoins,
} from './oversell-check.ts';
import type { OversellRejection } from './oversell-text.ts';
import {
  bumpPortfolioRevision,
  countLedgerRows,
  listLedgerCoins,
  lockPortfolio,
  type PortfolioRow,
} from './portfolios.repository.ts';
import type { TransactionRow } from './transactions.repository.ts';

/** What a write asks for, decided once its portfolios are locked. */
export interface LedgerWritePlan<R> {
  /** Every change the write makes, checked together for oversells before anything is written. */
  edits: readonly LedgerEdit[];
  /**
   * The answer to give when the edits oversell (never called with an empty list): an
   * OversellRejection the service words for its reader after the transaction, or an AppError.
   */
  rejectOversells(oversells: readonly Oversell[]): AppError | OversellRejection;
  /** Writes the rows; returns the caller's result and the rows it added and removed. */
  write(
    tx: Db,
    now: Date,
  ): Promise<{ result: R; added: readonly TransactionRow[]; removedIds: readonly string[] }>;
}

export interface LedgerWriteRequest<R> {
  userId: string;
  /** The user's portfolios the write touches; every one is locked and has its revision bumped. */
  portfolioIds: readonly string[];
  /** The answer when one of them is not the user's. */
  missingPortfolio: () => AppError;
  /** Inside the transaction, with the portfolios locked: checks of its own, then the plan. */
  plan(
    tx: Db,
    portfolios: ReadonlyMap<string, PortfolioRow>,
  ): Promise<LedgerWritePlan<R>> | LedgerWritePlan<R>;
}

/** A hook the kill -9 tests use to stop the process inside a write (see ledger-write-hook.ts). */
export type AfterRowsWritten = (portfolioIds: readonly string[]) => Promise<void> | void;

/** Rows a book holds: summed per coin, so the flat list of every row is never built for it. */
function rowCount(book: PortfolioBook): number {
  let n = 0;
  for (const coin of book.coinIds()) n += book.coinTransactions(coin).length;
  return n;
}

/**
 * Whether the written rows leave one of the portfolios holding more than `limit` rows. Only a
 * write that grows a portfolio is refused, so edits and deletes still work in one that holds more
 * than a lowered limit. Rows an edit rewrote come back both removed and added: the removed ids
 * are matched against the book only near the limit, where a miscount would matter.
 */
function exceedsLimit(
  books: ReadonlyMap<string, PortfolioBook>,
  added: readonly TransactionRow[],
  removedIds: readonly string[],
  limit: number,
): boolean {
  let removed: Set<string> | undefined;
  for (const [id, book] of books) {
    const addedHere = added.reduce((n, row) => (row.portfolioId === id ? n + 1 : n), 0);
    const stored = rowCount(book);
    if (addedHere === 0 || stored + addedHere <= limit) continue;
    removed ??= new Set(removedIds);
    let removedHere = 0;
    for (const row of book.transactions) if (removed.has(row.id)) removedHere += 1;
    if (addedHere > removedHere && stored + addedHere - removedHere > limit) return true;
  }
  return false;
}

/**
 * For portfolios whose timeline was not held: whether the write grew one past `limit`, from its
 * row count before and after (only a write that grows a portfolio is refused, as above).
 */
async function growsPastLimit(tx: Db, before: ReadonlyMap<string, number>, limit: number): Promise<boolean> {
  for (const [id, stored] of before) {
    const after = await countLedgerRows(tx, id);
    if (after > stored && after > limit) return true;
  }
  return false;
}

/**
 * The one ledger write path (see docs/ARCHITECTURE.md, A request): create, update, delete, CSV commit and transfers all go
 * through `write`. In one database transaction it locks the portfolios (in id order, so two
 * writes over the same pair cannot deadlock), replays the touched coins with the edits, runs the
 * one oversell check, writes, checks the portfolios' size, and bumps each revision. The in-memory
 * ledger cache follows only after the commit: it is keyed by revision, and a rolled-back write
 * must leave no trace in it.
 */
export function createLedgerWriter(deps: {
  db: Db;
  clock: Clock;
  ledgers: LedgerCache;
  /**
   * LIMIT_TRANSACTIONS_PER_PORTFOLIO. A write that would pass it is refused whole, an import or
   * a sync as much as one typed row, so a portfolio never holds part of what was sent.
   */
  transactionsPerPortfolio: number;
  afterRowsWritten?: AfterRowsWritten | undefined;
}) {
  const { db, clock, ledgers, transactionsPerPortfolio: limit, afterRowsWritten } = deps;

  return {
    async write<R>(request: LedgerWriteRequest<R>): Promise<R> {
      const committed = await db.transaction(async (tx) => {
        const portfolios = new Map<string, PortfolioRow>();
        for (const id of [...new Set(request.portfolioIds)].sort()) {
          const row = await lockPortfolio(tx, request.userId, id);
          if (!row) throw request.missingPortfolio();
          portfolios.set(id, row);
        }
        const plan = await request.plan(tx, portfolios);
        // Quantities only, no market reads inside the transaction. A timeline this process holds
        // is used as it is; otherwise only the touched coins' rows are read, so a write to a large
        // portfolio never brings its whole ledger into memory, and the size limit is counted.
        const held = new Map<string, PortfolioBook>();
        const checked = new Map<string, CoinTimelines>();
        const countedBefore = new Map<string, number>();
        for (const [id, row] of portfolios) {
          const book = ledgers.heldTimeline(row);
          if (book) {
            held.set(id, book);
            checked.set(id, book);
          } else {
            const coins = await listLedgerCoins(tx, id, touchedCoins(plan.edits, id));
            checked.set(id, { coinTransactions: (coinId) => coins.get(coinId) ?? [] });
            countedBefore.set(id, await countLedgerRows(tx, id));
          }
        }
        const oversells = findOversells(checked, plan.edits);
        if (oversells.length > 0) throw plan.rejectOversells(oversells);
        const now = clock();
        const written = await plan.write(tx, now);
        // Counted after the rows are in, from what the write says it did: every writer reports
        // its rows for the cache anyway, and the rollback takes back whatever it wrote.
        if (
          exceedsLimit(held, written.added, written.removedIds, limit) ||
          (await growsPastLimit(tx, countedBefore, limit))
        ) {
          const message = limitMessages.transactions(limit);
          throw validationError({ portfolio_id: [message] }, message);
        }
        await afterRowsWritten?.([...portfolios.keys()]);
        const revisions: { id: string; from: number; to: number }[] = [];
        for (const [id, row] of portfolios) {
          revisions.push({ id, from: row.revision, to: await bumpPortfolioRevision(tx, id, now) });
        }
        return { written, revisions };
      });
      const { written, revisions } = committed;
      for (const r of revisions) {
        ledgers.apply(r.id, r.from, r.to, {
          add: written.added.filter((row) => row.portfolioId === r.id).map(toLedgerTransaction),
          removeIds: written.removedIds,
        });
      }
      return written.result;
    },
  };
}

export type LedgerWriter = ReturnType<typeof createLedgerWriter>;
