import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { timestamptz } from './columns.ts';

/**
 * Answers to writes sent with an `Idempotency-Key` (the offline queue sends one per queued write):
 * a repeat of the key by the same user on the same route gets the stored answer instead of a second
 * write. `status` is null while the first request is still being handled. Rows expire after a day.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** `METHOD /path` as routed (canonical spelling). */
    route: text('route').notNull(),
    status: integer('status'),
    body: text('body'),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_expires_at').on(t.expiresAt)],
);
