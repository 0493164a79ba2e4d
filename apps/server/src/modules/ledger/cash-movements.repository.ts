import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cashMovements } from '../../db/schema/index.ts';

export type CashMovementRow = typeof cashMovements.$inferSelect;
export type CashMovementValues = Omit<typeof cashMovements.$inferInsert, 'id' | 'createdAt'>;

/** Entries a connection already wrote are kept as they are: a resumed or repeated sync adds nothing. */
export async function insertCashMovements(db: Db, values: readonly CashMovementValues[]): Promise<number> {
  let written = 0;
  for (let i = 0; i < values.length; i += 1000) {
    const rows = await db
      .insert(cashMovements)
      .values(values.slice(i, i + 1000) as CashMovementValues[])
      .onConflictDoNothing()
      .returning({ id: cashMovements.id });
    written += rows.length;
  }
  return written;
}

/** The cash entries of these portfolios, oldest first (the caller has checked whose they are). */
export async function listCashMovements(db: Db, portfolioIds: readonly string[]): Promise<CashMovementRow[]> {
  if (portfolioIds.length === 0) return [];
  return db
    .select()
    .from(cashMovements)
    .where(inArray(cashMovements.portfolioId, [...portfolioIds]))
    .orderBy(asc(cashMovements.executedAt), asc(cashMovements.createdAt));
}

/** A connection removed with its rows takes its money movements along (its trades' entries go with their rows). */
export async function deleteConnectionCash(db: Db, portfolioId: string, connectionId: string): Promise<void> {
  await db
    .delete(cashMovements)
    .where(
      and(eq(cashMovements.portfolioId, portfolioId), eq(cashMovements.sourceConnectionId, connectionId)),
    );
}
