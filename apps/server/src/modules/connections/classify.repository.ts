import type { TransactionClassification } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type TransactionRow, transactions } from '../../db/schema/index.ts';

export interface ClassifiedValues {
  type: string;
  pricePerCoin: string | null;
  rewardKind: string | null;
  classification: TransactionClassification;
  matchedTransactionId: string | null;
}

export async function saveClassification(
  db: Db,
  userId: string,
  id: string,
  values: ClassifiedValues,
  now: Date,
): Promise<TransactionRow> {
  const [row] = await db
    .update(transactions)
    .set({ ...values, updatedAt: now })
    .where(and(eq(transactions.userId, userId), eq(transactions.id, id)))
    .returning();
  if (!row) throw new Error('classified row vanished inside its transaction');
  return row;
}

/**
 * One half of an own transfer pointed at its other half, or at nothing once unmatched. A row a
 * connection brought also says what it now is; a row typed by hand keeps saying it by its type.
 */
export async function saveMatch(
  db: Db,
  userId: string,
  id: string,
  change: { matchedTransactionId: string | null; classification?: TransactionClassification },
  now: Date,
): Promise<TransactionRow | undefined> {
  const [row] = await db
    .update(transactions)
    .set({ ...change, updatedAt: now })
    .where(and(eq(transactions.userId, userId), eq(transactions.id, id)))
    .returning();
  return row;
}
