import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accessTokens, accessTokenUses, portfolios, type UserRow, users } from '../../db/schema/index.ts';

export type AccessTokenRow = typeof accessTokens.$inferSelect;
export type AccessTokenUseRow = typeof accessTokenUses.$inferSelect;

export async function insertAccessToken(
  db: Db,
  values: Omit<typeof accessTokens.$inferInsert, 'id'>,
): Promise<AccessTokenRow> {
  const [row] = await db.insert(accessTokens).values(values).returning();
  if (!row) throw new Error('token insert returned nothing');
  return row;
}

export async function listAccessTokens(db: Db, userId: string): Promise<AccessTokenRow[]> {
  return db
    .select()
    .from(accessTokens)
    .where(eq(accessTokens.userId, userId))
    .orderBy(desc(accessTokens.createdAt));
}

export async function findAccessToken(
  db: Db,
  userId: string,
  id: string,
): Promise<AccessTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(accessTokens)
    .where(and(eq(accessTokens.id, id), eq(accessTokens.userId, userId)));
  return row;
}

/** Revoking forgets the token and what it did: nothing is left that it could open. */
export async function deleteAccessToken(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(accessTokens)
    .where(and(eq(accessTokens.id, id), eq(accessTokens.userId, userId)))
    .returning({ id: accessTokens.id });
  return rows.length > 0;
}

export async function tokenByHash(
  db: Db,
  hash: string,
): Promise<{ token: AccessTokenRow; user: UserRow } | undefined> {
  const [row] = await db
    .select({ token: accessTokens, user: users })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(eq(accessTokens.hash, hash));
  return row;
}

export async function touchAccessToken(db: Db, id: string, at: Date, address: string): Promise<void> {
  await db
    .update(accessTokens)
    .set({ lastUsedAt: at, lastUsedAddress: address })
    .where(eq(accessTokens.id, id));
}

/** One use, and the token's uses older than the kept window forgotten in the same breath. */
export async function recordAccessTokenUse(
  db: Db,
  use: { tokenId: string; kind: 'route' | 'tool'; target: string; status: number; at: Date },
  keepFrom: Date,
): Promise<void> {
  await db.insert(accessTokenUses).values(use);
  await db
    .delete(accessTokenUses)
    .where(and(eq(accessTokenUses.tokenId, use.tokenId), lt(accessTokenUses.at, keepFrom)));
}

export async function listAccessTokenUses(
  db: Db,
  tokenId: string,
  limit: number,
): Promise<AccessTokenUseRow[]> {
  return db
    .select()
    .from(accessTokenUses)
    .where(eq(accessTokenUses.tokenId, tokenId))
    .orderBy(desc(accessTokenUses.at))
    .limit(limit);
}

/** How many of these portfolio ids are the user's (a token may be limited to those only). */
export async function ownedPortfolioCount(db: Db, userId: string, ids: readonly string[]): Promise<number> {
  const found = await db
    .select({ id: portfolios.id })
    .from(portfolios)
    .where(and(eq(portfolios.userId, userId), inArray(portfolios.id, [...ids])));
  return found.length;
}
