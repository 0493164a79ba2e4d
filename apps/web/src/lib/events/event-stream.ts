import { alertRoutes, apiBase, streamEvents } from '@app/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { buffersRefresher } from './buffers-refresher';

/** Query keys the stream refreshes on a `notification` event (the notifications feature's root key). */
export const notificationsQueryRoot = 'notifications';

export interface EventStreamOptions {
  queryClient: QueryClient;
  /** Test seam; defaults to the browser's EventSource. */
  createSource?: (url: string) => EventSource;
  /** First reconnect delay; doubles per failed attempt up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
}

/**
 * While a server-sent events stream is open, a buffers event refreshes all cached queries, without cancelling a fetch in flight and once per burst of events
 * (buffers-refresher.ts). A `notification` event refreshes the
 * notification list. After a drop the stream reconnects with backoff and refetches
 * notifications, so nothing sent meanwhile is missed (the list is the source of truth). Returns
 * the function that closes it for good.
 */
export function openEventStream(options: EventStreamOptions): () => void {
  const { queryClient } = options;
  const create = options.createSource ?? ((url: string) => new EventSource(url, { withCredentials: true }));
  const base = options.baseDelayMs ?? 1_000;
  const max = options.maxDelayMs ?? 30_000;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let closed = false;
  let hadConnection = false;
  const refreshAll = buffersRefresher(queryClient);

  const refreshNotifications = () => {
    void queryClient.invalidateQueries({ queryKey: [notificationsQueryRoot] });
  };

  function connect(): void {
    if (closed) return;
    const s = create(`${apiBase}${alertRoutes.eventsStream}`);
    source = s;
    s.onopen = () => {
      attempt = 0;
      // Anything written while we were away is in the list: fetch it.
      if (hadConnection) refreshNotifications();
      hadConnection = true;
    };
    s.addEventListener(streamEvents.buffers, refreshAll);
    s.addEventListener(streamEvents.notification, refreshNotifications);
    s.onerror = () => {
      // EventSource retries on its own only sometimes (never after an HTTP error); own the policy.
      s.close();
      if (source !== s || closed) return;
      source = null;
      const delay = Math.min(max, base * 2 ** attempt);
      attempt += 1;
      timer = setTimeout(connect, delay);
    };
  }

  connect();
  return () => {
    closed = true;
    if (timer !== null) clearTimeout(timer);
    source?.close();
    source = null;
  };
}
