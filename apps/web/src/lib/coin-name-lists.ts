import type { CryptoOption } from '@app/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { cryptoOptionsQuery } from '@/lib/coin-lookup';
import { marketSelectQuery } from '@/lib/market/market-api';

type Named = Pick<CryptoOption, 'id' | 'name'>;

/**
 * The user's own coins over the market's top 100 (the coin picker's lists, from the query cache
 * or fetched once): a list that fails leaves its coins unnamed, never the whole lookup.
 */
export async function fetchCoinNames(client: QueryClient, vs: string): Promise<ReadonlyMap<string, string>> {
  const [top, held] = await Promise.allSettled([
    client.fetchQuery(marketSelectQuery(vs)),
    client.fetchQuery(cryptoOptionsQuery()),
  ]);
  const named: Named[] = [
    ...(top.status === 'fulfilled' ? top.value.cryptocurrencies : []),
    ...(held.status === 'fulfilled' ? held.value.cryptocurrencies : []),
  ];
  return new Map(named.map((c) => [c.id, c.name]));
}
