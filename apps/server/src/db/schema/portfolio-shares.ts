import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { timestamptz } from './columns.ts';
import { portfolios } from './portfolios.ts';

/**
 * A portfolio its owner opened to another account of the instance. A viewer reads it; an editor
 * also writes its transactions, through the owner's ledger (so the owner's tax settings and lot
 * choices keep applying). Deleting the row is the revocation: the next request of the member no
 * longer finds the portfolio.
 */
export const portfolioShares = pgTable(
  'portfolio_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    portfolioId: uuid('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('portfolio_shares_portfolio_member_idx').on(t.portfolioId, t.memberId),
    index('portfolio_shares_member_idx').on(t.memberId),
    index('portfolio_shares_owner_idx').on(t.ownerId),
    check('portfolio_shares_role_check', sql`${t.role} in ('viewer', 'editor')`),
    check('portfolio_shares_not_self_check', sql`${t.ownerId} <> ${t.memberId}`),
  ],
);

export type PortfolioShareRow = typeof portfolioShares.$inferSelect;
