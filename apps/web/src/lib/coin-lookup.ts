import { type CryptoOption, portfolioRoutes } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiRequest } from '@/lib/api/client';
import { schemaLoader } from '@/lib/api/lazy-schemas';

/** This feature's response schemas load with its first request (so zod is not in the first paint). */
const schema = schemaLoader(() => import('./coin-lookup-schemas'));

/**
 * The coins the user has transactions in (id, symbol, name, image), so lists can say "Bitcoin BTC"
 * instead of a CoinGecko id. Under the 'transactions' root, so a new transaction refreshes it.
 */
export const cryptoOptionsQuery = () =>
  queryOptions({
    queryKey: ['transactions', 'crypto-options'] as const,
    queryFn: ({ signal }) =>
      apiRequest(portfolioRoutes.cryptoOptions, { schema: schema('cryptoOptionsResponseSchema'), signal }),
    // Option lists stale after 5 min.
    staleTime: 5 * 60_000,
  });

export function useCoinLookup(): ReadonlyMap<string, CryptoOption> {
  const { data } = useQuery(cryptoOptionsQuery());
  return useMemo(() => new Map((data?.cryptocurrencies ?? []).map((c) => [c.id, c])), [data]);
}

/**
 * "Ethereum (ETH)" for a coin of the lookup, the name alone when it is its own symbol; the id until
 * the list has loaded. Here, beside the lookup every caller already reads, so it adds no chunk.
 */
export function coinLabel(
  coins: ReadonlyMap<string, { name: string; symbol: string }>,
  coinId: string,
): string {
  const c = coins.get(coinId);
  if (!c) return coinId;
  const symbol = c.symbol.toUpperCase();
  return c.name.toUpperCase() === symbol ? c.name : `${c.name} (${symbol})`;
}
