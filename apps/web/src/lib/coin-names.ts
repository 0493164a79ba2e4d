import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useBaseCurrency } from '@/lib/settings';

/**
 * Names of the coins a list may mention: the user's own coins and the market's top 100. Alerts,
 * notifications and import rows say "Bitcoin", not "bitcoin". The lookup loads beside its
 * requests, so the market and portfolio query modules stay out of the first load of the pages
 * that show a name. Under the 'transactions' root, so a new
 * transaction (a coin the user now holds) refreshes it.
 */
const coinNamesQuery = (client: QueryClient, vs: string) =>
  queryOptions({
    queryKey: ['transactions', 'coin-names', vs] as const,
    queryFn: async () => (await import('./coin-name-lists')).fetchCoinNames(client, vs),
    // Option lists stale after 5 min, like the lists it is made of.
    staleTime: 5 * 60_000,
  });

export function useCoinNames(): ReadonlyMap<string, string> {
  const client = useQueryClient();
  const { data } = useQuery(coinNamesQuery(client, useBaseCurrency()));
  return data ?? noNames;
}
const noNames: ReadonlyMap<string, string> = new Map();

/** A coin's name, or its id for a coin in neither list (a small coin nobody here holds). */
export function useCoinName(): (coinId: string) => string {
  const names = useCoinNames();
  return (coinId) => names.get(coinId) ?? coinId;
}

/** The same lookup outside render (a toast raised when a notification arrives). */
export async function fetchCoinName(client: QueryClient, vs: string, coinId: string): Promise<string> {
  try {
    return (await client.fetchQuery(coinNamesQuery(client, vs))).get(coinId) ?? coinId;
  } catch {
    return coinId;
  }
}
