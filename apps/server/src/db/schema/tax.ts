import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { decimal, timestamptz } from './columns.ts';
import { portfolios } from './portfolios.ts';
import { projections } from './projections.ts';

/** The account's tax rule; no row means the default (no rule). */
export const taxSettings = pgTable(
  'tax_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    rule: text('rule').notNull().default('none'),
    customThresholdDays: integer('custom_threshold_days').notNull().default(365),
    /** Percent, for estimates: short-term / taxable gains. */
    shortRate: decimal('short_rate').notNull().default('0'),
    /** Percent, for estimates: long-term gains. */
    longRate: decimal('long_rate').notNull().default('0'),
    /** custom rule only: net gain a tax year leaves untaxed, in the report's currency; null: none. */
    yearlyAllowance: decimal('yearly_allowance'),
    /**
     * US rule, from 2025 on: a sale draws only on its own portfolio's lots (per-wallet cost
     * basis); the lots held at the end of 2024 start from the confirmed allocation.
     */
    lotsPerPortfolio: boolean('lots_per_portfolio').notNull().default(false),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('tax_settings_rule_check', sql`${t.rule} in ('none', 'us', 'de', 'uk', 'custom')`),
    check(
      'tax_settings_rates_check',
      sql`${t.shortRate} >= 0 and ${t.shortRate} <= 100 and ${t.longRate} >= 0 and ${t.longRate} <= 100`,
    ),
    check('tax_settings_yearly_allowance_check', sql`${t.yearlyAllowance} >= 0`),
  ],
);

/**
 * An exit plan linked to the real lots of one portfolio (portfolio_id) or of all portfolios
 * (portfolio_id null). Unlinked plans have no row and keep the flat sell tax.
 */
export const projectionTaxLinks = pgTable(
  'projection_tax_links',
  {
    projectionId: uuid('projection_id')
      .primaryKey()
      .references(() => projections.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    portfolioId: uuid('portfolio_id').references(() => portfolios.id, { onDelete: 'cascade' }),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('projection_tax_links_user_idx').on(t.userId)],
);

export type TaxSettingsRow = typeof taxSettings.$inferSelect;

/**
 * The account's tax settings by tax year: from `from_year` on, this rule, its rates and this
 * cost-basis method. `from_year` 0 is the first entry (from the first transaction on). The
 * latest entry is what `tax_settings` and `user_settings.cost_basis_method` hold; no row means a
 * single entry, those two.
 */
export const taxMethodHistory = pgTable(
  'tax_method_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromYear: integer('from_year').notNull(),
    rule: text('rule').notNull(),
    customThresholdDays: integer('custom_threshold_days').notNull(),
    shortRate: decimal('short_rate').notNull(),
    longRate: decimal('long_rate').notNull(),
    yearlyAllowance: decimal('yearly_allowance'),
    costBasisMethod: text('cost_basis_method').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tax_method_history_user_year_idx').on(t.userId, t.fromYear),
    check('tax_method_history_rule_check', sql`${t.rule} in ('none', 'us', 'de', 'uk', 'custom')`),
    check(
      'tax_method_history_method_check',
      sql`${t.costBasisMethod} in ('average', 'fifo', 'lifo', 'hifo')`,
    ),
    check(
      'tax_method_history_year_check',
      sql`${t.fromYear} = 0 or (${t.fromYear} >= 2009 and ${t.fromYear} <= 2100)`,
    ),
    check(
      'tax_method_history_rates_check',
      sql`${t.shortRate} >= 0 and ${t.shortRate} <= 100 and ${t.longRate} >= 0 and ${t.longRate} <= 100`,
    ),
    check('tax_method_history_yearly_allowance_check', sql`${t.yearlyAllowance} >= 0`),
  ],
);

export type TaxMethodHistoryRow = typeof taxMethodHistory.$inferSelect;
