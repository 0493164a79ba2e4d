import type { CoinMarket, MarketSource } from '@app/contracts';
import type { MarketDataProvider } from '../../integrations/market-data/index.ts';
import type { DailyCloses, MarketReader } from './market-reader.ts';

const dayMs = 86_400_000;

/**
 * A MarketReader that asks a provider directly, with no cache. Right for the committed
 * snapshot (local, deterministic, fast), which is what tests and other modules' suites use;
 * the market module's cached reader is the one the running server wires in.
 */
export function createProviderMarketReader(provider: MarketDataProvider): MarketReader {
  return {
    async getQuotes(ids, vsCurrency) {
      const unique = [...new Set(ids)];
      const found = new Map<string, CoinMarket>();
      // CoinGecko and the snapshot both cap a page at 250 ids.
      for (let i = 0; i < unique.length; i += 250) {
        const page = unique.slice(i, i + 250);
        const rows = await provider.listMarkets({
          vsCurrency,
          page: 1,
          perPage: 250,
          ids: page,
          sparkline: false,
          priceChangePercentage: ['1h', '24h', '7d'],
        });
        for (const row of rows) found.set(row.id, row);
      }
      return found;
    },
    async getCoin(id, vsCurrency) {
      const quotes = await this.getQuotes([id], vsCurrency);
      return quotes.get(id) ?? null;
    },
    async getDailyCloses(id, days, vsCurrency): Promise<DailyCloses> {
      const chart = await provider.marketChart(id, vsCurrency, days + 1, { interval: 'daily' });
      const today = Math.floor(Date.now() / dayMs) * dayMs;
      // Keep one close per completed UTC day; today's candle is still forming.
      const byDay = new Map<number, number>();
      for (const [ts, price] of chart.prices) {
        const day = Math.floor(ts / dayMs) * dayMs;
        if (day < today) byDay.set(day, price);
      }
      const timestamps = [...byDay.keys()].sort((a, b) => a - b).slice(-days);
      return { timestamps, closes: timestamps.map((t) => byDay.get(t) ?? 0) };
    },
    async getUsdRates() {
      const { rates } = await provider.exchangeRates();
      const usd = rates.usd?.value;
      if (!usd) return { usd: 1 };
      return Object.fromEntries(Object.entries(rates).map(([code, rate]) => [code, rate.value / usd]));
    },
    describe(): MarketSource {
      return provider.describe();
    },
  };
}
