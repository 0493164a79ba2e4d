import {
  type AlertEvaluation,
  type AlertEventPayload,
  type AlertOperand,
  type AlertOperator,
  alertEvaluationSchema,
} from '@app/contracts';
import type { AlertRelation } from '@app/core';
import { count, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alerts, marketCache } from '../../db/schema/index.ts';
import type { FiredNotification } from '../delivery/index.ts';

/** What one engine tick needs of an active alert. */
export interface EngineAlert {
  id: string;
  userId: string;
  coinId: string;
  left: AlertOperand;
  op: AlertOperator;
  right: AlertOperand;
  stateLast: AlertRelation | null;
  stateLastStrict: 'above' | 'below' | null;
  version: number;
  revision: number;
  active: boolean;
  /** The alert's delivery channels; null = every enabled channel. */
  channelIds: string[] | null;
}

const engineColumns = {
  id: alerts.id,
  userId: alerts.userId,
  coinId: alerts.coinId,
  left: alerts.left,
  op: alerts.op,
  right: alerts.right,
  stateLast: alerts.stateLast,
  stateLastStrict: alerts.stateLastStrict,
  version: alerts.version,
  revision: alerts.revision,
  active: alerts.active,
  channelIds: alerts.channelIds,
};

export async function listActiveAlerts(db: Db): Promise<EngineAlert[]> {
  return db.select(engineColumns).from(alerts).where(eq(alerts.active, true));
}

/** Alerts inserted or edited (paused ones included) after `revision`. */
export async function listAlertsChangedSince(db: Db, revision: number): Promise<EngineAlert[]> {
  return db.select(engineColumns).from(alerts).where(gt(alerts.revision, revision));
}

export async function countAllActiveAlerts(db: Db): Promise<number> {
  const rows = await db.select({ n: count() }).from(alerts).where(eq(alerts.active, true));
  return Number(rows[0]?.n ?? 0);
}

export interface StateUpdate {
  id: string;
  version: number;
  last: AlertRelation | null;
  lastStrict: 'above' | 'below' | null;
  /** Set when this evaluation fired. */
  firedAt: Date | null;
}

export interface Firing {
  alertId: string;
  version: number;
  payload: AlertEventPayload;
  at: Date;
}

/** A notification as written: the outbox's fan-out takes the same shape. */
export type WrittenNotification = FiredNotification;

/** Both drivers return `{ rows }` from execute(). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Keeps each statement well under PostgreSQL's 65,535 bind parameters. */
const chunkRows = 1_000;

function* chunks<T>(items: readonly T[]): Generator<T[]> {
  for (let i = 0; i < items.length; i += chunkRows) yield items.slice(i, i + chunkRows);
}

/**
 * Writes one tick's outcome. Each row is matched on (id, version, active), so an alert edited,
 * paused or deleted while the tick was computing keeps its new state and gets no notification
 * for the old condition. Call inside a transaction.
 */
export async function writeEngineResults(
  tx: Db,
  updates: readonly StateUpdate[],
  firings: readonly Firing[],
): Promise<WrittenNotification[]> {
  const written: WrittenNotification[] = [];
  for (const part of chunks(firings)) {
    const values: SQL[] = part.map(
      (f) =>
        sql`(${f.alertId}::uuid, ${f.version}::int, ${JSON.stringify(f.payload)}::jsonb, ${f.at.toISOString()}::timestamptz)`,
    );
    const result = await tx.execute(sql`
      insert into notifications (user_id, alert_id, coin_coingecko_id, event_payload, created_at)
      select a.user_id, a.id, a.coin_id, v.payload, v.at
      from (values ${sql.join(values, sql`, `)}) as v(id, version, payload, at)
      join alerts a on a.id = v.id and a.version = v.version and a.active
      returning id, user_id, alert_id, coin_coingecko_id, event_payload, created_at`);
    for (const row of rowsOf<{
      id: string;
      user_id: string;
      alert_id: string | null;
      coin_coingecko_id: string;
      event_payload: AlertEventPayload | string;
      created_at: Date | string;
    }>(result)) {
      written.push({
        id: row.id,
        userId: row.user_id,
        alertId: row.alert_id,
        coinId: row.coin_coingecko_id,
        payload:
          typeof row.event_payload === 'string'
            ? (JSON.parse(row.event_payload) as AlertEventPayload)
            : row.event_payload,
        at: new Date(row.created_at),
      });
    }
  }
  for (const part of chunks(updates)) {
    const values: SQL[] = part.map(
      (u) =>
        sql`(${u.id}::uuid, ${u.version}::int, ${u.last}::text, ${u.lastStrict}::text, ${u.firedAt?.toISOString() ?? null}::timestamptz)`,
    );
    await tx.execute(sql`
      update alerts as a
      set state_last = v.last, state_last_strict = v.strict,
          last_triggered_at = coalesce(v.fired_at, a.last_triggered_at)
      from (values ${sql.join(values, sql`, `)}) as v(id, version, last, strict, fired_at)
      where a.id = v.id and a.version = v.version and a.active`);
  }
  return written;
}

/** Where the engine's last run is kept (a market-derived record, so it lives with the market cache). */
const engineStatusKey = 'alerts:engine-status';

/** Records the engine's last run, for every process's alert list. */
export async function writeEngineStatus(db: Db, status: AlertEvaluation): Promise<void> {
  const row = { payload: status, source: status.source, fetchedAt: new Date(status.at) };
  await db
    .insert(marketCache)
    .values({ key: engineStatusKey, ...row })
    .onConflictDoUpdate({ target: marketCache.key, set: row });
}

export async function readEngineStatus(db: Db): Promise<AlertEvaluation | null> {
  const rows = await db
    .select({ payload: marketCache.payload })
    .from(marketCache)
    .where(eq(marketCache.key, engineStatusKey))
    .limit(1);
  const parsed = alertEvaluationSchema.safeParse(rows[0]?.payload);
  return parsed.success ? parsed.data : null;
}

/**
 * States learnt from demo prices say nothing about real ones: on the switch to live every alert
 * starts afresh (inside the switch's transaction), and the revision bump makes the engine's
 * in-memory copy re-read them, so the first live tick compares live with live.
 */
export async function resetAlertStates(tx: Db): Promise<void> {
  await tx.execute(sql`
    update alerts set state_last = null, state_last_strict = null,
      revision = nextval('alerts_revision_seq')
    where state_last is not null or state_last_strict is not null`);
}
