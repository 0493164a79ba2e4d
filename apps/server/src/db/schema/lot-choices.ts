import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { decimal } from './columns.ts';
import { transactions } from './portfolios.ts';

/**
 * The lots a sale names (specific identification), one row per named acquisition, written in the
 * same database transaction as the sale and deleted with it. The acquisition is the id of the
 * acquiring transaction, deliberately without a foreign key: a lot deleted after it was chosen
 * leaves the line in place, so the report can say the choice no longer holds instead of the
 * choice quietly shrinking (the tax engine then matches what it cannot cover by the method).
 */
export const saleLotChoices = pgTable(
  'sale_lot_choices',
  {
    saleId: uuid('sale_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    acquisitionId: uuid('acquisition_id').notNull(),
    quantity: decimal('quantity').notNull(),
    /** The order the lots were named in: the order the sale's lines are listed. */
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.saleId, t.acquisitionId] }),
    index('sale_lot_choices_user_idx').on(t.userId),
    check('sale_lot_choices_quantity_check', sql`${t.quantity} > 0`),
  ],
);

export type SaleLotChoiceRow = typeof saleLotChoices.$inferSelect;
