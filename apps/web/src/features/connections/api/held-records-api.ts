import type { Connection, HeldDecideBody, HeldRecord, HeldRecordList } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiRequest } from '@/lib/api/client';
import { schemaLoader } from '@/lib/api/lazy-schemas';
import { connectionKeys, pendingPollMs, syncPollMs } from './connections-api';

/*
 * Held records are read and decided only on a connection's page, below its first paint: this
 * module travels in the feature's lazy chunk with the section that shows them.
 */

/** The response schemas load with the first request, in the feature's lazy chunk (connection-parts). */
const schema = schemaLoader(() => import('../connection-parts'));

/**
 * The contract's held-record paths (connectionRecordRoutes), written out for the same reason as
 * connectionPaths: the contract file that holds them builds its schemas when it loads.
 * connection-routes.test.ts holds them equal to the contract's.
 */
export const heldPaths = {
  held: '/v2/connections/:id/held/',
  decide: '/v2/connections/:id/held/decide/',
} as const;

const heldPath = (template: string, id: string) => template.replace(':id', encodeURIComponent(id));

/**
 * A sync books what was decided and may hold new records, so the list is asked again while one
 * runs; a decided record waits for the sync the server starts by itself, so it is asked, more
 * slowly, until that record has gone.
 */
function pollEvery(syncing: boolean, data: HeldRecordList | undefined): number | false {
  if (syncing) return syncPollMs;
  if (data?.results.some((r) => r.decision !== null)) return pendingPollMs;
  return false;
}

/** What an exchange sync read but did not book, with the transactions a possible duplicate may be. */
export const heldQuery = (id: string, syncing: boolean) =>
  queryOptions({
    queryKey: connectionKeys.held(id),
    // The section says it failed in its own place.
    meta: { silent: true },
    queryFn: ({ signal }) =>
      apiRequest(heldPath(heldPaths.held, id), { schema: schema('heldRecordListSchema'), signal }),
    refetchInterval: (query) => pollEvery(syncing, query.state.data),
  });

/**
 * The held records of an exchange connection; a wallet holds none back, so nothing is asked for
 * one. Asked again once a sync ends: it has booked what was decided and may have held new records.
 */
export function useHeldRecords(connection: Connection) {
  const syncing = connection.state === 'syncing';
  const exchange = connection.kind === 'exchange';
  const held = useQuery({ ...heldQuery(connection.id, syncing), enabled: exchange });
  const client = useQueryClient();
  const wasSyncing = useRef(syncing);
  useEffect(() => {
    if (wasSyncing.current && !syncing)
      void client.invalidateQueries({ queryKey: connectionKeys.held(connection.id) });
    wasSyncing.current = syncing;
  }, [client, connection.id, syncing]);
  return exchange ? held : null;
}

export function decideHeld(id: string, body: HeldDecideBody): Promise<HeldRecord> {
  return apiRequest(heldPath(heldPaths.decide, id), {
    method: 'POST',
    body,
    schema: schema('heldRecordSchema'),
    // The owner decides with the record and its candidates in view; replayed later, they may have changed.
    queueOffline: false,
  });
}

/**
 * Says whether a held record is already in the portfolio. The decided record replaces its old copy
 * at once, so it reads as decided before the list is asked again; the connection is asked again
 * too, as the server starts the sync that books it.
 */
export function useDecideHeld(connectionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: HeldDecideBody) => decideHeld(connectionId, body),
    onSuccess: (decided) => {
      client.setQueryData<HeldRecordList>(
        connectionKeys.held(connectionId),
        (list) =>
          list && { ...list, results: list.results.map((r) => (r.key === decided.key ? decided : r)) },
      );
      return client.invalidateQueries({ queryKey: connectionKeys.all });
    },
    // The record shows the refusal in its own place.
    meta: { silent: true },
  });
}
