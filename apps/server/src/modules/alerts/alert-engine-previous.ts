/**
 * The engine's reads and writes as they were before they were batched: a row-by-row read of the
 * active alerts, the changed rows and the active count as two queries, and chunks of 1,000
 * firings or state changes with one bind parameter per value, the outbox written after. Kept
 * whole and selected only by the engine's internal `previousPath` option, so the alerts bench
 * can show both in one run and the tests can check that the batched path writes the same rows.
 */
import type { AlertEventPayload } from '@app/contracts';
import { count, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { alerts } from '../../db/schema/index.ts';
import { type FiredNotification, fanOutDeliveries } from '../delivery/index.ts';
import { type AlertSource, groupByCoin } from './alert-cache.ts';
import type { EngineAlert, FiringToWrite, StateUpdate, WrittenNotice } from './alert-engine.repository.ts';

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
  currency: alerts.currency,
};

async function listActiveAlerts(db: Db): Promise<EngineAlert[]> {
  return db.select(engineColumns).from(alerts).where(eq(alerts.active, true));
}

async function listAlertsChangedSince(db: Db, revision: number): Promise<EngineAlert[]> {
  return db.select(engineColumns).from(alerts).where(gt(alerts.revision, revision));
}

async function countAllActiveAlerts(db: Db): Promise<number> {
  const rows = await db.select({ n: count() }).from(alerts).where(eq(alerts.active, true));
  return Number(rows[0]?.n ?? 0);
}

/** The earlier cache: the grouping by coin is worked out again on every tick, as it was. */
export function createPreviousAlertSource(
  db: Db,
  options: { fullReloadEvery: number; maxIdleMs: number },
): AlertSource {
  let byId: Map<string, EngineAlert> | null = null;
  let maxRevision = 0;
  let ticks = 0;
  let lastAt = 0;

  const track = (alert: EngineAlert) => {
    if (alert.revision > maxRevision) maxRevision = alert.revision;
  };

  async function full(): Promise<Map<string, EngineAlert>> {
    const rows = await listActiveAlerts(db);
    maxRevision = 0;
    byId = new Map(rows.map((r) => [r.id, r]));
    for (const r of rows) track(r);
    return byId;
  }

  return {
    async load(now) {
      ticks += 1;
      const stale =
        byId === null || ticks % options.fullReloadEvery === 0 || now - lastAt > options.maxIdleMs;
      lastAt = now;
      let cache = byId;
      if (stale || cache === null) cache = await full();
      else {
        for (const row of await listAlertsChangedSince(db, maxRevision)) {
          track(row);
          if (row.active) cache.set(row.id, row);
          else cache.delete(row.id);
        }
        if ((await countAllActiveAlerts(db)) !== cache.size) cache = await full();
      }
      return { count: cache.size, coins: groupByCoin(cache.values()) };
    },
    invalidate() {
      byId = null;
    },
  };
}

const chunkRows = 1_000;

function* chunks<T>(items: readonly T[]): Generator<T[]> {
  for (let i = 0; i < items.length; i += chunkRows) yield items.slice(i, i + chunkRows);
}

/** The earlier write: notifications by chunks of VALUES, then the outbox, then the states. */
export async function writePreviousTickResults(
  tx: Db,
  updates: readonly StateUpdate[],
  firings: readonly FiringToWrite[],
  publicUrl: string,
): Promise<WrittenNotice[]> {
  const written: FiredNotification[] = [];
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
    for (const row of rowsOf(result)) {
      const payload = row.event_payload as AlertEventPayload | string;
      written.push({
        id: String(row.id),
        userId: String(row.user_id),
        alertId: row.alert_id === null ? null : String(row.alert_id),
        coinId: String(row.coin_coingecko_id),
        payload: typeof payload === 'string' ? (JSON.parse(payload) as AlertEventPayload) : payload,
        at: new Date(row.created_at as Date | string),
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
  const channelIds = new Map(firings.map((f) => [f.alertId, f.channelIds]));
  await fanOutDeliveries(tx, written, channelIds, publicUrl);
  return written.map((n) => ({ id: n.id, userId: n.userId }));
}
