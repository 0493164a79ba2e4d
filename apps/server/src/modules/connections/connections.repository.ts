import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type ConnectionRow, connections, transactions } from '../../db/schema/index.ts';
import { visibleIn } from '../../lib/portfolio-scope.ts';

export type { ConnectionRow } from '../../db/schema/index.ts';

export interface NewConnection {
  userId: string;
  portfolioId: string;
  kind: string;
  label: string;
  secret: Uint8Array;
  fingerprint: string;
  masked: string;
  scriptType: string | null;
  gapLimit: number | null;
  chains: string[];
  nextSyncAt: Date | null;
  exchange?: string | null;
  keyPermissions?: { can_trade: boolean | null; can_withdraw: boolean | null } | null;
  withdrawalAllowed?: boolean;
}

/** The id is chosen before the insert: the sealed secret is bound to it (its additional data). */
export async function insertConnection(
  db: Db,
  id: string,
  values: NewConnection,
  now: Date,
): Promise<ConnectionRow> {
  const [row] = await db
    .insert(connections)
    .values({ id, ...values, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function countConnections(db: Db, userId: string): Promise<number> {
  const rows = await db.select({ n: count() }).from(connections).where(eq(connections.userId, userId));
  // count() is a number on PGlite and a string on pg.
  return Number(rows[0]?.n ?? 0);
}

export async function listConnections(db: Db, userId: string): Promise<ConnectionRow[]> {
  return db
    .select()
    .from(connections)
    .where(and(eq(connections.userId, userId), visibleIn(connections.portfolioId)))
    .orderBy(asc(connections.createdAt), asc(connections.id));
}

export async function findConnection(db: Db, userId: string, id: string): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(connections)
    .where(and(eq(connections.userId, userId), eq(connections.id, id), visibleIn(connections.portfolioId)))
    .limit(1);
  return row;
}

export async function updateConnection(
  db: Db,
  userId: string,
  id: string,
  values: { label?: string; gapLimit?: number },
  now: Date,
): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .update(connections)
    .set({ ...values, updatedAt: now })
    .where(and(eq(connections.userId, userId), eq(connections.id, id), visibleIn(connections.portfolioId)))
    .returning();
  return row;
}

export async function deleteConnection(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(connections)
    .where(and(eq(connections.userId, userId), eq(connections.id, id), visibleIn(connections.portfolioId)))
    .returning({ id: connections.id });
  return rows.length > 0;
}

export async function sourcedTransactionIds(
  db: Db,
  userId: string,
  connectionId: string,
): Promise<{ id: string; coinId: string }[]> {
  return db
    .select({ id: transactions.id, coinId: transactions.coinId })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.sourceConnectionId, connectionId)));
}

export async function deleteSourcedTransactions(
  db: Db,
  userId: string,
  connectionId: string,
): Promise<string[]> {
  const rows = await db
    .delete(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.sourceConnectionId, connectionId)))
    .returning({ id: transactions.id });
  return rows.map((r) => r.id);
}
