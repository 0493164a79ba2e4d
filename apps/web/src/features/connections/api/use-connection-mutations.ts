import type {
  ConnectionCreateBody,
  ConnectionDeleteQuery,
  ConnectionTokenUpdateBody,
  ConnectionUpdateBody,
  TransactionClassifyBody,
} from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  classifyTransaction,
  connectionKeys,
  createConnection,
  deleteConnection,
  syncConnection,
  updateConnection,
  updateToken,
} from './connections-api';

function useRefresh() {
  const client = useQueryClient();
  return {
    connections: () => client.invalidateQueries({ queryKey: connectionKeys.all }),
    // What a connection's rows feed: every figure of the books, and the connections themselves.
    books: () => import('@/lib/books-refresh').then((m) => m.refreshBooks(client, connectionKeys.all)),
  };
}

export function useCreateConnection() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ConnectionCreateBody) => createConnection(body),
    onSuccess: refresh.connections,
    // The form shows field errors itself.
    meta: { silent: true },
  });
}

export function useUpdateConnection() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ConnectionUpdateBody }) => updateConnection(id, body),
    onSuccess: refresh.connections,
    meta: { silent: true },
  });
}

export function useDeleteConnection() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, query }: { id: string; query: ConnectionDeleteQuery }) => deleteConnection(id, query),
    // Removed rows change every figure; kept ones change no figure but lose their connection.
    onSuccess: refresh.books,
  });
}

export function useSyncConnection() {
  const client = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => syncConnection(id),
    onSuccess: (connection) => {
      client.setQueryData(connectionKeys.one(connection.id), connection);
      return refresh.connections();
    },
    // A 409 (already syncing) still means the list is behind.
    onError: () => refresh.connections(),
  });
}

export function useUpdateToken(connectionId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ tokenId, body }: { tokenId: string; body: ConnectionTokenUpdateBody }) =>
      updateToken(connectionId, tokenId, body),
    // A mapped token's transfers are booked, so the books change too.
    onSuccess: refresh.books,
  });
}

export function useClassifyTransaction() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TransactionClassifyBody }) =>
      classifyTransaction(id, body),
    onSuccess: refresh.books,
    meta: { silent: true },
  });
}
