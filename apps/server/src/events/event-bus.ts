/**
 * The server-sent events stream carries `buffers` (market data refreshed;
 * the client refreshes all cached queries) and `notification` (for one user).
 */
export type BusEvent =
  | { type: 'buffers'; at: string }
  | { type: 'notification'; userId: string; notificationId: string };

export type BusListener = (event: BusEvent) => void;

/**
 * In one process the bus is in memory; across processes on one PostgreSQL it becomes
 * LISTEN/NOTIFY behind this same interface.
 */
export interface EventBus {
  publish(event: BusEvent): Promise<void>;
  /** Several events in order; across processes in as few round trips as the payload cap allows. */
  publishAll(events: readonly BusEvent[]): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(listener: BusListener): () => void;
  close(): Promise<void>;
}

export function createMemoryEventBus(): EventBus {
  const listeners = new Set<BusListener>();
  const publish = (event: BusEvent) => {
    for (const listener of listeners) {
      // One failing subscriber (a closed SSE socket, say) must not starve the others.
      try {
        listener(event);
      } catch {
        // ignored on purpose
      }
    }
  };
  return {
    async publish(event) {
      publish(event);
    },
    async publishAll(events) {
      for (const event of events) publish(event);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}
