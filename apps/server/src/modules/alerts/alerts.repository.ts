import type { AlertOperand, AlertOperator, BaseCurrency } from '@app/contracts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type AlertRow, alerts, users } from '../../db/schema/index.ts';

export type { AlertRow } from '../../db/schema/index.ts';

import { isUuid } from '../../lib/uuid.ts';

export async function listAlerts(db: Db, userId: string): Promise<AlertRow[]> {
  return db
    .select()
    .from(alerts)
    .where(eq(alerts.userId, userId))
    .orderBy(desc(alerts.createdAt), desc(alerts.id));
}

export async function findAlert(db: Db, userId: string, id: string): Promise<AlertRow | undefined> {
  if (!isUuid(id)) return undefined;
  const rows = await db
    .select()
    .from(alerts)
    .where(and(eq(alerts.id, id), eq(alerts.userId, userId)))
    .limit(1);
  return rows[0];
}

export async function countAlerts(db: Db, userId: string): Promise<number> {
  const rows = await db.select({ n: count() }).from(alerts).where(eq(alerts.userId, userId));
  return Number(rows[0]?.n ?? 0);
}

export async function countActiveAlerts(db: Db, userId: string): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(alerts)
    .where(and(eq(alerts.userId, userId), eq(alerts.active, true)));
  return Number(rows[0]?.n ?? 0);
}

/** Serialises one user's alert writes, so two concurrent creates cannot both pass the limit check. */
export async function lockUserAlerts(db: Db, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export interface NewAlert {
  userId: string;
  coinId: string;
  left: AlertOperand;
  op: AlertOperator;
  right: AlertOperand;
  /** A price threshold's currency; 'usd' for every other condition. */
  currency: BaseCurrency;
  active: boolean;
  channelIds?: string[] | null | undefined;
  now: Date;
}

export async function insertAlert(db: Db, values: NewAlert): Promise<AlertRow> {
  const rows = await db
    .insert(alerts)
    .values({
      userId: values.userId,
      coinId: values.coinId,
      left: values.left,
      op: values.op,
      right: values.right,
      currency: values.currency,
      active: values.active,
      channelIds: values.channelIds ?? null,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning();
  const row = rows[0];
  if (!row) throw new Error('insert returned no row');
  return row;
}

export interface AlertPatch {
  coinId?: string;
  left?: AlertOperand;
  op?: AlertOperator;
  right?: AlertOperand;
  currency?: BaseCurrency;
  active?: boolean;
  channelIds?: string[] | null;
  /** Forget what the engine remembered (the condition changed or the alert was resumed). */
  resetState: boolean;
  now: Date;
}

export async function updateAlert(
  db: Db,
  userId: string,
  id: string,
  patch: AlertPatch,
): Promise<AlertRow | undefined> {
  if (!isUuid(id)) return undefined;
  const rows = await db
    .update(alerts)
    .set({
      ...(patch.coinId !== undefined ? { coinId: patch.coinId } : {}),
      ...(patch.left !== undefined ? { left: patch.left } : {}),
      ...(patch.op !== undefined ? { op: patch.op } : {}),
      ...(patch.right !== undefined ? { right: patch.right } : {}),
      ...(patch.currency !== undefined ? { currency: patch.currency } : {}),
      ...(patch.active !== undefined ? { active: patch.active } : {}),
      ...(patch.channelIds !== undefined ? { channelIds: patch.channelIds } : {}),
      ...(patch.resetState ? { stateLast: null, stateLastStrict: null } : {}),
      version: sql`${alerts.version} + 1`,
      revision: sql`nextval('alerts_revision_seq')`,
      updatedAt: patch.now,
    })
    .where(and(eq(alerts.id, id), eq(alerts.userId, userId)))
    .returning();
  return rows[0];
}

export async function deleteAlert(db: Db, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .delete(alerts)
    .where(and(eq(alerts.id, id), eq(alerts.userId, userId)))
    .returning({ id: alerts.id });
  return rows.length > 0;
}
