import { alertEventPayloadSchema, type DeliveryMessage } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { Clock } from '../../lib/clock.ts';
import { loadChannelsForSend } from './channels.repository.ts';
import { runDueDigests } from './digest.ts';
import type { Dispatcher, SendableChannel } from './dispatch.ts';
import {
  type ClaimedDelivery,
  claimDue,
  markChannelFailing,
  markDead,
  markDelivered,
  markRetry,
} from './outbox.repository.ts';

export interface DeliveryWorkerOptions {
  db: Db;
  clock: Clock;
  dispatcher: Dispatcher;
  publicUrl: string;
  bus?: EventBus;
  logger?: {
    warn(o: Record<string, unknown>, m: string): void;
    error(o: Record<string, unknown>, m: string): void;
  };
  /** Rows claimed per round; sends run `concurrency` at a time. */
  batchSize?: number;
  concurrency?: number;
  /** How often an idle worker looks for due rows (a `notification` event wakes it at once). */
  pollMs?: number;
  /** How long a claim holds a row; longer than one send can take, so only a dead sender's row returns. */
  leaseMs: number;
  maxAttempts?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** How often the daily digests are looked at. */
  digestEveryMs?: number;
}

export interface DeliveryRound {
  claimed: number;
  delivered: number;
  retried: number;
  dead: number;
}

export interface DeliveryWorker {
  /** Claims and sends due rows until none is due; returns what happened. */
  drain(): Promise<DeliveryRound>;
  /** Writes the digests whose local time has come. */
  digests(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

/** Successful sends are marked in groups of this many (see drain). */
const markEvery = 100;

/** Exponential backoff with ±20 % jitter, so retries from one outage do not arrive in step. */
export function backoffMs(attempt: number, baseMs: number, maxMs: number): number {
  const raw = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(raw * (0.8 + Math.random() * 0.4));
}

async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * The outbox's sender. Every process may run one: claims are disjoint (SKIP LOCKED)
 * and fenced by the attempt count, so two processes never send the same row at once, and a row
 * whose sender was killed is sent again after its lease (at-least-once; receivers get the same
 * Idempotency-Key both times).
 */
export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { db, clock } = options;
  const batchSize = options.batchSize ?? 500;
  const concurrency = options.concurrency ?? 64;
  const maxAttempts = options.maxAttempts ?? 8;
  const baseMs = options.backoffBaseMs ?? 5_000;
  const maxMs = options.backoffMaxMs ?? 3_600_000;
  let timer: NodeJS.Timeout | null = null;
  let unsubscribe: (() => void) | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let lastDigestAt = 0;

  /** The one notice that a channel started failing, as an in-app notification. */
  async function tellOnce(channel: SendableChannel, d: ClaimedDelivery, error: string): Promise<void> {
    const payload = alertEventPayloadSchema.safeParse(d.message.data);
    if (!payload.success) return; // a digest or test message: the settings page shows the state
    const [row] = await db
      .insert(notifications)
      .values({
        userId: channel.userId,
        alertId: null,
        coinCoingeckoId: d.message.coin_id ?? 'bitcoin',
        eventPayload: {
          ...payload.data,
          channel_failure: { channel_id: channel.id, channel_name: channel.name, error },
        },
        createdAt: clock(),
      })
      .returning({ id: notifications.id });
    if (row)
      await options.bus?.publish({ type: 'notification', userId: channel.userId, notificationId: row.id });
  }

  async function settle(
    channel: SendableChannel | undefined,
    d: ClaimedDelivery,
    round: DeliveryRound,
    sent: ClaimedDelivery[],
  ) {
    if (!channel) return; // deleted: its rows went with it (cascade)
    const notSent = async (why: string) => {
      await markDead(db, d, why);
      round.dead += 1;
    };
    if (!channel.enabled) return notSent('Not sent: the channel is turned off.');
    if (channel.status === 'failing') {
      return notSent(
        `Not sent: the channel is failing (${channel.lastError ?? 'error'}); fix it and send a test.`,
      );
    }
    const outcome = await options.dispatcher.dispatch(channel, d.message, d.idempotencyKey);
    const now = clock();
    if (outcome.ok) {
      sent.push(d); // written with the round's other successes, in one statement
      return;
    }
    if (outcome.permanent) {
      await markDead(db, d, outcome.error);
      round.dead += 1;
      if (await markChannelFailing(db, channel.id, outcome.error, now)) {
        channel.status = 'failing';
        await tellOnce(channel, d, outcome.error);
      }
      return;
    }
    if (d.attempts >= maxAttempts) {
      await markDead(db, d, `${outcome.error} (gave up after ${d.attempts} attempts)`);
      round.dead += 1;
      return;
    }
    await markRetry(db, d, new Date(now.getTime() + backoffMs(d.attempts, baseMs, maxMs)), outcome.error);
    round.retried += 1;
  }

  async function drain(): Promise<DeliveryRound> {
    const round: DeliveryRound = { claimed: 0, delivered: 0, retried: 0, dead: 0 };
    for (;;) {
      const claimed = await claimDue(db, clock(), batchSize, options.leaseMs);
      if (claimed.length === 0) return round;
      round.claimed += claimed.length;
      const channels = await loadChannelsForSend(db, [...new Set(claimed.map((c) => c.channelId))]);
      const sent: ClaimedDelivery[] = [];
      // Successes are written a hundred at a time while the round goes on: one statement per row
      // is what bounds the embedded database at 1,000 alerts a second, and a small group keeps
      // the rows a crash could send twice (sent, not yet marked) few. Such rows come back when
      // their lease ends and go out again under the same idempotency key: at-least-once.
      const flush = async () => {
        const chunk = sent.splice(0);
        await markDelivered(db, chunk, clock());
        round.delivered += chunk.length;
      };
      await forEachLimited(claimed, concurrency, async (d) => {
        try {
          await settle(channels.get(d.channelId), d, round, sent);
          if (sent.length >= markEvery) await flush();
        } catch (error) {
          // The lease brings the row back; the next round tries again.
          options.logger?.error({ err: error, delivery: d.id }, 'delivery bookkeeping failed');
        }
      });
      await flush();
      if (claimed.length < batchSize) return round;
    }
  }

  async function digests(): Promise<number> {
    return runDueDigests(db, clock(), options.publicUrl);
  }

  async function loop(): Promise<void> {
    do {
      again = false;
      try {
        if (clock().getTime() - lastDigestAt >= (options.digestEveryMs ?? 60_000)) {
          lastDigestAt = clock().getTime();
          await digests();
        }
        await drain();
      } catch (error) {
        options.logger?.error({ err: error, job: 'delivery' }, 'delivery round failed');
      }
    } while (again && !stopped);
  }

  function kick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = loop().finally(() => {
      running = null;
    });
  }

  return {
    drain,
    digests,
    start() {
      timer = setInterval(kick, options.pollMs ?? 1_000);
      timer.unref();
      unsubscribe =
        options.bus?.subscribe((event) => {
          if (event.type === 'notification') kick();
        }) ?? null;
      kick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      unsubscribe?.();
      await running;
    },
  };
}

export type { DeliveryMessage };
