import { doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * Rate-limit windows shared by every process on the database (per client address and route,
 * per account): one row per key, counted with an atomic upsert. Expired rows are swept by the
 * limiter itself.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamptz('reset_at').notNull(),
  },
  (t) => [index('rate_limit_hits_reset_at').on(t.resetAt)],
);

/**
 * Request budgets of outside providers (block explorers) shared by every process on the database:
 * a token bucket per provider, refilled by the database's clock, so two server processes syncing
 * wallets together stay within one provider allowance, and a provider's "wait" told to one of
 * them holds them all.
 */
export const requestBudgets = pgTable('request_budgets', {
  provider: text('provider').primaryKey(),
  tokens: doublePrecision('tokens').notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
  pausedUntil: timestamptz('paused_until'),
});
