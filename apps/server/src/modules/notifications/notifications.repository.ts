import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type NotificationRow, notifications } from '../../db/schema/index.ts';
import { isUuid } from '../../lib/uuid.ts';

export type { NotificationRow } from '../../db/schema/index.ts';

export async function listNotifications(
  db: Db,
  userId: string,
  page: { limit: number; offset: number },
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countNotifications(db: Db, userId: string): Promise<{ total: number; unread: number }> {
  const [totalRow] = await db
    .select({ n: count() })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  const [unreadRow] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  // count() is a number on PGlite and a string on pg.
  return { total: Number(totalRow?.n ?? 0), unread: Number(unreadRow?.n ?? 0) };
}

/** Marks only this user's unread rows among `ids`; ids of other users or unknown ids change nothing. */
export async function markRead(db: Db, userId: string, ids: readonly string[]): Promise<number> {
  const valid = [...new Set(ids.filter(isUuid))];
  if (valid.length === 0) return 0;
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.isRead, false),
        inArray(notifications.id, valid),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

export async function markAllRead(db: Db, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}
