import diagnostics from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/** One request as a fake in this process received it: when (performance.now(), ms) and its path. */
export interface Arrival {
  at: number;
  path: string;
}

export interface Arrivals {
  /** Every request so far, in the order they arrived. */
  readonly log: readonly Arrival[];
  stop(): void;
}

const requestStart = 'http.server.request.start';

interface RequestStartMessage {
  request: IncomingMessage;
  socket: Socket;
}

/**
 * Logs every request that reaches the HTTP server of this process listening on `baseUrl`'s port,
 * stamped the moment Node has read its head. It listens on Node's own diagnostics channel for
 * incoming requests, so a fake (the Esplora one, say) is watched without being changed, and
 * nothing is added between the sender and the fake that could delay or reorder what arrives.
 */
export function recordArrivals(baseUrl: string): Arrivals {
  const port = Number(new URL(baseUrl).port);
  const log: Arrival[] = [];
  const listener = (message: unknown) => {
    const { request, socket } = message as RequestStartMessage;
    if (socket.localPort !== port) return;
    log.push({ at: performance.now(), path: new URL(request.url ?? '/', 'http://fake').pathname });
  };
  diagnostics.subscribe(requestStart, listener);
  return {
    log,
    stop: () => {
      diagnostics.unsubscribe(requestStart, listener);
    },
  };
}

/** The most times that fall in one closed window of `windowMs` (its start on one of them). */
export function peakInWindow(times: readonly number[], windowMs: number): number {
  const sorted = [...times].sort((x, y) => x - y);
  let peak = 0;
  let end = 0;
  for (let start = 0; start < sorted.length; start++) {
    const from = sorted[start] ?? 0;
    while (end < sorted.length && (sorted[end] ?? 0) <= from + windowMs) end++;
    peak = Math.max(peak, end - start);
  }
  return peak;
}
