import { connectionApiMessages } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  createLedgerWriter,
  type LedgerCache,
  rejectFirstOversell,
  spokenOversells,
} from '../ledger/index.ts';
import type { MarketReader } from '../market/index.ts';
import { deleteSourcedTransactions, sourcedTransactionIds } from './connections.repository.ts';

/** Removes every row a connection brought, with whatever else must go in the same transaction. */
export interface SourcedRowsRemover {
  removeAll(
    userId: string,
    portfolioId: string,
    connectionId: string,
    alsoInTransaction: (tx: Db) => Promise<void>,
  ): Promise<void>;
}

/**
 * Through the ledger's one write path: the portfolio is locked, the removal is replayed and
 * checked for oversells (a later sale that needed those coins makes the whole removal refused,
 * worded for the reader), and the revision is bumped so every cache sees the change.
 */
export function createSourcedRowsRemover(deps: {
  db: Db;
  clock: Clock;
  ledgers: LedgerCache;
  market: MarketReader;
  /** LIMIT_TRANSACTIONS_PER_PORTFOLIO, kept by the ledger's writer (a removal never meets it). */
  transactionsPerPortfolio: number;
  locale?: string;
}): SourcedRowsRemover {
  const writer = createLedgerWriter(deps);
  return {
    async removeAll(userId, portfolioId, connectionId, alsoInTransaction) {
      await spokenOversells(deps.market, deps.locale ?? 'en', () =>
        writer.write({
          userId,
          portfolioIds: [portfolioId],
          missingPortfolio: () => notFound(connectionApiMessages.notFound),
          plan: async (tx) => {
            const rows = await sourcedTransactionIds(tx, userId, connectionId);
            return {
              edits: rows.map((r) => ({
                portfolioId,
                change: { kind: 'delete' as const, transactionId: r.id },
                storedCoinId: r.coinId,
              })),
              rejectOversells: rejectFirstOversell('delete'),
              write: async (tx) => {
                const removedIds = await deleteSourcedTransactions(tx, userId, connectionId);
                await alsoInTransaction(tx);
                return { result: undefined, added: [], removedIds };
              },
            };
          },
        }),
      );
    },
  };
}
