import type { AlertEventPayload, DeliveryMessage } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { enabledChannelsOf, preferencesOf } from './channels.repository.ts';
import { alertMessage } from './delivery-text.ts';
import { insertDeliveries, type PlannedDelivery } from './outbox.repository.ts';
import { quietUntil } from './quiet-hours.ts';

/** A notification the alert engine just wrote, as its repository returns it. */
export interface FiredNotification {
  id: string;
  userId: string;
  alertId: string | null;
  coinId: string;
  payload: AlertEventPayload;
  at: Date;
}

/** What a fan-out needs of one firing; `key` ties the planned rows back to it. */
export interface FanOutItem {
  key: string;
  userId: string;
  alertId: string | null;
  coinId: string;
  payload: AlertEventPayload;
  at: Date;
}

/**
 * The outbox rows for these firings: one per (firing, chosen channel). Quiet hours move the
 * first attempt to the window's end; the digest holds the row for the day's digest; a channel
 * already failing gets the row as a dead letter (visible, retryable), unsent. Reads the users'
 * channels and preferences once for the whole set, inside the caller's transaction, so the
 * rows follow the settings as they stand when the notifications commit.
 */
export async function planDeliveries(
  tx: Db,
  items: readonly FanOutItem[],
  channelIdsByAlert: ReadonlyMap<string, string[] | null>,
  publicUrl: string,
): Promise<PlannedDelivery[]> {
  if (items.length === 0) return [];
  const userIds = [...new Set(items.map((f) => f.userId))];
  const channels = await enabledChannelsOf(tx, userIds);
  if (channels.length === 0) return [];
  const prefs = new Map((await preferencesOf(tx, userIds)).map((p) => [p.userId, p]));
  const byUser = new Map<string, typeof channels>();
  for (const c of channels) {
    const list = byUser.get(c.userId);
    if (list) list.push(c);
    else byUser.set(c.userId, [c]);
  }
  // A tick's firings share one instant, so each user's quiet-hours answer is worked out once.
  const resumeAt = new Map<string, Date>();
  const resumeOf = (userId: string, at: Date): Date => {
    const pref = prefs.get(userId);
    if (!pref) return at;
    const memo = `${userId}@${at.getTime()}`;
    let until = resumeAt.get(memo);
    if (!until) {
      until = quietUntil(at, pref);
      resumeAt.set(memo, until);
    }
    return until;
  };

  const rows: PlannedDelivery[] = [];
  for (const n of items) {
    const mine = byUser.get(n.userId);
    if (!mine) continue;
    const chosen = n.alertId ? (channelIdsByAlert.get(n.alertId) ?? null) : null;
    const pref = prefs.get(n.userId);
    let message: DeliveryMessage | null = null;
    for (const channel of mine) {
      if (chosen !== null && !chosen.includes(channel.id)) continue;
      message ??= alertMessage({ coinId: n.coinId, payload: n.payload, firedAt: n.at, publicUrl });
      const failing = channel.status === 'failing';
      rows.push({
        key: n.key,
        userId: n.userId,
        channelId: channel.id,
        message,
        status: failing ? 'dead' : pref?.digest ? 'digest' : 'pending',
        nextAttemptAt: resumeOf(n.userId, n.at),
        firedAt: n.at,
        lastError: failing
          ? `Not sent: the channel is failing (${channel.lastError ?? 'error'}); fix it and send a test.`
          : null,
      });
    }
  }
  return rows;
}

/**
 * Writes one outbox row per (notification, chosen channel) inside the transaction that wrote the
 * notifications, so a notification and its deliveries commit together or not at all. The
 * idempotency key is `<notification id>:<channel id>`: unique, and the same on every attempt.
 */
export async function fanOutDeliveries(
  tx: Db,
  fired: readonly FiredNotification[],
  channelIdsByAlert: ReadonlyMap<string, string[] | null>,
  publicUrl: string,
): Promise<number> {
  const planned = await planDeliveries(
    tx,
    fired.map((n) => ({ ...n, key: n.id })),
    channelIdsByAlert,
    publicUrl,
  );
  await insertDeliveries(
    tx,
    planned.map((p) => ({
      userId: p.userId,
      channelId: p.channelId,
      notificationId: p.key,
      idempotencyKey: `${p.key}:${p.channelId}`,
      message: p.message,
      status: p.status,
      nextAttemptAt: p.nextAttemptAt,
      firedAt: p.firedAt,
      lastError: p.lastError,
    })),
  );
  return planned.length;
}
