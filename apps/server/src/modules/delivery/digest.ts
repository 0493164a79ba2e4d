import type { DeliveryMessage } from '@app/contracts';
import { and, asc, eq, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notificationDeliveries, notificationPreferences } from '../../db/schema/index.ts';
import { digestMessage } from './delivery-text.ts';
import { insertDeliveries } from './outbox.repository.ts';
import { digestDue } from './quiet-hours.ts';

/**
 * The daily digest: with it on, alerts are held (`digest`) instead of sent; once the
 * user's local digest time has passed, each channel gets one message listing the alerts held
 * before it (those held later wait for the next day's), written to the outbox like any other (so
 * it inherits retries and the dead-letter state). The day is claimed by a conditional update, so two processes never write two digests.
 */
export async function runDueDigests(db: Db, now: Date, publicUrl: string): Promise<number> {
  const prefs = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.digest, true));
  let written = 0;
  for (const p of prefs) {
    const due = digestDue(now, p);
    if (!due) continue;
    const { date, cutoff } = due;
    written += await db.transaction(async (tx) => {
      const claimed = await tx
        .update(notificationPreferences)
        .set({ lastDigestDate: date })
        .where(
          and(
            eq(notificationPreferences.userId, p.userId),
            or(
              isNull(notificationPreferences.lastDigestDate),
              ne(notificationPreferences.lastDigestDate, date),
            ),
          ),
        )
        .returning({ userId: notificationPreferences.userId });
      if (claimed.length === 0) return 0;
      const held = await tx
        .select({
          id: notificationDeliveries.id,
          channelId: notificationDeliveries.channelId,
          message: notificationDeliveries.message,
        })
        .from(notificationDeliveries)
        .where(
          and(
            eq(notificationDeliveries.userId, p.userId),
            eq(notificationDeliveries.status, 'digest'),
            lt(notificationDeliveries.firedAt, cutoff),
          ),
        )
        .orderBy(asc(notificationDeliveries.firedAt));
      if (held.length === 0) return 0;
      const byChannel = new Map<string, DeliveryMessage[]>();
      for (const h of held) byChannel.set(h.channelId, [...(byChannel.get(h.channelId) ?? []), h.message]);
      await insertDeliveries(
        tx,
        [...byChannel].map(([channelId, messages]) => ({
          userId: p.userId,
          channelId,
          notificationId: null,
          idempotencyKey: `digest:${channelId}:${date}`,
          message: digestMessage(messages, date, now, publicUrl),
          status: 'pending' as const,
          nextAttemptAt: now,
          firedAt: now,
        })),
      );
      await tx
        .update(notificationDeliveries)
        .set({ status: 'digested' })
        .where(
          inArray(
            notificationDeliveries.id,
            held.map((h) => h.id),
          ),
        );
      return byChannel.size;
    });
  }
  return written;
}
