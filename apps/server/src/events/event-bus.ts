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
  /** Returns the unsubscribe function. */
  subscribe(listener: BusListener): () => void;
  close(): Promise<void>;
}

export function createMemoryEventBus(): EventBus {
  const listeners = new Set<BusListener>();
  return {
    async publish(event) {
      for (const listener of listeners) {
        // One failing subscriber (a closed SSE socket, say) must not starve the others.
        try {
          listener(event);
        } catch {
          // ignored on purpose
        }
      }
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
