import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { decimal, timestamptz } from './columns.ts';
import { portfolios } from './portfolios.ts';

/**
 * The confirmed safe-harbour allocation of the lots held at the end of 2024 to the portfolios
 * (wallets and accounts) that held them, for per-portfolio cost basis: one row per piece of an
 * acquisition lot placed in a portfolio. The acquisition is the acquiring transaction's id,
 * without a foreign key for the same reason as a sale's lot choices: a deleted acquisition leaves
 * the line so the report can say the allocation no longer holds.
 */
export const taxWalletAllocations = pgTable(
  'tax_wallet_allocations',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    coinId: text('coin_id').notNull(),
    acquisitionId: uuid('acquisition_id').notNull(),
    portfolioId: uuid('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    quantity: decimal('quantity').notNull(),
    confirmedAt: timestamptz('confirmed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.acquisitionId, t.portfolioId] }),
    index('tax_wallet_allocations_user_coin_idx').on(t.userId, t.coinId),
    check('tax_wallet_allocations_quantity_check', sql`${t.quantity} > 0`),
  ],
);

export type TaxWalletAllocationRow = typeof taxWalletAllocations.$inferSelect;
