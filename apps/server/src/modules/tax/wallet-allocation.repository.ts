import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type TaxWalletAllocationRow, taxWalletAllocations, users } from '../../db/schema/index.ts';

/** The user's confirmed allocation of the 2024 lots, in a stable order (the engine's cache key). */
export async function findWalletAllocation(db: Db, userId: string): Promise<TaxWalletAllocationRow[]> {
  return db
    .select()
    .from(taxWalletAllocations)
    .where(eq(taxWalletAllocations.userId, userId))
    .orderBy(
      taxWalletAllocations.coinId,
      taxWalletAllocations.portfolioId,
      taxWalletAllocations.acquisitionId,
    );
}

export interface WalletAllocationValues {
  coinId: string;
  acquisitionId: string;
  portfolioId: string;
  quantity: string;
}

/** Replaces the whole stored allocation in one transaction: a failure leaves the old one as it was. */
export async function replaceWalletAllocation(
  db: Db,
  userId: string,
  lines: readonly WalletAllocationValues[],
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    // Two confirmations at once take turns on the user's row: the later one replaces the earlier
    // instead of both inserting the same lines.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    await tx.delete(taxWalletAllocations).where(eq(taxWalletAllocations.userId, userId));
    // Batches keep each statement's parameters under PostgreSQL's limit for a long allocation.
    for (let i = 0; i < lines.length; i += 1000)
      await tx
        .insert(taxWalletAllocations)
        .values(lines.slice(i, i + 1000).map((l) => ({ ...l, userId, confirmedAt: now })));
  });
}

export async function deleteWalletAllocation(db: Db, userId: string): Promise<void> {
  await db.delete(taxWalletAllocations).where(eq(taxWalletAllocations.userId, userId));
}
