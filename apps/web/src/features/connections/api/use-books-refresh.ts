import type { Connection } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { connectionKeys } from './connections-api';

/**
 * A sync that ends has brought rows: once a connection seen syncing is no longer, the books and
 * what the connection's own views show (waiting rows, reconciliation, tokens) are asked again.
 */
export function useBooksRefreshAfterSync(connections: readonly Connection[] | undefined): void {
  const client = useQueryClient();
  const syncingBefore = useRef(new Set<string>());
  useEffect(() => {
    if (!connections) return;
    const syncingNow = new Set(connections.filter((c) => c.state === 'syncing').map((c) => c.id));
    const finished = [...syncingBefore.current].filter((id) => !syncingNow.has(id));
    syncingBefore.current = syncingNow;
    if (finished.length === 0) return;
    void import('@/lib/books-refresh').then((m) => m.refreshBooks(client));
    for (const id of finished) {
      void client.invalidateQueries({ queryKey: connectionKeys.waiting(id) });
      void client.invalidateQueries({ queryKey: connectionKeys.reconciliation(id) });
      void client.invalidateQueries({ queryKey: connectionKeys.tokens(id) });
    }
  }, [client, connections]);
}
