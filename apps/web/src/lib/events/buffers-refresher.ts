import type { QueryClient } from '@tanstack/react-query';

/**
 * What a `buffers` event does ("all cached queries are refreshed"): every cached query
 * is invalidated and the ones on screen refetch. A fetch already in flight is kept, not cancelled
 * and started again (under load an answer that takes longer than the gap between two events
 * would otherwise never arrive). But such a fetch may have been answered from the market before
 * the refresh, so once it lands there is one more round; events that come while a round is
 * fetching likewise make one more round after it, not one each. Every refresh is thus followed
 * by an answer asked for after it, and a burst costs at most two rounds.
 */
export function buffersRefresher(queryClient: QueryClient): () => void {
  let round: Promise<void> | null = null;
  let again = false;
  const run = (afterEvent: boolean): void => {
    // Only fetches this round joins (queries on screen) can hold an answer from before the event.
    // A read nobody watches (fetchQuery) is not refetched by a round, so it must not ask for
    // another; nor may a round that only follows up, or it would repeat while such a read lasts.
    again = afterEvent && queryClient.isFetching({ type: 'active' }) > 0;
    round = queryClient.invalidateQueries(undefined, { cancelRefetch: false }).finally(() => {
      round = null;
      if (again) run(false);
    });
  };
  return () => {
    if (round !== null) again = true;
    else run(true);
  };
}
