import type {
  ChannelStatus,
  DeliveryMessage,
  DeliveryStatus,
  NotificationChannelKind,
  WebhookPreset,
} from '@app/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { notifications } from './alerts.ts';
import { users } from './auth.ts';
import { bytea, timestamptz } from './columns.ts';

/**
 * Where alerts are delivered besides the app: the account's email, or a webhook preset.
 * Secrets (webhook URL, bot token) live only encrypted in `secret` (AES-GCM, key from SESSION_SECRET);
 * `secretHint` is the masked form the API shows.
 */
export const notificationChannels = pgTable(
  'notification_channels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationChannelKind>().notNull(),
    preset: text('preset').$type<WebhookPreset>(),
    name: text('name').notNull(),
    secret: bytea('secret'),
    secretHint: text('secret_hint').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    status: text('status').$type<ChannelStatus>().notNull().default('ok'),
    lastError: text('last_error'),
    failingSince: timestamptz('failing_since'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('notification_channels_user_idx').on(t.userId)],
);

/** Quiet hours (in the user's time zone) and the daily digest; one row per user, absent = defaults. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  timeZone: text('time_zone').notNull().default('UTC'),
  quietStart: text('quiet_start'),
  quietEnd: text('quiet_end'),
  digest: boolean('digest').notNull().default(false),
  digestTime: text('digest_time').notNull().default('08:00'),
  /** The local date (YYYY-MM-DD) of the last digest written, so a day gets one. */
  lastDigestDate: text('last_digest_date'),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/**
 * The delivery outbox: one row per (notification, channel), written in the same
 * transaction as the notification. Workers claim due rows with FOR UPDATE SKIP LOCKED and a lease
 * (`lockedUntil`), so a row is sent by one process at a time and a crashed sender's row comes back
 * when its lease ends (at-least-once). `idempotencyKey` is unique and travels with every attempt.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => notificationChannels.id, { onDelete: 'cascade' }),
    notificationId: uuid('notification_id').references(() => notifications.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull(),
    message: jsonb('message').$type<DeliveryMessage>().notNull(),
    status: text('status').$type<DeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lockedUntil: timestamptz('locked_until'),
    lastError: text('last_error'),
    firedAt: timestamptz('fired_at').notNull().defaultNow(),
    deliveredAt: timestamptz('delivered_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notification_deliveries_key_unique').on(t.idempotencyKey),
    index('notification_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('notification_deliveries_user_idx').on(t.userId, t.createdAt),
    index('notification_deliveries_channel_idx').on(t.channelId),
  ],
);

export type NotificationChannelRow = typeof notificationChannels.$inferSelect;
export type NotificationPreferencesRow = typeof notificationPreferences.$inferSelect;
export type NotificationDeliveryRow = typeof notificationDeliveries.$inferSelect;
