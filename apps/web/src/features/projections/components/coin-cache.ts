import { type CoinCacheEntry, coinCacheEntrySchema, coinCacheKey } from '@app/contracts';
import { readStored, writeStored } from '@/lib/storage';

/** Per-coin cache entries crypto_{id} with id, name, symbol, image. */
export function rememberCoin(coin: CoinCacheEntry): void {
  if (coin.id === '') return;
  writeStored(coinCacheKey(coin.id), {
    id: coin.id,
    name: coin.name,
    symbol: coin.symbol,
    image: coin.image,
  });
}

export function cachedCoin(id: string): CoinCacheEntry | null {
  const parsed = coinCacheEntrySchema.safeParse(readStored(coinCacheKey(id)));
  return parsed.success ? parsed.data : null;
}
