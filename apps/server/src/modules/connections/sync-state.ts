import type { ConnectionKind, ConnectionProgress } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { connectionById, saveFailed, saveProgress } from './sync.repository.ts';

/** What the owner is told, once, when a connection starts failing. */
export interface FailureNotice {
  userId: string;
  connectionId: string;
  label: string;
  kind: ConnectionKind;
  message: string;
}

/**
 * Writes the owner's notice inside the transaction that records the failure (so a crash cannot
 * tell twice or not at all), and returns what announces it once that transaction committed.
 */
export interface FailureNotifier {
  write(tx: Db, notice: FailureNotice, at: Date): Promise<() => Promise<void>>;
}

/** Why a sync stopped, in words for the connection's status line. */
export interface SyncFailure {
  message: string;
  /** The explorer asked for a pause at least this long. */
  retryAfterMs?: number | undefined;
  /** Retrying cannot help until the owner acts (the key no longer opens): no next try is planned. */
  needsAttention?: boolean;
}

const firstRetryMs = 5 * 60_000;

/** Five minutes after the first failure, doubling each time, never later than the usual interval. */
export function retryDelayMs(failures: number, intervalMs: number, retryAfterMs = 0): number {
  const backoff = Math.min(intervalMs, firstRetryMs * 2 ** Math.min(Math.max(failures - 1, 0), 20));
  return Math.max(backoff, retryAfterMs);
}

/**
 * A failed sync leaves every row as it was: only the connection's status changes (failed, the
 * reason, one more failure, the next try). Its owner is told on the first failure of a streak;
 * the next good sync clears the mark, so the streak after it is told again.
 */
export async function recordFailure(
  db: Db,
  deps: { clock: Clock; intervalMs: number; notifier: FailureNotifier | undefined },
  connectionId: string,
  failure: SyncFailure,
): Promise<void> {
  const announce = await db.transaction(async (tx) => {
    const row = await connectionById(tx, connectionId, true);
    if (!row) return undefined;
    const now = deps.clock();
    const failures = row.failures + 1;
    const next = failure.needsAttention
      ? null
      : new Date(now.getTime() + retryDelayMs(failures, deps.intervalMs, failure.retryAfterMs));
    const tell = row.failureNotifiedAt === null;
    await saveFailed(
      tx,
      row.id,
      {
        state: failure.needsAttention ? 'needs_attention' : 'failed',
        message: failure.message,
        failures,
        nextSyncAt: next,
      },
      tell ? now : row.failureNotifiedAt,
      now,
    );
    if (!tell || !deps.notifier) return undefined;
    return deps.notifier.write(
      tx,
      {
        userId: row.userId,
        connectionId: row.id,
        label: row.label,
        kind: row.kind as ConnectionKind,
        message: failure.message,
      },
      now,
    );
  });
  await announce?.();
}

/**
 * The connection row's progress while a read runs, written at most every `gapMs` so a fast
 * explorer does not turn every address into a database write; `flush` waits for the last one.
 */
export function progressWriter(db: Db, connectionId: string, gapMs = 250) {
  let lastAt = 0;
  let latest: ConnectionProgress | null = null;
  let chain: Promise<void> = Promise.resolve();
  const write = (progress: ConnectionProgress) => {
    chain = chain.then(() => saveProgress(db, connectionId, progress)).catch(() => undefined);
  };
  return {
    report(progress: ConnectionProgress): void {
      latest = progress;
      const now = Date.now();
      if (now - lastAt < gapMs) return;
      lastAt = now;
      write(progress);
    },
    async flush(): Promise<ConnectionProgress | null> {
      if (latest) write(latest);
      await chain;
      return latest;
    },
  };
}
