import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Roots of the query keys whose answers a market refresh can change: prices, values, P&L, tax at
 * today's price, alert indicators. Listed by name rather than imported, because shared code never
 * depends on features (like the cost-basis roots in lib/settings). Everything else (settings,
 * notifications, delivery channels, watchlist names, the transaction list) answers the same after
 * a refresh, so a `buffers` event leaves it alone: refetching it only queues requests in front of
 * the ones that matter.
 */
export const marketQueryRoots: readonly string[] = [
  'market',
  'coin-picker',
  'dashboard',
  'portfolios',
  'projections',
  'tax',
  'insights',
  'alerts',
];

export function readsMarketData(queryKey: QueryKey): boolean {
  const root = queryKey[0];
  return typeof root === 'string' && marketQueryRoots.includes(root);
}

/**
 * What a `buffers` event does: invalidate the market queries and refetch the ones on screen. A
 * fetch already in flight is kept, not cancelled and started again (under load an answer that
 * takes longer than the gap between two events would otherwise never arrive), and a burst of
 * events makes one round: an event that comes while the round is still fetching joins it.
 */
export function marketRefresher(queryClient: QueryClient): () => void {
  let round: Promise<void> | null = null;
  return () => {
    if (round !== null) return;
    round = queryClient
      .invalidateQueries({ predicate: (query) => readsMarketData(query.queryKey) }, { cancelRefetch: false })
      .finally(() => {
        round = null;
      });
  };
}
