import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  alerts,
  allocationTargets,
  cashMovements,
  insightPreferences,
  notificationChannels,
  notificationPreferences,
  notifications,
  portfolios,
  projections,
  projectionTaxLinks,
  projectionTransactions,
  saleLotChoices,
  taxMethodHistory,
  taxSettings,
  taxWalletAllocations,
  transactions,
  transferDecisions,
  userSettings,
  watchlistItems,
  watchlists,
} from '../../db/schema/index.ts';
import type { ImportPlan } from './import-plan.ts';

export interface AccountCounts {
  portfolios: number;
  transactions: number;
  projections: number;
  alerts: number;
  watchlists: number;
}

async function countOf(db: Db, table: PgTable, where: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  // count() comes back as a number from PGlite and as text from node-postgres.
  return Number(row?.n ?? 0);
}

/** The things whose presence makes an account not empty for an import. */
export async function countAccountContents(db: Db, userId: string): Promise<AccountCounts> {
  return {
    portfolios: await countOf(db, portfolios, eq(portfolios.userId, userId)),
    transactions: await countOf(db, transactions, eq(transactions.userId, userId)),
    projections: await countOf(db, projections, eq(projections.userId, userId)),
    alerts: await countOf(db, alerts, eq(alerts.userId, userId)),
    watchlists: await countOf(db, watchlists, eq(watchlists.userId, userId)),
  };
}

/** Whether the account has its email channel already (an account has one). */
export async function hasEmailChannel(db: Db, userId: string): Promise<boolean> {
  const n = await countOf(
    db,
    notificationChannels,
    and(eq(notificationChannels.userId, userId), eq(notificationChannels.kind, 'email')) ?? sql`false`,
  );
  return n > 0;
}

/** Rows per statement: well under PostgreSQL's 65,535 bind parameters for the widest table. */
const chunkRows = 1_000;

async function insertAll<T extends PgTable>(tx: Db, table: T, rows: readonly T['$inferInsert'][]) {
  for (let i = 0; i < rows.length; i += chunkRows) {
    await tx.insert(table).values(rows.slice(i, i + chunkRows));
  }
}

/** Writes the plan inside the caller's transaction, parents before the rows that name them. */
export async function writeImport(tx: Db, userId: string, plan: ImportPlan): Promise<void> {
  await insertAll(tx, portfolios, plan.portfolios);
  await insertAll(tx, transactions, plan.transactions);
  for (let i = 0; i < plan.matches.length; i += chunkRows) {
    const part = plan.matches.slice(i, i + chunkRows);
    const values = sql.join(
      part.map((m) => sql`(${m.id}::uuid, ${m.matchedId}::uuid)`),
      sql`, `,
    );
    await tx.execute(sql`
      update transactions as t set matched_transaction_id = v.matched
      from (values ${values}) as v(id, matched)
      where t.id = v.id and t.user_id = ${userId}`);
  }
  await insertAll(tx, cashMovements, plan.cashMovements);
  await insertAll(tx, transferDecisions, plan.transferDecisions);
  await insertAll(tx, saleLotChoices, plan.saleLotChoices);
  await insertAll(tx, taxWalletAllocations, plan.walletAllocations);
  await insertAll(tx, taxMethodHistory, plan.taxHistory);
  await insertAll(tx, projections, plan.projections);
  await insertAll(tx, projectionTransactions, plan.rungs);
  await insertAll(tx, projectionTaxLinks, plan.taxLinks);
  await insertAll(tx, notificationChannels, plan.channels);
  await insertAll(tx, alerts, plan.alerts);
  await insertAll(tx, notifications, plan.notifications);
  await insertAll(tx, watchlists, plan.watchlists);
  await insertAll(tx, watchlistItems, plan.watchlistItems);
  if (plan.allocationTargets.length > 0) {
    // Targets are one set, replaced whole: the file's set takes the place of any made before.
    await tx.delete(allocationTargets).where(eq(allocationTargets.userId, userId));
    await insertAll(tx, allocationTargets, plan.allocationTargets);
  }
  // One row per account: the file's values replace what the account had.
  if (plan.settings) {
    const { userId: _owner, ...set } = plan.settings;
    await tx
      .insert(userSettings)
      .values(plan.settings)
      .onConflictDoUpdate({ target: userSettings.userId, set });
  }
  if (plan.taxSettings) {
    const { userId: _owner, ...set } = plan.taxSettings;
    await tx
      .insert(taxSettings)
      .values(plan.taxSettings)
      .onConflictDoUpdate({ target: taxSettings.userId, set });
  }
  if (plan.notificationPreferences) {
    const { userId: _owner, ...set } = plan.notificationPreferences;
    await tx
      .insert(notificationPreferences)
      .values(plan.notificationPreferences)
      .onConflictDoUpdate({ target: notificationPreferences.userId, set });
  }
  if (plan.insightPreferences) {
    const { userId: _owner, ...set } = plan.insightPreferences;
    await tx
      .insert(insightPreferences)
      .values(plan.insightPreferences)
      .onConflictDoUpdate({ target: insightPreferences.userId, set });
  }
}
