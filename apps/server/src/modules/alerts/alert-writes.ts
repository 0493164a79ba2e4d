import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deliveriesOfWritten, type PlannedDelivery, planDeliveries } from '../delivery/index.ts';
import {
  type FiringToWrite,
  type StateUpdate,
  type WrittenNotice,
  writeTickBatch,
} from './alert-engine.repository.ts';

/** State changes (with their firings) per statement: enough that round trips stop mattering. */
export const defaultWriteBatch = 5_000;

function* batches<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/**
 * Writes one tick's outcome inside the caller's transaction: one statement per batch of state
 * changes writes them with the notifications of the alerts among them that fired and those
 * notifications' outbox rows. The users' channels and preferences are read once for all firings. The
 * transaction is the tick's guarantee: it commits every notification with its deliveries and the
 * states that stop them firing again, or nothing, so a crash mid-tick leaves the alerts as they
 * were and the next tick fires them once.
 */
export async function writeTickResults(
  tx: Db,
  updates: readonly StateUpdate[],
  firings: readonly FiringToWrite[],
  options: { publicUrl: string; batchSize: number },
): Promise<WrittenNotice[]> {
  const size = Math.max(1, Math.floor(options.batchSize));
  const planned = await planDeliveries(
    tx,
    firings.map((f) => ({
      key: f.alertId,
      userId: f.userId,
      alertId: f.alertId,
      coinId: f.coinId,
      payload: f.payload,
      at: f.at,
    })),
    new Map(firings.map((f) => [f.alertId, f.channelIds])),
    options.publicUrl,
  );
  const byAlert = new Map<string, PlannedDelivery[]>();
  for (const p of planned) {
    const list = byAlert.get(p.key);
    if (list) list.push(p);
    else byAlert.set(p.key, [p]);
  }

  const firingOf = new Map(firings.map((f) => [f.alertId, f]));
  // A firing is written beside its alert's state change; one without would be lost silently.
  const changed = new Set(updates.map((u) => u.id));
  if (firings.some((f) => !changed.has(f.alertId))) throw new Error('A firing came without its state change');
  const written: WrittenNotice[] = [];
  for (const part of batches(updates, size)) {
    const fired = part.flatMap((u) => {
      const f = firingOf.get(u.id);
      return f ? [f] : [];
    });
    const rows = fired.flatMap((f) => byAlert.get(f.alertId) ?? []);
    const outbox = rows.length > 0 ? (cte: SQL) => deliveriesOfWritten(rows, cte) : null;
    written.push(...(await writeTickBatch(tx, part, fired, outbox)));
  }
  return written;
}
