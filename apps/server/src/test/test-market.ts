import type { CoinMarket, MarketSource } from '@app/contracts';
import type { DailyCloses, MarketReader } from '../modules/market/index.ts';

const dayMs = 86_400_000;

export interface TestMarket extends MarketReader {
  /** Sets (or adds) a coin with its completed daily closes, oldest first, and its live price. */
  setCoin(id: string, closes: readonly number[], price: number): void;
  setPrice(id: string, price: number): void;
  /** The coin leaves the market: no quote, no history. */
  removeCoin(id: string): void;
  /** How many daily-close reads were made, per coin (to check "once per coin"). */
  closeReads: Map<string, number>;
  /** Sets a currency's units per US dollar (usd is always 1). */
  setUsdRate(code: string, rate: number): void;
  /** How many times the rates were read (to check "once per tick"). */
  rateReads: { count: number };
}

function quote(id: string, price: number): CoinMarket {
  return {
    id,
    symbol: id.slice(0, 4),
    name: id,
    image: '',
    current_price: price,
    market_cap: null,
    market_cap_rank: null,
    total_volume: null,
    high_24h: null,
    low_24h: null,
    price_change_24h: null,
    price_change_percentage_1h: null,
    price_change_percentage_24h: null,
    price_change_percentage_7d: null,
    circulating_supply: null,
    total_supply: null,
    max_supply: null,
    ath: null,
    ath_date: null,
    ath_change_percentage: null,
    atl: null,
    atl_date: null,
    last_updated: null,
  };
}

/** A MarketReader the test controls bar by bar, so alerts fire exactly when a test says. */
export function createTestMarket(): TestMarket {
  const coins = new Map<string, { closes: number[]; price: number }>();
  const closeReads = new Map<string, number>();
  const rates: Record<string, number> = { usd: 1 };
  const rateReads = { count: 0 };
  const today = Math.floor(Date.now() / dayMs) * dayMs;
  return {
    closeReads,
    rateReads,
    setUsdRate(code, rate) {
      rates[code] = rate;
    },
    setCoin(id, closes, price) {
      coins.set(id, { closes: [...closes], price });
    },
    setPrice(id, price) {
      const coin = coins.get(id);
      if (!coin) throw new Error(`unknown test coin ${id}`);
      coin.price = price;
    },
    removeCoin(id) {
      coins.delete(id);
    },
    async getQuotes(ids) {
      const out = new Map<string, CoinMarket>();
      for (const id of ids) {
        const coin = coins.get(id);
        if (coin) out.set(id, quote(id, coin.price));
      }
      return out;
    },
    async getCoin(id) {
      const coin = coins.get(id);
      return coin ? quote(id, coin.price) : null;
    },
    async getDailyCloses(id, days): Promise<DailyCloses> {
      closeReads.set(id, (closeReads.get(id) ?? 0) + 1);
      const closes = (coins.get(id)?.closes ?? []).slice(-days);
      return { closes, timestamps: closes.map((_, i) => today - (closes.length - i) * dayMs) };
    },
    async getUsdRates() {
      rateReads.count += 1;
      return { ...rates, usd: 1 };
    },
    describe(): MarketSource {
      return { source: 'coingecko', mode: 'live', as_of: new Date(today).toISOString(), stale: false };
    },
  };
}
