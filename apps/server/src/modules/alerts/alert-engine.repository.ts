import {
  type AlertEvaluation,
  type AlertEventPayload,
  type AlertOperand,
  type AlertOperator,
  alertEvaluationSchema,
} from '@app/contracts';
import type { AlertRelation } from '@app/core';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { marketCache } from '../../db/schema/index.ts';

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
  /** A price threshold's currency ('usd' for every other condition). */
  currency: string;
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

/** A firing with what its deliveries need to know of the alert. */
export interface FiringToWrite extends Firing {
  userId: string;
  coinId: string;
  channelIds: string[] | null;
}

/** A notification as committed: enough to tell its owner's streams. */
export interface WrittenNotice {
  id: string;
  userId: string;
}

/*
 * The engine reads every active alert as one text value: PGlite hands each row and column to
 * JavaScript one by one, and over a large table of rows with three jsonb columns that handing
 * costs several times the query itself; one aggregated string, split here, costs a fraction. Fields are separated by
 * U+001F and rows by U+001E. Neither can appear unescaped: uuids, integers and the fixed
 * vocabularies are plain, jsonb prints control characters as \u escapes, and the one free text
 * (the coin id) goes through to_json for the same reason. concat() writes NULL as an empty field.
 */
const fieldSep = '\u001f';
const rowSep = '\u001e';
const packedFields = 13;

const packedAlert = sql.raw(`concat(a.id, chr(31), a.user_id, chr(31), to_json(a.coin_id), chr(31), a."left",
  chr(31), a.op, chr(31), a."right", chr(31), a.state_last, chr(31), a.state_last_strict, chr(31), a.version,
  chr(31), a.revision, chr(31), a.active, chr(31), a.channel_ids, chr(31), a.currency)`);

/**
 * Operands repeat across alerts (the same `rsi(14)` on thousands of rows): each distinct text is
 * parsed once and the object shared, frozen so no reader can change it for the others.
 */
function operandParser(): (text: string) => AlertOperand {
  const seen = new Map<string, AlertOperand>();
  return (text) => {
    let operand = seen.get(text);
    if (!operand) {
      const parsed = JSON.parse(text) as AlertOperand;
      Object.freeze(parsed.params);
      operand = Object.freeze(parsed);
      seen.set(text, operand);
    }
    return operand;
  };
}

function unpackAlerts(packed: unknown): EngineAlert[] {
  if (typeof packed !== 'string' || packed === '') return [];
  const operand = operandParser();
  const out: EngineAlert[] = [];
  for (const row of packed.split(rowSep)) {
    const f = row.split(fieldSep);
    if (f.length !== packedFields) throw new Error(`An alert row came back with ${f.length} fields`);
    const [id, userId, coin, left, op, right, last, strict, version, revision, active, channels, currency] =
      f as [
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
      ];
    out.push({
      id,
      userId,
      coinId: JSON.parse(coin) as string,
      left: operand(left),
      op: op as AlertOperator,
      right: operand(right),
      stateLast: last === '' ? null : (last as AlertRelation),
      stateLastStrict: strict === '' ? null : (strict as 'above' | 'below'),
      version: Number(version),
      revision: Number(revision),
      active: active === 't' || active === 'true',
      channelIds: channels === '' ? null : (JSON.parse(channels) as string[] | null),
      currency,
    });
  }
  return out;
}

/** Every active alert, in one query. */
export async function readActiveAlerts(db: Db): Promise<EngineAlert[]> {
  const result = await db.execute(sql`
    select string_agg(${packedAlert}, chr(30)) as packed from alerts a where a.active`);
  return unpackAlerts(rowsOf(result)[0]?.packed);
}

/**
 * In one query: the alerts inserted or edited (paused ones included) after `revision`, and how
 * many alerts are active now, which tells a reader holding the others whether any was deleted.
 */
export async function readAlertChanges(
  db: Db,
  revision: number,
): Promise<{ changed: EngineAlert[]; activeCount: number }> {
  const result = await db.execute(sql`
    select (select count(*) from alerts where active)::int as active_count,
      (select string_agg(${packedAlert}, chr(30)) from alerts a where a.revision > ${revision}::bigint) as packed`);
  const row = rowsOf(result)[0];
  return { changed: unpackAlerts(row?.packed), activeCount: Number(row?.active_count ?? 0) };
}

/**
 * One statement for a batch of the tick's outcome: the alerts' new states, the notifications of
 * those that fired and, through `outbox` (a builder given the CTE of the notifications just
 * written), their delivery rows. Each state is matched on (id, version, active) and only alerts
 * so updated get a notification, so an alert edited, paused or deleted while the tick was
 * computing keeps its new state and gets nothing for the old condition. JSON parameters carry
 * the rows, so a batch never meets the bind-parameter limit. Every firing's alert must have its
 * state change in the same batch (a firing always changes the state's time). Call inside a
 * transaction.
 */
export async function writeTickBatch(
  tx: Db,
  updates: readonly StateUpdate[],
  firings: readonly Firing[],
  outbox: ((written: SQL) => SQL) | null,
): Promise<WrittenNotice[]> {
  if (updates.length === 0) return [];
  const states = updates.map((u) => ({
    id: u.id,
    version: u.version,
    last: u.last,
    strict: u.lastStrict,
    fired_at: u.firedAt?.toISOString() ?? null,
  }));
  const update = sql`
    update alerts as a
    set state_last = v.last, state_last_strict = v.strict,
        last_triggered_at = coalesce(v.fired_at, a.last_triggered_at)
    from json_to_recordset(${JSON.stringify(states)}::json)
      as v(id uuid, version int, last text, strict text, fired_at timestamptz)
    where a.id = v.id and a.version = v.version and a.active`;
  if (firings.length === 0) {
    await tx.execute(update);
    return [];
  }
  const records = firings.map((f) => ({ alert_id: f.alertId, payload: f.payload, at: f.at.toISOString() }));
  const written = sql.raw('written');
  const result = await tx.execute(sql`
    with updated as (${update} returning a.id, a.user_id, a.coin_id),
    ${written} as (
      insert into notifications (user_id, alert_id, coin_coingecko_id, event_payload, created_at)
      select u.user_id, u.id, u.coin_id, f.payload, f.at
      from json_to_recordset(${JSON.stringify(records)}::json) as f(alert_id uuid, payload jsonb, at timestamptz)
      join updated u on u.id = f.alert_id
      returning id, user_id, alert_id
    )${outbox ? sql`, outbox as (${outbox(written)})` : sql``}
    select id, user_id from ${written}`);
  return rowsOf(result).map((r) => ({ id: String(r.id), userId: String(r.user_id) }));
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
