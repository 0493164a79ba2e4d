import type { AlertEventPayload } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { enabledChannelsOf, preferencesOf } from './channels.repository.ts';
import { alertMessage } from './delivery-text.ts';
import { insertDeliveries, type NewDelivery } from './outbox.repository.ts';
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

/**
 * Writes one outbox row per (notification, chosen channel) inside the transaction that wrote the
 * notifications, so a notification and its deliveries commit together or not at all. The
 * idempotency key is `<notification id>:<channel id>`: unique, and the same on every attempt.
 * Quiet hours move the first attempt to the window's end; the digest holds the row for the day's
 * digest; a channel already failing gets the row as a dead letter (visible, retryable), unsent.
 */
export async function fanOutDeliveries(
  tx: Db,
  fired: readonly FiredNotification[],
  channelIdsByAlert: ReadonlyMap<string, string[] | null>,
  publicUrl: string,
): Promise<number> {
  if (fired.length === 0) return 0;
  const userIds = [...new Set(fired.map((f) => f.userId))];
  const channels = await enabledChannelsOf(tx, userIds);
  if (channels.length === 0) return 0;
  const prefs = new Map((await preferencesOf(tx, userIds)).map((p) => [p.userId, p]));
  const byUser = new Map<string, typeof channels>();
  for (const c of channels) byUser.set(c.userId, [...(byUser.get(c.userId) ?? []), c]);

  const rows: NewDelivery[] = [];
  for (const n of fired) {
    const mine = byUser.get(n.userId);
    if (!mine) continue;
    const chosen = n.alertId ? (channelIdsByAlert.get(n.alertId) ?? null) : null;
    const pref = prefs.get(n.userId);
    const message = alertMessage({ coinId: n.coinId, payload: n.payload, firedAt: n.at, publicUrl });
    for (const channel of mine) {
      if (chosen !== null && !chosen.includes(channel.id)) continue;
      const failing = channel.status === 'failing';
      rows.push({
        userId: n.userId,
        channelId: channel.id,
        notificationId: n.id,
        idempotencyKey: `${n.id}:${channel.id}`,
        message,
        status: failing ? 'dead' : pref?.digest ? 'digest' : 'pending',
        nextAttemptAt: pref ? quietUntil(n.at, pref) : n.at,
        firedAt: n.at,
        lastError: failing
          ? `Not sent: the channel is failing (${channel.lastError ?? 'error'}); fix it and send a test.`
          : null,
      });
    }
  }
  await insertDeliveries(tx, rows);
  return rows.length;
}
