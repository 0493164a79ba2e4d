import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { decimal, timestamptz } from './columns.ts';
import { connections, portfolios, transactions } from './portfolios.ts';

/**
 * Money in an exchange account: fiat paid in and taken out, and what each trade against fiat
 * drew from it or put back. It changes no holding, so it is not a transaction; the returns read
 * it as the account's cash (a deposit is money the owner put in, a withdrawal money taken out,
 * and a purchase paid from cash already there is no new money). Every entry keeps the rate into
 * the portfolio's currency on its day, from the same daily rates that priced the trades.
 */
export const cashMovements = pgTable(
  'cash_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    portfolioId: uuid('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    /** The connection that read it; kept (unlinked) when the connection goes and its rows stay. */
    sourceConnectionId: uuid('source_connection_id').references(() => connections.id, {
      onDelete: 'set null',
    }),
    sourceId: text('source_id').notNull(),
    /** deposit | withdrawal | trade */
    kind: text('kind').notNull(),
    /** The fiat currency, lower case. */
    currency: text('currency').notNull(),
    /**
     * In the fiat currency. A deposit's or withdrawal's gross amount (positive); a trade's change
     * to the cash (negative for a purchase, fees included; positive for a sale, fees taken off).
     */
    amount: decimal('amount').notNull(),
    /** What the exchange charged for a deposit or withdrawal, in the same currency. */
    fee: decimal('fee').notNull().default('0'),
    /** Units of the portfolio's currency per unit of `currency` on the entry's day. */
    rate: decimal('rate').notNull(),
    /** The trade's row this cash paid for or came from; the entry goes with the row. */
    transactionId: uuid('transaction_id').references(() => transactions.id, { onDelete: 'cascade' }),
    outsideRef: text('outside_ref'),
    executedAt: timestamptz('executed_at').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('cash_movements_portfolio_idx').on(t.portfolioId, t.executedAt),
    uniqueIndex('cash_movements_source_idx')
      .on(t.sourceConnectionId, t.sourceId)
      .where(sql`${t.sourceConnectionId} is not null`),
    check(
      'cash_movements_amounts_check',
      sql`${t.fee} >= 0 and ${t.rate} > 0 and (${t.kind} = 'trade' or ${t.amount} > 0)`,
    ),
  ],
);
