import type { CoinMarket, MarketSource } from '@app/contracts';

export interface DailyCloses {
  /** Start of each UTC day, ms since the epoch, oldest first. */
  timestamps: number[];
  /** The day's close in the requested currency; the last entry is the latest completed day. */
  closes: number[];
}

/**
 * What other modules (portfolios, dashboard, projections, alerts) may ask of market data.
 * Implementations answer from cache and memory only: a user request never waits on an
 * upstream API. The market module owns the cached implementation; the
 * snapshot reader below serves tests and the offline mode with the same contract.
 */
export interface MarketReader {
  /** Latest quotes in `vsCurrency` for the ids that are known; unknown ids are simply absent. */
  getQuotes(ids: readonly string[], vsCurrency: string): Promise<Map<string, CoinMarket>>;
  /** One coin's latest quote, or null when the id is unknown. */
  getCoin(id: string, vsCurrency: string): Promise<CoinMarket | null>;
  /** Completed daily closes, at most `days` of them, oldest first. */
  getDailyCloses(id: string, days: number, vsCurrency: string): Promise<DailyCloses>;
  /** Units of each supported base currency per 1 USD (usd: 1), for converting stored figures. */
  getUsdRates(): Promise<Record<string, number>>;
  /** Which source the figures come from, as of when, and whether they are stale. */
  describe(): MarketSource;
}
