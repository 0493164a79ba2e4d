import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  type NotificationChannelRow,
  type NotificationPreferencesRow,
  notificationChannels,
  notificationDeliveries,
  notificationPreferences,
  userSettings,
  users,
} from '../../db/schema/index.ts';
import { isUuid } from '../../lib/uuid.ts';

export type { NotificationChannelRow, NotificationPreferencesRow } from '../../db/schema/index.ts';

export async function listChannels(db: Db, userId: string): Promise<NotificationChannelRow[]> {
  return db
    .select()
    .from(notificationChannels)
    .where(eq(notificationChannels.userId, userId))
    .orderBy(asc(notificationChannels.createdAt), asc(notificationChannels.id));
}

export async function findChannel(
  db: Db,
  userId: string,
  id: string,
): Promise<NotificationChannelRow | undefined> {
  if (!isUuid(id)) return undefined;
  const rows = await db
    .select()
    .from(notificationChannels)
    .where(and(eq(notificationChannels.userId, userId), eq(notificationChannels.id, id)))
    .limit(1);
  return rows[0];
}

export async function countChannels(db: Db, userId: string): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(notificationChannels)
    .where(eq(notificationChannels.userId, userId));
  return Number(rows[0]?.n ?? 0);
}

/** Serialises channel creation per user (the cap and the one-email rule). */
export async function lockUser(db: Db, userId: string): Promise<void> {
  await db.execute(sql`select id from users where id = ${userId} for update`);
}

export type NewChannel = typeof notificationChannels.$inferInsert;

export async function insertChannel(db: Db, values: NewChannel): Promise<NotificationChannelRow> {
  const [row] = await db.insert(notificationChannels).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateChannel(
  db: Db,
  userId: string,
  id: string,
  values: Partial<NewChannel>,
): Promise<NotificationChannelRow | undefined> {
  const [row] = await db
    .update(notificationChannels)
    .set(values)
    .where(and(eq(notificationChannels.userId, userId), eq(notificationChannels.id, id)))
    .returning();
  return row;
}

export async function deleteChannel(db: Db, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .delete(notificationChannels)
    .where(and(eq(notificationChannels.userId, userId), eq(notificationChannels.id, id)))
    .returning({ id: notificationChannels.id });
  return rows.length > 0;
}

/** Channels by id with their owner's email (the email channel's address), for the sender. */
export async function loadChannelsForSend(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, NotificationChannelRow & { email: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ channel: notificationChannels, email: users.email })
    .from(notificationChannels)
    .innerJoin(users, eq(users.id, notificationChannels.userId))
    .where(inArray(notificationChannels.id, [...ids]));
  return new Map(rows.map((r) => [r.channel.id, { ...r.channel, email: r.email }]));
}

/** Enabled channels of these users, for fanning out a tick's notifications. */
export async function enabledChannelsOf(
  db: Db,
  userIds: readonly string[],
): Promise<NotificationChannelRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(notificationChannels)
    .where(and(inArray(notificationChannels.userId, [...userIds]), eq(notificationChannels.enabled, true)));
}

export async function findPreferences(
  db: Db,
  userId: string,
): Promise<NotificationPreferencesRow | undefined> {
  const rows = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
    .limit(1);
  return rows[0];
}

export async function preferencesOf(
  db: Db,
  userIds: readonly string[],
): Promise<NotificationPreferencesRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(notificationPreferences)
    .where(inArray(notificationPreferences.userId, [...userIds]));
}

export async function upsertPreferences(
  db: Db,
  userId: string,
  values: Partial<typeof notificationPreferences.$inferInsert>,
  now: Date,
): Promise<NotificationPreferencesRow> {
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...values, updatedAt: now } })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}

export async function listDeliveries(
  db: Db,
  userId: string,
  query: { status?: string | undefined; limit: number },
) {
  return db
    .select({ delivery: notificationDeliveries, channelName: notificationChannels.name })
    .from(notificationDeliveries)
    .innerJoin(notificationChannels, eq(notificationChannels.id, notificationDeliveries.channelId))
    .where(
      and(
        eq(notificationDeliveries.userId, userId),
        query.status ? eq(notificationDeliveries.status, query.status as 'pending') : undefined,
      ),
    )
    .orderBy(desc(notificationDeliveries.createdAt), desc(notificationDeliveries.id))
    .limit(query.limit);
}

export async function countDead(db: Db, userId: string): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(notificationDeliveries)
    .where(and(eq(notificationDeliveries.userId, userId), eq(notificationDeliveries.status, 'dead')));
  return Number(rows[0]?.n ?? 0);
}

/** A dead letter back to pending, with a fresh attempt budget. */
export async function requeueDead(
  db: Db,
  userId: string,
  id: string,
  now: Date,
): Promise<'ok' | 'missing' | 'not_dead'> {
  if (!isUuid(id)) return 'missing';
  const [row] = await db
    .select({ status: notificationDeliveries.status })
    .from(notificationDeliveries)
    .where(and(eq(notificationDeliveries.userId, userId), eq(notificationDeliveries.id, id)))
    .limit(1);
  if (!row) return 'missing';
  if (row.status !== 'dead') return 'not_dead';
  await db
    .update(notificationDeliveries)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now, lockedUntil: null })
    .where(and(eq(notificationDeliveries.id, id), eq(notificationDeliveries.status, 'dead')));
  return 'ok';
}

/** Each user's base currency (absent settings row: usd), for writing notifications in it. */
export async function baseCurrenciesOf(db: Db, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: userSettings.userId, currency: userSettings.baseCurrency })
    .from(userSettings)
    .where(inArray(userSettings.userId, [...userIds]));
  return new Map(rows.map((r) => [r.userId, r.currency]));
}
