import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { watchlistItems, watchlists } from '../../db/schema/index.ts';

export type WatchlistRow = typeof watchlists.$inferSelect;
export type WatchlistItemRow = typeof watchlistItems.$inferSelect;

export async function listWatchlists(db: Db, userId: string): Promise<WatchlistRow[]> {
  return db
    .select()
    .from(watchlists)
    .where(eq(watchlists.userId, userId))
    .orderBy(asc(watchlists.createdAt), asc(watchlists.name));
}

export async function countWatchlists(db: Db, userId: string): Promise<number> {
  const rows = await db.select({ n: count() }).from(watchlists).where(eq(watchlists.userId, userId));
  // count() is a number on PGlite and a string on pg.
  return Number(rows[0]?.n ?? 0);
}

export async function findWatchlist(db: Db, userId: string, id: string): Promise<WatchlistRow | undefined> {
  const rows = await db
    .select()
    .from(watchlists)
    .where(and(eq(watchlists.userId, userId), eq(watchlists.id, id)))
    .limit(1);
  return rows[0];
}

export async function listItems(
  db: Db,
  userId: string,
  watchlistIds?: readonly string[],
): Promise<WatchlistItemRow[]> {
  const conditions = [eq(watchlistItems.userId, userId)];
  if (watchlistIds) {
    if (watchlistIds.length === 0) return [];
    conditions.push(inArray(watchlistItems.watchlistId, [...watchlistIds]));
  }
  return db
    .select()
    .from(watchlistItems)
    .where(and(...conditions))
    .orderBy(asc(watchlistItems.createdAt), asc(watchlistItems.coinId));
}

export async function findItem(db: Db, userId: string, id: string): Promise<WatchlistItemRow | undefined> {
  const rows = await db
    .select()
    .from(watchlistItems)
    .where(and(eq(watchlistItems.userId, userId), eq(watchlistItems.id, id)))
    .limit(1);
  return rows[0];
}

/** The list and its first coins in one transaction: either all of it exists or none. */
export async function insertWatchlist(
  db: Db,
  values: { userId: string; name: string; coinIds: readonly string[]; now: Date },
): Promise<WatchlistRow> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(watchlists)
      .values({ userId: values.userId, name: values.name, createdAt: values.now, updatedAt: values.now })
      .returning();
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    if (values.coinIds.length > 0) {
      await tx.insert(watchlistItems).values(
        values.coinIds.map((coinId) => ({
          watchlistId: row.id,
          userId: values.userId,
          coinId,
          createdAt: values.now,
        })),
      );
    }
    return row;
  });
}

export async function renameWatchlist(
  db: Db,
  userId: string,
  id: string,
  name: string,
  now: Date,
): Promise<WatchlistRow | undefined> {
  const rows = await db
    .update(watchlists)
    .set({ name, updatedAt: now })
    .where(and(eq(watchlists.userId, userId), eq(watchlists.id, id)))
    .returning();
  return rows[0];
}

export async function deleteWatchlist(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(watchlists)
    .where(and(eq(watchlists.userId, userId), eq(watchlists.id, id)))
    .returning({ id: watchlists.id });
  return rows.length > 0;
}

export async function insertItem(
  db: Db,
  values: { userId: string; watchlistId: string; coinId: string; now: Date },
): Promise<WatchlistItemRow> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(watchlistItems)
      .values({
        userId: values.userId,
        watchlistId: values.watchlistId,
        coinId: values.coinId,
        createdAt: values.now,
      })
      .returning();
    await tx.update(watchlists).set({ updatedAt: values.now }).where(eq(watchlists.id, values.watchlistId));
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row;
  });
}

export async function deleteItem(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(watchlistItems)
    .where(and(eq(watchlistItems.userId, userId), eq(watchlistItems.id, id)))
    .returning({ id: watchlistItems.id });
  return rows.length > 0;
}
