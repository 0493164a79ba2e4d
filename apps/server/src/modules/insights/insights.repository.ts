import type { AllocationTarget } from '@app/contracts';
import { Dec } from '@app/core';
import { and, asc, eq, gte, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  allocationTargets,
  insightPreferences,
  type NotificationRow,
  notifications,
  type ProjectionRow,
  type ProjectionTransactionRow,
  projections,
  projectionTransactions,
} from '../../db/schema/index.ts';

/** `null` = the targets for All Portfolios. */
const scopeOf = (portfolioId: string | null) =>
  portfolioId === null
    ? isNull(allocationTargets.portfolioId)
    : eq(allocationTargets.portfolioId, portfolioId);

export async function listTargets(
  db: Db,
  userId: string,
  portfolioId: string | null,
): Promise<AllocationTarget[]> {
  const rows = await db
    .select()
    .from(allocationTargets)
    .where(and(eq(allocationTargets.userId, userId), scopeOf(portfolioId)))
    .orderBy(asc(allocationTargets.createdAt), asc(allocationTargets.key));
  return rows.map((r) => ({ type: r.type, key: r.key, percentage: new Dec(r.percentage).toFixed() }));
}

/** Replaces the scope's whole set in one transaction (an empty list clears it). */
export async function replaceTargets(
  db: Db,
  userId: string,
  portfolioId: string | null,
  targets: readonly AllocationTarget[],
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(allocationTargets).where(and(eq(allocationTargets.userId, userId), scopeOf(portfolioId)));
    if (targets.length === 0) return;
    await tx.insert(allocationTargets).values(
      // Creation times one millisecond apart keep the user's order when read back.
      targets.map((t, i) => ({
        userId,
        portfolioId,
        type: t.type,
        key: t.key,
        percentage: t.percentage,
        createdAt: new Date(now.getTime() + i),
      })),
    );
  });
}

export interface StoredInsightPreferences {
  concentrationThreshold: string;
  nearPercent: string;
  narrationConsentedAt: Date | null;
}

export async function readPreferences(db: Db, userId: string): Promise<StoredInsightPreferences | null> {
  const rows = await db
    .select()
    .from(insightPreferences)
    .where(eq(insightPreferences.userId, userId))
    .limit(1);
  const row = rows[0];
  return row
    ? {
        concentrationThreshold: row.concentrationThreshold,
        nearPercent: row.nearPercent,
        narrationConsentedAt: row.narrationConsentedAt,
      }
    : null;
}

export async function writePreferences(
  db: Db,
  userId: string,
  patch: { concentrationThreshold?: string; nearPercent?: string; narrationConsentedAt?: Date },
  now: Date,
): Promise<void> {
  const set = { ...patch, updatedAt: now };
  await db
    .insert(insightPreferences)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: insightPreferences.userId, set });
}

export interface ProjectionWithSells {
  projection: ProjectionRow;
  sells: ProjectionTransactionRow[];
}

/** Every projection of the user with its planned sells, in two queries. */
export async function listProjectionsWithSells(db: Db, userId: string): Promise<ProjectionWithSells[]> {
  const [plans, sells] = await Promise.all([
    db.select().from(projections).where(eq(projections.userId, userId)).orderBy(asc(projections.createdAt)),
    db
      .select()
      .from(projectionTransactions)
      .where(eq(projectionTransactions.userId, userId))
      .orderBy(asc(projectionTransactions.transactionOrder)),
  ]);
  return plans.map((projection) => ({
    projection,
    sells: sells.filter((s) => s.projectionId === projection.id),
  }));
}

export async function notificationsSince(db: Db, userId: string, since: Date): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), gte(notifications.createdAt, since)))
    .orderBy(asc(notifications.createdAt));
}
