import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type CoinListParams, coinListQuery } from '@/lib/market';

const perPage = 250;
/**
 * The terminal's first paint does not wait for 250 rows with their sparklines. The
 * first screen of the same page (the table shows 12 rows at a time; 25 divides 250, so its
 * page number lines up) is asked for beside it, without sparklines, and shown until the full
 * page arrives; the sparklines follow with it.
 */
const firstScreenRows = 25;

/**
 * One page of the market list, shown from its first screen while the full page is on its way;
 * `updating` while the full page is held back or being fetched.
 */
export function useMarketListing(
  listParams: Omit<CoinListParams, 'page' | 'perPage' | 'sparkline'>,
  page: number,
) {
  const queryClient = useQueryClient();
  const fullList = coinListQuery({ ...listParams, page, perPage, sparkline: true });
  // A first load asks for the full page once the first screen has answered, not beside it: its
  // rows with sparklines are a large answer, which shared the phone's link with the first screen,
  // the code and the answers the first paint needs. In Lighthouse (live), whenever it went out before the source
  // badge painted, the simulated LCP counted it too, and came out much later.
  const [fullListHeld, setFullListHeld] = useState(
    () => queryClient.getQueryData(fullList.queryKey) === undefined,
  );
  const list = useQuery({ ...fullList, enabled: !fullListHeld });
  const firstScreen = useQuery({
    ...coinListQuery({
      ...listParams,
      page: (page - 1) * (perPage / firstScreenRows) + 1,
      perPage: firstScreenRows,
    }),
    // Only a first load waits: later pages and filters keep the previous rows until theirs arrive.
    enabled: list.isPending,
  });
  // Latched in the render that sees the first screen settle, so the request goes with that commit.
  if (fullListHeld && (firstScreen.isSuccess || firstScreen.isError)) setFullListHeld(false);
  const listing = list.data ?? firstScreen.data;
  const updating = list.isFetching || fullListHeld;
  return { list, listing, updating, perPage };
}
