import { sql } from 'drizzle-orm';
import {
  date,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { timestamptz } from './columns.ts';

/**
 * Market data cached by the refresher: one JSON document per key (the market
 * list per currency, global figures, trending, coin details, charts). Requests read this and
 * memory, never upstream, so a restart serves the last good copy at once.
 */
export const marketCache = pgTable('market_cache', {
  key: text('key').primaryKey(),
  payload: jsonb('payload').notNull(),
  source: text('source').notNull(),
  fetchedAt: timestamptz('fetched_at').notNull(),
});

/**
 * Completed UTC daily candles, back-filled incrementally (CoinGecko's free plan serves only
 * 365 days). Upstream quotes arrive as binary floats, so double precision loses nothing here;
 * user money and quantities stay NUMERIC in their own tables. `source` says who produced the
 * row ('coingecko', 'binance', ..., or 'demo' for the simulated snapshot): reads in live mode
 * never see a demo row, and the switch to live deletes them all.
 */
export const dailyCandles = pgTable(
  'daily_candles',
  {
    coinId: text('coin_id').notNull(),
    vsCurrency: text('vs_currency').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    open: doublePrecision('open').notNull(),
    high: doublePrecision('high').notNull(),
    low: doublePrecision('low').notNull(),
    close: doublePrecision('close').notNull(),
    source: text('source').notNull(),
    fetchedAt: timestamptz('fetched_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.coinId, t.vsCurrency, t.day] })],
);

/** One row per user; absent means the defaults (usd, no favourites, average cost). */
export const userSettings = pgTable('user_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  baseCurrency: text('base_currency').notNull().default('usd'),
  favorites: jsonb('favorites').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  costBasisMethod: text('cost_basis_method').notNull().default('average'),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export const watchlists = pgTable(
  'watchlists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  // Names are unique per user regardless of case, so two "Majors" lists cannot confuse the picker.
  (t) => [uniqueIndex('watchlists_user_name_unique').on(t.userId, sql`lower(${t.name})`)],
);

export const watchlistItems = pgTable(
  'watchlist_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    watchlistId: uuid('watchlist_id')
      .notNull()
      .references(() => watchlists.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    coinId: text('coin_id').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('watchlist_items_list_coin_unique').on(t.watchlistId, t.coinId),
    index('watchlist_items_user_idx').on(t.userId),
  ],
);
