import type { DeliveryMessage, DeliveryStatus } from '@app/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { notificationChannels, notificationDeliveries } from '../../db/schema/index.ts';

export interface NewDelivery {
  userId: string;
  channelId: string;
  notificationId: string | null;
  idempotencyKey: string;
  message: DeliveryMessage;
  status: DeliveryStatus;
  nextAttemptAt: Date;
  firedAt: Date;
  lastError?: string | null;
}

/** Idempotent by key: writing the same notification's deliveries twice adds nothing. */
export async function insertDeliveries(db: Db, rows: readonly NewDelivery[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    const part = rows.slice(i, i + 500);
    await db
      .insert(notificationDeliveries)
      .values(part.map((r) => ({ ...r, lastError: r.lastError ?? null })))
      .onConflictDoNothing({ target: notificationDeliveries.idempotencyKey });
  }
}

/** An outbox row planned for a firing before its notification's id is known. */
export interface PlannedDelivery {
  /** Ties the row to its firing: the notification id, or the alert id when written together. */
  key: string;
  userId: string;
  channelId: string;
  message: DeliveryMessage;
  status: DeliveryStatus;
  nextAttemptAt: Date;
  firedAt: Date;
  lastError: string | null;
}

/**
 * The insert of the outbox rows for notifications that the surrounding statement writes, as one
 * of its data-modifying CTEs: `written` names a CTE returning the new notifications' `id`,
 * `user_id` and `alert_id`, and each row's `key` is its alert's id (one firing per alert). Joining it means only notifications that were really written (the
 * alert still as evaluated) get rows, and the idempotency key, `<notification id>:<channel id>`
 * as `insertDeliveries`' callers spell it, is built from the id the database just gave. One JSON
 * parameter carries every row, so the statement's size does not grow with bind parameters.
 */
export function deliveriesOfWritten(rows: readonly PlannedDelivery[], written: SQL): SQL {
  const records = rows.map((r) => ({
    alert_id: r.key,
    channel_id: r.channelId,
    message: r.message,
    status: r.status,
    next_attempt_at: r.nextAttemptAt.toISOString(),
    fired_at: r.firedAt.toISOString(),
    last_error: r.lastError,
  }));
  return sql`
    insert into notification_deliveries (user_id, channel_id, notification_id, idempotency_key, message,
      status, next_attempt_at, fired_at, last_error)
    select w.user_id, d.channel_id, w.id, w.id::text || ':' || d.channel_id::text, d.message, d.status,
      d.next_attempt_at, d.fired_at, d.last_error
    from json_to_recordset(${JSON.stringify(records)}::json) as d(alert_id uuid, channel_id uuid,
      message jsonb, status text, next_attempt_at timestamptz, fired_at timestamptz, last_error text)
    join ${written} w on w.alert_id = d.alert_id
    on conflict (idempotency_key) do nothing`;
}

export interface ClaimedDelivery {
  id: string;
  userId: string;
  channelId: string;
  notificationId: string | null;
  idempotencyKey: string;
  message: DeliveryMessage;
  /** Attempts including this one; also the fencing token for the outcome's update. */
  attempts: number;
  firedAt: Date;
}

/**
 * Claims up to `limit` due rows for this worker: FOR UPDATE SKIP LOCKED so concurrent workers
 * (other processes on PostgreSQL) take disjoint rows, and a lease (`locked_until`) so a row whose
 * sender died (kill -9) comes back once the lease ends. A re-check of the WHERE on the locked
 * row's newest version keeps a row another worker just claimed out.
 */
export async function claimDue(
  db: Db,
  now: Date,
  limit: number,
  leaseMs: number,
): Promise<ClaimedDelivery[]> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + leaseMs).toISOString();
  const result = await db.execute(sql`
    with due as (
      select id from notification_deliveries
      where status = 'pending' and next_attempt_at <= ${at}::timestamptz
        and (locked_until is null or locked_until <= ${at}::timestamptz)
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    update notification_deliveries d
    set locked_until = ${until}::timestamptz, attempts = d.attempts + 1
    from due where d.id = due.id
    returning d.id, d.user_id, d.channel_id, d.notification_id, d.idempotency_key, d.message,
      d.attempts, d.fired_at`);
  type Raw = {
    id: string;
    user_id: string;
    channel_id: string;
    notification_id: string | null;
    idempotency_key: string;
    message: DeliveryMessage | string;
    attempts: number;
    fired_at: Date | string;
  };
  return (rowsOf(result) as Raw[]).map((r) => ({
    id: r.id,
    userId: r.user_id,
    channelId: r.channel_id,
    notificationId: r.notification_id,
    idempotencyKey: r.idempotency_key,
    message: typeof r.message === 'string' ? (JSON.parse(r.message) as DeliveryMessage) : r.message,
    attempts: Number(r.attempts),
    firedAt: new Date(r.fired_at),
  }));
}

const fenced = (d: Pick<ClaimedDelivery, 'id' | 'attempts'>) =>
  and(
    eq(notificationDeliveries.id, d.id),
    eq(notificationDeliveries.attempts, d.attempts),
    eq(notificationDeliveries.status, 'pending'),
  );

/**
 * Marks a round's successful sends in one statement per 1,000 (at 1,000 alerts a second a
 * statement per row is what bounds the embedded database), each fenced by its attempt count.
 */
export async function markDelivered(db: Db, sent: readonly ClaimedDelivery[], now: Date): Promise<void> {
  for (let i = 0; i < sent.length; i += 1_000) {
    const values = sent.slice(i, i + 1_000).map((d) => sql`(${d.id}::uuid, ${d.attempts}::int)`);
    await db.execute(sql`
      update notification_deliveries d
      set status = 'delivered', delivered_at = ${now.toISOString()}::timestamptz, locked_until = null,
        last_error = null
      from (values ${sql.join(values, sql`, `)}) as v(id, attempts)
      where d.id = v.id and d.attempts = v.attempts and d.status = 'pending'`);
  }
}

export async function markRetry(db: Db, d: ClaimedDelivery, nextAt: Date, error: string): Promise<void> {
  await db
    .update(notificationDeliveries)
    .set({ nextAttemptAt: nextAt, lockedUntil: null, lastError: error })
    .where(fenced(d));
}

export async function markDead(db: Db, d: ClaimedDelivery, error: string): Promise<void> {
  await db
    .update(notificationDeliveries)
    .set({ status: 'dead', lockedUntil: null, lastError: error })
    .where(fenced(d));
}

/** ok → failing once; true only for the call that made the change (the user is told once). */
export async function markChannelFailing(
  db: Db,
  channelId: string,
  error: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(notificationChannels)
    .set({ status: 'failing', lastError: error, failingSince: now, updatedAt: now })
    .where(and(eq(notificationChannels.id, channelId), eq(notificationChannels.status, 'ok')))
    .returning({ id: notificationChannels.id });
  return rows.length > 0;
}
