import type {
  Connection,
  ConnectionCreateBody,
  ConnectionDeleteQuery,
  ConnectionTokenUpdateBody,
  ConnectionUpdateBody,
  TransactionClassifyBody,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import { schemaLoader } from '@/lib/api/lazy-schemas';
import { portfolioListQuery } from '@/lib/portfolios/portfolio-list';

/** The response schemas load with the first request, in the feature's lazy chunk (connection-parts). */
const schema = schemaLoader(() => import('../connection-parts'));

/**
 * The contract's connection paths (connectionRoutes, connectionSyncRoutes), written out here: they
 * live in contract files beside their schemas, and the browser build places a contract file whole,
 * so importing them would put those schemas and zod in these pages' first load.
 * connection-routes.test.ts holds them equal to the contract's.
 */
export const connectionPaths = {
  list: '/v2/connections/',
  sync: '/v2/connections/:id/sync/',
  reconciliation: '/v2/connections/:id/reconciliation/',
  tokens: '/v2/connections/:id/tokens/',
  token: '/v2/connections/:id/tokens/:tokenId/',
  classify: '/v2/transactions/:id/classify/',
  transactions: '/v2/connections/:id/transactions/',
} as const;

/** A path with its `:id` and `:tokenId` filled in. */
export const pathOf = (template: string, params: Record<string, string>) =>
  template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));

const onePath = (id: string) => `${connectionPaths.list}${encodeURIComponent(id)}/`;

export const connectionKeys = {
  all: ['connections'] as const,
  list: () => [...connectionKeys.all, 'list'] as const,
  one: (id: string) => [...connectionKeys.all, 'one', id] as const,
  reconciliation: (id: string) => [...connectionKeys.all, 'reconciliation', id] as const,
  tokens: (id: string) => [...connectionKeys.all, 'tokens', id] as const,
  waiting: (id: string) => [...connectionKeys.all, 'waiting', id] as const,
  held: (id: string) => [...connectionKeys.all, 'held', id] as const,
  /** Under the transactions root, so any write to the books refreshes the candidates too. */
  transferCandidates: (type: 'transfer_in' | 'transfer_out', coinId: string) =>
    ['transactions', 'connection-match', type, coinId] as const,
};

/** How often a list or a connection is asked again while something syncs, so its progress moves. */
export const syncPollMs = 3_000;
/** A new connection's first sync starts on its own shortly; asked more slowly until it has. */
export const pendingPollMs = 10_000;

function pollEvery(connections: readonly Connection[] | undefined): number | false {
  if (connections?.some((c) => c.state === 'syncing')) return syncPollMs;
  if (connections?.some((c) => c.state === 'pending')) return pendingPollMs;
  return false;
}

export const connectionsQuery = () =>
  queryOptions({
    queryKey: connectionKeys.list(),
    queryFn: ({ signal }) =>
      apiRequest(connectionPaths.list, { schema: schema('connectionListResponseSchema'), signal }),
    refetchInterval: (query) => pollEvery(query.state.data?.results),
  });

export const connectionQuery = (id: string) =>
  queryOptions({
    queryKey: connectionKeys.one(id),
    queryFn: ({ signal }) => apiRequest(onePath(id), { schema: schema('connectionSchema'), signal }),
    refetchInterval: (query) => pollEvery(query.state.data && [query.state.data]),
  });

/** The portfolio list under the key every feature shares, parsed with this feature's schemas. */
export const connectionPortfoliosQuery = () => portfolioListQuery(schema('portfolioListResponseSchema'));

export function createConnection(body: ConnectionCreateBody): Promise<Connection> {
  return apiRequest(connectionPaths.list, {
    method: 'POST',
    body,
    schema: schema('connectionSchema'),
    // A key or address is a secret: it is never kept on the device to be sent later.
    queueOffline: false,
  });
}

export function updateConnection(id: string, body: ConnectionUpdateBody): Promise<Connection> {
  return apiRequest(onePath(id), { method: 'PATCH', body, schema: schema('connectionSchema') });
}

export async function deleteConnection(id: string, query: ConnectionDeleteQuery): Promise<void> {
  await apiRequest(`${onePath(id)}?transactions=${query.transactions}`, {
    method: 'DELETE',
    // Whether the rows go too is decided with the answer in view, not replayed later.
    queueOffline: false,
  });
}

export function syncConnection(id: string): Promise<Connection> {
  return apiRequest(pathOf(connectionPaths.sync, { id }), {
    method: 'POST',
    schema: schema('connectionSchema'),
    // A sync only means something now.
    queueOffline: false,
  });
}

// The two writes below are followed by a refetch of what they change, so their answers are not read.
export async function updateToken(
  id: string,
  tokenId: string,
  body: ConnectionTokenUpdateBody,
): Promise<void> {
  await apiRequest(pathOf(connectionPaths.token, { id, tokenId }), { method: 'PATCH', body });
}

export async function classifyTransaction(
  transactionId: string,
  body: TransactionClassifyBody,
): Promise<void> {
  await apiRequest(pathOf(connectionPaths.classify, { id: transactionId }), { method: 'POST', body });
}
