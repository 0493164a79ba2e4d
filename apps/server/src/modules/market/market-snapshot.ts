import type { CoinMarket, ExchangeRates, GlobalData, MarketSourceId, Trending } from '@app/contracts';

/** One consistent copy of the market, in USD, as the refresher last saw it. */
export interface MarketSnapshot {
  coins: CoinMarket[];
  byId: Map<string, CoinMarket>;
  rates: ExchangeRates;
  global: GlobalData | null;
  trending: Trending | null;
  fetchedAt: Date;
  source: MarketSourceId;
  /** The data's own as-of (the snapshot's dataset date, or the fetch time for a real provider). */
  asOf: string;
  /** When a second provider's prices were laid over this copy (see overlayPrices), if they were. */
  overlaidAt?: Date;
}
