import type { CoinMarket, CryptoOption } from '@app/contracts';

/** Coin identity for lists and charts; an id the market does not know shows as itself. */
export function coinIdentity(id: string, quote: CoinMarket | null | undefined): CryptoOption {
  return {
    id,
    symbol: quote?.symbol ?? id,
    name: quote?.name ?? id,
    image: quote?.image ? quote.image : null,
  };
}
