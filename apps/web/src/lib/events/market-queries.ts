import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

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
 * takes longer than the gap between two events would otherwise never arrive). But such a fetch
 * may have been answered from the market before the refresh, so once it lands there is one more
 * round; events that come while a round is fetching likewise make one more round after it, not
 * one each. Every refresh is thus followed by an answer asked for after it, and a burst costs at
 * most two rounds.
 */
export function marketRefresher(queryClient: QueryClient): () => void {
  const filters = { predicate: (query: Query) => readsMarketData(query.queryKey) };
  let round: Promise<void> | null = null;
  let again = false;
  const run = (afterEvent: boolean): void => {
    // Only fetches this round joins (queries on screen) can hold an answer from before the event.
    // A read nobody watches (fetchQuery) is not refetched by a round, so it must not ask for
    // another; nor may a round that only follows up, or it would repeat while such a read lasts.
    again = afterEvent && queryClient.isFetching({ ...filters, type: 'active' }) > 0;
    round = queryClient.invalidateQueries(filters, { cancelRefetch: false }).finally(() => {
      round = null;
      if (again) run(false);
    });
  };
  return () => {
    if (round !== null) again = true;
    else run(true);
  };
}
