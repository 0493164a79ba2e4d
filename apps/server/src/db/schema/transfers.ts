import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { timestamptz } from './columns.ts';
import { transactions } from './portfolios.ts';

/**
 * The owner's word on a withdrawal and a deposit the transfer matcher would otherwise pair. Only
 * rejections live here ("these two are not one transfer": never applied or proposed again); a pair
 * the owner confirmed or made by hand is stored on the rows themselves (matched_transaction_id on
 * both), where the ledger's writer keeps it. Deleting either row deletes the decision.
 */
export const transferDecisions = pgTable(
  'transfer_decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    outTransactionId: uuid('out_transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    inTransactionId: uuid('in_transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().default('rejected'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('transfer_decisions_pair_idx').on(t.outTransactionId, t.inTransactionId),
    index('transfer_decisions_user_idx').on(t.userId, t.createdAt),
    index('transfer_decisions_in_idx').on(t.inTransactionId),
    check('transfer_decisions_kind_check', sql`${t.kind} in ('rejected')`),
  ],
);

export type TransferDecisionRow = typeof transferDecisions.$inferSelect;
