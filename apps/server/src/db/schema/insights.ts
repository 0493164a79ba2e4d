import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { decimal, timestamptz } from './columns.ts';
import { portfolios } from './portfolios.ts';

/**
 * Oracle's target allocation (the allocation-drift cards compare against it): per coin or per category, for all portfolios
 * (portfolio_id null) or one. A set is replaced as a whole, inside one transaction, after the
 * service checked it adds up to 100 %.
 */
export const allocationTargets = pgTable(
  'allocation_targets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    portfolioId: uuid('portfolio_id').references(() => portfolios.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['coin', 'category'] }).notNull(),
    key: text('key').notNull(),
    /** Percent of the portfolio value, > 0 and ≤ 100. */
    percentage: decimal('percentage').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('allocation_targets_user_idx').on(t.userId, t.portfolioId)],
);

/** Per-user Oracle settings: the concentration limit, the "near" distance, and narration consent. */
export const insightPreferences = pgTable('insight_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  concentrationThreshold: decimal('concentration_threshold').notNull().default('40'),
  nearPercent: decimal('near_percent').notNull().default('10'),
  /** When the user agreed to send the shown aggregate to the configured language model. */
  narrationConsentedAt: timestamptz('narration_consented_at'),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export type AllocationTargetRow = typeof allocationTargets.$inferSelect;
export type InsightPreferencesRow = typeof insightPreferences.$inferSelect;
