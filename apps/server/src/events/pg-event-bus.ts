import pg from 'pg';
import type { BusEvent, BusListener, EventBus } from './event-bus.ts';

/** One channel for the whole app; payloads are tiny JSON (far below NOTIFY's 8000-byte cap). */
export const eventChannel = 'app_events';

export interface PgEventBusOptions {
  connectionString: string;
  /** Reports listener connection problems; the bus reconnects on its own. */
  onError?: (error: unknown) => void;
  /** Delay before re-listening after a dropped connection (ms); doubles up to 30 s. */
  reconnectDelayMs?: number;
}

function parseEvent(payload: string | undefined): BusEvent | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as Partial<BusEvent>;
    if (value.type === 'buffers' && typeof value.at === 'string') return { type: 'buffers', at: value.at };
    if (
      value.type === 'notification' &&
      typeof value.userId === 'string' &&
      typeof value.notificationId === 'string'
    ) {
      return { type: 'notification', userId: value.userId, notificationId: value.notificationId };
    }
  } catch {
    // A foreign or garbled payload on our channel is dropped, never thrown into a listener.
  }
  return null;
}

/** Events per pg_notify statement: each is a few hundred bytes, the statement stays small. */
const publishBatch = 1_000;

/**
 * The bus across processes on one PostgreSQL: publish is `pg_notify`, and every
 * process, the publisher included, hears the event on its LISTEN connection. So a notification
 * written by the job leader reaches an SSE client connected to any process. Events sent while a
 * listener is reconnecting are lost by design: the notification list is the source of truth and
 * the client refetches it after reconnecting.
 */
export async function createPgEventBus(options: PgEventBusOptions): Promise<EventBus> {
  const listeners = new Set<BusListener>();
  const publisher = new pg.Pool({ connectionString: options.connectionString, max: 2 });
  publisher.on('error', (error) => options.onError?.(error));
  const baseDelay = options.reconnectDelayMs ?? 1_000;
  let listener: pg.Client | null = null;
  let closed = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let delay = baseDelay;

  const dispatch = (message: pg.Notification) => {
    if (message.channel !== eventChannel) return;
    const event = parseEvent(message.payload);
    if (!event) return;
    for (const fn of listeners) {
      try {
        fn(event);
      } catch {
        // One failing subscriber must not starve the others.
      }
    }
  };

  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString: options.connectionString });
    client.on('notification', dispatch);
    client.on('error', (error) => {
      options.onError?.(error);
      scheduleReconnect(client);
    });
    client.on('end', () => scheduleReconnect(client));
    await client.connect();
    await client.query(`LISTEN ${eventChannel}`);
    listener = client;
    delay = baseDelay;
  }

  function scheduleReconnect(client: pg.Client): void {
    if (closed || listener !== client) return;
    listener = null;
    client.removeAllListeners('notification');
    client.end().catch(() => {});
    const attempt = () => {
      retryTimer = null;
      if (closed) return;
      listen().catch((error: unknown) => {
        options.onError?.(error);
        delay = Math.min(delay * 2, 30_000);
        retryTimer = setTimeout(attempt, delay);
        retryTimer.unref();
      });
    };
    retryTimer = setTimeout(attempt, delay);
    retryTimer.unref();
  }

  await listen();

  return {
    async publish(event) {
      await publisher.query('select pg_notify($1, $2)', [eventChannel, JSON.stringify(event)]);
    },
    async publishAll(events) {
      // One statement per batch: a tick that fires thousands of alerts would otherwise wait for
      // one round trip per notification. Listeners hear them in array order.
      for (let i = 0; i < events.length; i += publishBatch) {
        const payloads = events.slice(i, i + publishBatch).map((event) => JSON.stringify(event));
        await publisher.query(
          'select pg_notify($1, payload) from unnest($2::text[]) with ordinality as t(payload, n) order by n',
          [eventChannel, payloads],
        );
      }
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      listeners.clear();
      const client = listener;
      listener = null;
      await client?.end().catch(() => {});
      await publisher.end().catch(() => {});
    },
  };
}
