import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type ConnectionTokenRow, connectionTokens } from '../../db/schema/index.ts';

export type { ConnectionTokenRow } from '../../db/schema/index.ts';

export async function listTokens(db: Db, connectionId: string): Promise<ConnectionTokenRow[]> {
  return db
    .select()
    .from(connectionTokens)
    .where(eq(connectionTokens.connectionId, connectionId))
    .orderBy(asc(connectionTokens.chain), asc(connectionTokens.symbol), asc(connectionTokens.id));
}

export async function mappedTokens(db: Db, connectionId: string): Promise<ConnectionTokenRow[]> {
  return db
    .select()
    .from(connectionTokens)
    .where(and(eq(connectionTokens.connectionId, connectionId), isNotNull(connectionTokens.coinId)));
}

export async function findToken(
  db: Db,
  userId: string,
  connectionId: string,
  tokenId: string,
  lock = false,
): Promise<ConnectionTokenRow | undefined> {
  const query = db
    .select()
    .from(connectionTokens)
    .where(
      and(
        eq(connectionTokens.userId, userId),
        eq(connectionTokens.connectionId, connectionId),
        eq(connectionTokens.id, tokenId),
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export interface TokenValues {
  connectionId: string;
  userId: string;
  chain: string;
  contractAddress: string;
  name: string;
  symbol: string;
  decimals: number;
  quantity: string;
  movements: unknown[];
}

/** One row per (connection, chain, contract): a later sighting refreshes it. */
export async function upsertToken(db: Db, values: TokenValues, now: Date): Promise<void> {
  await db
    .insert(connectionTokens)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [connectionTokens.connectionId, connectionTokens.chain, connectionTokens.contractAddress],
      set: {
        name: values.name,
        symbol: values.symbol,
        decimals: values.decimals,
        quantity: values.quantity,
        movements: values.movements,
        updatedAt: now,
      },
    });
}

export async function updateToken(
  db: Db,
  id: string,
  values: { coinId?: string; hidden?: boolean },
  now: Date,
): Promise<ConnectionTokenRow> {
  const [row] = await db
    .update(connectionTokens)
    .set({ ...values, updatedAt: now })
    .where(eq(connectionTokens.id, id))
    .returning();
  if (!row) throw new Error('token vanished inside its transaction');
  return row;
}
