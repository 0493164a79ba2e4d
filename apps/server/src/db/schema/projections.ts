import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { decimal, timestamptz } from './columns.ts';

/** Projection (server): one exit plan for one coin, owned by one user. */
export const projections = pgTable(
  'projections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    coinId: text('coin_id').notNull(),
    coinName: text('coin_name').notNull().default(''),
    coinSymbol: text('coin_symbol').notNull().default(''),
    coinImage: text('coin_image').notNull().default(''),
    investedCapital: decimal('invested_capital').notNull(),
    tokensOwned: decimal('tokens_owned').notNull(),
    /** Rounded to 2 decimals; null while unknown. */
    circulatingSupply: decimal('circulating_supply'),
    /** Percent, 0 to 100. */
    sellTax: decimal('sell_tax').notNull(),
    /** The base currency at creation; every money figure of the projection is in it. */
    currency: text('currency').notNull().default('usd'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('projections_user_id_idx').on(t.userId, t.createdAt)],
);

/** Sell transaction: planned sells of a projection, in transaction_order. */
export const projectionTransactions = pgTable(
  'projection_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectionId: uuid('projection_id')
      .notNull()
      .references(() => projections.id, { onDelete: 'cascade' }),
    // Denormalised owner, so every query can be scoped by user without a join.
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    coinsSold: decimal('coins_sold').notNull(),
    pricePerCoin: decimal('price_per_coin').notNull(),
    feesPercentage: decimal('fees_percentage').notNull(),
    priceImpactPercentage: decimal('price_impact_percentage').notNull(),
    sellTax: decimal('sell_tax').notNull(),
    transactionOrder: integer('transaction_order').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('projection_transactions_order_unique').on(t.projectionId, t.transactionOrder),
    index('projection_transactions_user_idx').on(t.userId),
  ],
);

export type ProjectionRow = typeof projections.$inferSelect;
export type ProjectionTransactionRow = typeof projectionTransactions.$inferSelect;
