import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  type ProjectionRow,
  type ProjectionTransactionRow,
  projections,
  projectionTransactions,
} from '../../db/schema/index.ts';

export type { ProjectionRow, ProjectionTransactionRow } from '../../db/schema/index.ts';

export interface ProjectionValues {
  name: string;
  description: string | null;
  coinId: string;
  coinName: string;
  coinSymbol: string;
  coinImage: string;
  investedCapital: string;
  tokensOwned: string;
  circulatingSupply: string | null;
  sellTax: string;
}

export interface TransactionValues {
  coinsSold: string;
  pricePerCoin: string;
  feesPercentage: string;
  priceImpactPercentage: string;
  transactionOrder: number;
}

const owned = (userId: string, id: string) => and(eq(projections.userId, userId), eq(projections.id, id));

export async function listProjections(db: Db, userId: string): Promise<ProjectionRow[]> {
  return db
    .select()
    .from(projections)
    .where(eq(projections.userId, userId))
    .orderBy(asc(projections.createdAt), asc(projections.id));
}

export async function countProjections(db: Db, userId: string): Promise<number> {
  const rows = await db.select({ n: count() }).from(projections).where(eq(projections.userId, userId));
  // count() is a number on PGlite and a string on pg.
  return Number(rows[0]?.n ?? 0);
}

/** Whether the user has at least one projection (one indexed row read, not the list). */
export async function hasProjections(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: projections.id })
    .from(projections)
    .where(eq(projections.userId, userId))
    .limit(1);
  return rows.length > 0;
}

export async function findProjection(db: Db, userId: string, id: string): Promise<ProjectionRow | undefined> {
  const rows = await db.select().from(projections).where(owned(userId, id)).limit(1);
  return rows[0];
}

export async function insertProjection(
  db: Db,
  values: ProjectionValues & { userId: string; currency: string; now: Date },
): Promise<ProjectionRow> {
  const { now, ...rest } = values;
  const rows = await db
    .insert(projections)
    .values({ ...rest, createdAt: now, updatedAt: now })
    .returning();
  const row = rows[0];
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Updates the projection and keeps its rows' copy of the sell tax in step, in one transaction. */
export async function updateProjection(
  db: Db,
  userId: string,
  id: string,
  values: Partial<ProjectionValues> & { now: Date },
): Promise<ProjectionRow | undefined> {
  const { now, ...rest } = values;
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(projections)
      .set({ ...rest, updatedAt: now })
      .where(owned(userId, id))
      .returning();
    const row = rows[0];
    if (row && rest.sellTax !== undefined) {
      await tx
        .update(projectionTransactions)
        .set({ sellTax: rest.sellTax })
        .where(eq(projectionTransactions.projectionId, row.id));
    }
    return row;
  });
}

export async function deleteProjection(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db.delete(projections).where(owned(userId, id)).returning({ id: projections.id });
  return rows.length > 0;
}

export async function listTransactions(
  db: Db,
  userId: string,
  projectionId: string,
): Promise<ProjectionTransactionRow[]> {
  return db
    .select()
    .from(projectionTransactions)
    .where(
      and(eq(projectionTransactions.userId, userId), eq(projectionTransactions.projectionId, projectionId)),
    )
    .orderBy(asc(projectionTransactions.transactionOrder));
}

/**
 * The save replaces the whole set atomically. The projection row is locked
 * first so two concurrent replaces of the same projection run one after the other.
 * Returns undefined when the projection is not the user's (nothing is written).
 */
export async function replaceTransactions(
  db: Db,
  userId: string,
  projectionId: string,
  items: readonly TransactionValues[],
  /** Test hook (kill -9 tests): runs inside the transaction once the new rows are written. */
  hooks: { afterWrite?: () => Promise<void> } = {},
): Promise<ProjectionTransactionRow[] | undefined> {
  return db.transaction(async (tx) => {
    const locked = await tx
      .select({ id: projections.id, sellTax: projections.sellTax })
      .from(projections)
      .where(owned(userId, projectionId))
      .for('update');
    const projection = locked[0];
    if (!projection) return undefined;
    await tx.delete(projectionTransactions).where(eq(projectionTransactions.projectionId, projectionId));
    const inserted =
      items.length === 0
        ? []
        : await tx
            .insert(projectionTransactions)
            .values(items.map((item) => ({ ...item, projectionId, userId, sellTax: projection.sellTax })))
            .returning();
    await hooks.afterWrite?.();
    return inserted.sort((a, b) => a.transactionOrder - b.transactionOrder);
  });
}

/**
 * Deletes one row and renumbers the rest from 1. The shift goes through
 * negative orders so the unique (projection, order) index never sees a duplicate.
 */
export async function deleteTransaction(
  db: Db,
  userId: string,
  projectionId: string,
  transactionId: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(projectionTransactions)
      .where(
        and(
          eq(projectionTransactions.id, transactionId),
          eq(projectionTransactions.projectionId, projectionId),
          eq(projectionTransactions.userId, userId),
        ),
      )
      .returning({ order: projectionTransactions.transactionOrder });
    const gone = removed[0];
    if (!gone) return false;
    const later = and(
      eq(projectionTransactions.projectionId, projectionId),
      gt(projectionTransactions.transactionOrder, gone.order),
    );
    await tx
      .update(projectionTransactions)
      .set({ transactionOrder: sql`-${projectionTransactions.transactionOrder}` })
      .where(later);
    await tx
      .update(projectionTransactions)
      .set({ transactionOrder: sql`-${projectionTransactions.transactionOrder} - 1` })
      .where(
        and(
          eq(projectionTransactions.projectionId, projectionId),
          sql`${projectionTransactions.transactionOrder} < 0`,
        ),
      );
    return true;
  });
}
