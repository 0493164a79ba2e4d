import { streamEvents, streamHeartbeatMs } from '@app/contracts';
import type { BusEvent, EventBus } from '../../events/event-bus.ts';
import type { Clock } from '../../lib/clock.ts';

/** The part of an HTTP response a stream writes to (node's ServerResponse satisfies it). */
export interface StreamSink {
  write(chunk: string): boolean;
  end(): void;
}

export interface StreamHub {
  /** Registers an open stream; returns the idempotent function that forgets (and ends) it. */
  add(userId: string, sink: StreamSink, expiresAt: Date): () => void;
  size(): number;
  /** Ends every stream (server shutdown) and leaves the bus. */
  close(): void;
}

interface Stream {
  userId: string;
  sink: StreamSink;
  expiresAt: number;
}

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Fans bus events out to open SSE streams. One bus subscription and one heartbeat timer serve
 * every stream, and notifications go only to the streams of their user (a Map lookup), so
 * thousands of open streams cost a few hundred bytes each and no per-stream timers.
 */
export function createStreamHub(options: { bus: EventBus; clock: Clock; heartbeatMs?: number }): StreamHub {
  const byUser = new Map<string, Set<Stream>>();
  let count = 0;

  function remove(stream: Stream): void {
    const set = byUser.get(stream.userId);
    if (!set?.delete(stream)) return;
    count -= 1;
    if (set.size === 0) byUser.delete(stream.userId);
    try {
      stream.sink.end();
    } catch {
      // already closed by the client
    }
  }

  function send(stream: Stream, chunk: string): void {
    try {
      stream.sink.write(chunk);
    } catch {
      remove(stream);
    }
  }

  const unsubscribe = options.bus.subscribe((event: BusEvent) => {
    if (event.type === 'buffers') {
      const chunk = frame(streamEvents.buffers, { at: event.at });
      for (const set of [...byUser.values()]) for (const s of [...set]) send(s, chunk);
      return;
    }
    const set = byUser.get(event.userId);
    if (!set) return;
    const chunk = frame(streamEvents.notification, { id: event.notificationId });
    for (const s of [...set]) send(s, chunk);
  });

  const timer = setInterval(() => {
    const now = options.clock().getTime();
    for (const set of [...byUser.values()]) {
      for (const s of [...set]) {
        // An expired session ends its stream; the client reconnects and must sign in again.
        if (s.expiresAt <= now) remove(s);
        else send(s, ': heartbeat\n\n');
      }
    }
  }, options.heartbeatMs ?? streamHeartbeatMs);
  timer.unref();

  return {
    add(userId, sink, expiresAt) {
      const stream: Stream = { userId, sink, expiresAt: expiresAt.getTime() };
      let set = byUser.get(userId);
      if (!set) {
        set = new Set();
        byUser.set(userId, set);
      }
      set.add(stream);
      count += 1;
      return () => remove(stream);
    },
    size: () => count,
    close() {
      clearInterval(timer);
      unsubscribe();
      for (const set of [...byUser.values()]) for (const s of [...set]) remove(s);
    },
  };
}
