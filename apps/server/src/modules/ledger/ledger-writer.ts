import type { Db } from '../../db/client.ts';
import type { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { type LedgerCache, type PortfolioBook, toLedgerTransaction } from './ledger-cache.ts';
import { findOversells, type LedgerEdit, type Oversell } from './oversell-check.ts';
import type { OversellRejection } from './oversell-text.ts';
import { bumpPortfolioRevision, lockPortfolio, type PortfolioRow } from './portfolios.repository.ts';
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

/**
 * The one ledger write path (see docs/ARCHITECTURE.md, A request): create, update, delete, CSV commit and transfers all go
 * through `write`. In one database transaction it locks the portfolios (in id order, so two
 * writes over the same pair cannot deadlock), replays the touched coins with the edits, runs the
 * one oversell check, writes, and bumps each revision. The in-memory ledger cache follows only
 * after the commit: it is keyed by revision, and a rolled-back write must leave no trace in it.
 */
export function createLedgerWriter(deps: {
  db: Db;
  clock: Clock;
  ledgers: LedgerCache;
  afterRowsWritten?: AfterRowsWritten | undefined;
}) {
  const { db, clock, ledgers, afterRowsWritten } = deps;

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
        const books = new Map<string, PortfolioBook>();
        // Quantities only: the stored timeline, no market reads inside the transaction.
        for (const [id, row] of portfolios) books.set(id, await ledgers.timeline(tx, row));
        const oversells = findOversells(books, plan.edits);
        if (oversells.length > 0) throw plan.rejectOversells(oversells);
        const now = clock();
        const written = await plan.write(tx, now);
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
