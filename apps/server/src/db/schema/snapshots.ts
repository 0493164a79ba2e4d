import { integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { bytea, timestamptz } from './columns.ts';
import { portfolios } from './portfolios.ts';

/**
 * Figures derived from one portfolio's transactions at one revision, so a fresh server process
 * answers the dashboard without re-reading (and re-costing) every transaction: the ledger
 * totals per cost-basis method (`ledger:average`, `ledger:fifo`, ...) and the daily holdings
 * behind the performance chart (`holdings`). A row counts only while its revision equals the
 * portfolio's (every transaction write bumps it) and its format is the reader's; otherwise it
 * is recomputed from the transactions and overwritten. Losing the table loses nothing.
 */
export const portfolioSnapshots = pgTable(
  'portfolio_snapshots',
  {
    portfolioId: uuid('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    revision: integer('revision').notNull(),
    /** Encoding and ledger-rules version of `payload`; a reader ignores any other. */
    format: text('format').notNull(),
    payload: bytea('payload').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.portfolioId, t.kind] })],
);
