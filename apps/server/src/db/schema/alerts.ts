import type { AlertEventPayload, AlertOperand, AlertOperator, BaseCurrency } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgSequence, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { timestamptz } from './columns.ts';

export const alertRelations = ['above', 'equal', 'below'] as const;

/**
 * Price and indicator alerts. Operands are stored in their normalised contract shape
 * (jsonb), so the engine reads them back without re-parsing. `state_*` is the engine's memory
 * between ticks (core's AlertState); `version` grows on every edit of the condition or the
 * active flag, so an engine tick that loaded the alert before the edit cannot write stale state
 * or a notification for the old condition.
 */
/**
 * Every insert or edit of an alert takes the next value, so the engine can keep alerts in memory
 * and read only what changed since its last tick (100k alerts cost seconds to load in full).
 */
export const alertsRevisionSeq = pgSequence('alerts_revision_seq');

/**
 * Stored with fillfactor 70, set by hand in migration 0024 because drizzle does not model it: a
 * tick's state writes then stay on their page.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    coinId: text('coin_id').notNull(),
    left: jsonb('left').$type<AlertOperand>().notNull(),
    op: text('op').$type<AlertOperator>().notNull(),
    right: jsonb('right').$type<AlertOperand>().notNull(),
    /**
     * The currency a price threshold is in (a base-currency code); 'usd' for every condition
     * without one, and for alerts made before thresholds had a currency.
     */
    currency: text('currency').$type<BaseCurrency>().notNull().default('usd'),
    active: boolean('active').notNull().default(true),
    stateLast: text('state_last', { enum: alertRelations }),
    stateLastStrict: text('state_last_strict', { enum: ['above', 'below'] }),
    version: integer('version').notNull().default(1),
    revision: bigint('revision', { mode: 'number' }).notNull().default(sql`nextval('alerts_revision_seq')`),
    lastTriggeredAt: timestamptz('last_triggered_at'),
    /** Delivery channels chosen for this alert; null = every enabled channel. */
    channelIds: jsonb('channel_ids').$type<string[]>(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('alerts_user_created_idx').on(t.userId, t.createdAt),
    index('alerts_active_coin_idx').on(t.coinId).where(sql`${t.active}`),
    index('alerts_revision_idx').on(t.revision),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Deleting an alert keeps the notifications it already wrote.
    alertId: uuid('alert_id').references(() => alerts.id, { onDelete: 'set null' }),
    coinCoingeckoId: text('coin_coingecko_id').notNull(),
    eventPayload: jsonb('event_payload').$type<AlertEventPayload>().notNull(),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_user_unread_idx').on(t.userId).where(sql`not ${t.isRead}`),
  ],
);

export type AlertRow = typeof alerts.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
