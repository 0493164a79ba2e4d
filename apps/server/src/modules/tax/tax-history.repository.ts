import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  type TaxMethodHistoryRow,
  taxMethodHistory,
  taxSettings,
  userSettings,
  users,
} from '../../db/schema/index.ts';
import { firstEntryYear, type HistoryEntry } from './tax-history.ts';

/** A database or one of its transactions. */
type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

export async function findHistoryRows(db: Executor, userId: string): Promise<TaxMethodHistoryRow[]> {
  return db
    .select()
    .from(taxMethodHistory)
    .where(eq(taxMethodHistory.userId, userId))
    .orderBy(asc(taxMethodHistory.fromYear));
}

/** Holds the user's row until the transaction ends, so two changes at once run one after the other. */
export async function lockUser(db: Executor, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

function rowValues(userId: string, e: HistoryEntry, now: Date) {
  return {
    userId,
    fromYear: e.fromYear ?? firstEntryYear,
    rule: e.settings.rule,
    customThresholdDays: e.settings.custom_threshold_days,
    shortRate: e.settings.short_rate,
    longRate: e.settings.long_rate,
    yearlyAllowance: e.settings.yearly_allowance,
    costBasisMethod: e.method,
    createdAt: now,
  };
}

/**
 * Writes the whole history and makes its latest entry the current settings (`tax_settings` and
 * the cost-basis method), all or nothing: run inside the caller's transaction.
 */
export async function writeHistory(
  db: Executor,
  userId: string,
  history: readonly HistoryEntry[],
  now: Date,
): Promise<void> {
  const latest = history.at(-1);
  if (!latest) throw new Error('a history has at least one entry');
  await db.delete(taxMethodHistory).where(eq(taxMethodHistory.userId, userId));
  await db.insert(taxMethodHistory).values(history.map((e) => rowValues(userId, e, now)));
  const settings = {
    rule: latest.settings.rule,
    customThresholdDays: latest.settings.custom_threshold_days,
    shortRate: latest.settings.short_rate,
    longRate: latest.settings.long_rate,
    yearlyAllowance: latest.settings.yearly_allowance,
    updatedAt: now,
  };
  await db
    .insert(taxSettings)
    .values({ userId, ...settings })
    .onConflictDoUpdate({ target: taxSettings.userId, set: settings });
  await db
    .insert(userSettings)
    .values({ userId, costBasisMethod: latest.method, updatedAt: now })
    .onConflictDoUpdate({
      target: userSettings.userId,
      set: { costBasisMethod: latest.method, updatedAt: now },
    });
}

/** The current settings as stored (read inside the caller's transaction). */
export async function findCurrentRows(db: Executor, userId: string) {
  // One after the other: a transaction's queries share one connection.
  const tax = await db.select().from(taxSettings).where(eq(taxSettings.userId, userId)).limit(1);
  const user = await db
    .select({ costBasisMethod: userSettings.costBasisMethod })
    .from(userSettings)
    .where(eq(userSettings.userId, userId))
    .limit(1);
  return { tax: tax[0], method: user[0]?.costBasisMethod };
}
