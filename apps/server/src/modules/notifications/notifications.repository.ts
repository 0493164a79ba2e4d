import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type NotificationRow, notifications } from '../../db/schema/index.ts';
import { isUuid } from '../../lib/uuid.ts';

export type { NotificationRow } from '../../db/schema/index.ts';

/** Which rows a list shows: all, or only the notices that are no alert's (a wallet connection failing). */
export type NotificationScope = 'all' | 'connection_notices';

function scoped(userId: string, scope: NotificationScope): SQL | undefined {
  return and(
    eq(notifications.userId, userId),
    scope === 'all' ? undefined : sql`(${notifications.eventPayload} -> 'connection_failure') is not null`,
  );
}

export async function listNotifications(
  db: Db,
  userId: string,
  page: { limit: number; offset: number },
  scope: NotificationScope = 'all',
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(scoped(userId, scope))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countNotifications(
  db: Db,
  userId: string,
  scope: NotificationScope = 'all',
): Promise<{ total: number; unread: number }> {
  const [totalRow] = await db.select({ n: count() }).from(notifications).where(scoped(userId, scope));
  const [unreadRow] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(scoped(userId, scope), eq(notifications.isRead, false)));
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
