import type { MarketMode, MarketSource } from '@app/contracts';
import type { MarketDataProvider } from '../provider.ts';
import { UpstreamError } from '../upstream-error.ts';

export interface AutoProviderOptions {
  /** The real provider (CoinGecko, possibly with a second provider behind it). */
  primary: MarketDataProvider;
  /** The bundled snapshot: simulated prices, used only while the server has never been live. */
  fallback: MarketDataProvider;
}

/**
 * MARKET_DATA=auto: two honest modes, never a mix. Until the server
 * first reaches the real provider it runs in demo mode and every call is the snapshot's; the
 * market state probes the real provider on each refresh and, on a complete answer, purges the
 * demo rows and calls goLive(). From then on only the real provider answers: its failures reach
 * the callers, which keep serving the last real copy marked stale, never the snapshot.
 */
export class AutoProvider implements MarketDataProvider {
  private readonly primary: MarketDataProvider;
  private readonly fallback: MarketDataProvider;
  private current: MarketMode = 'demo';

  constructor(options: AutoProviderOptions) {
    this.primary = options.primary;
    this.fallback = options.fallback;
  }

  mode(): MarketMode {
    return this.current;
  }

  goLive(): void {
    this.current = 'live';
  }

  liveProvider(): MarketDataProvider | null {
    return this.current === 'demo' ? this.primary : null;
  }

  private use(): MarketDataProvider {
    return this.current === 'live' ? this.primary : this.fallback;
  }

  listMarkets: MarketDataProvider['listMarkets'] = (params) => this.use().listMarkets(params);
  coinDetails: MarketDataProvider['coinDetails'] = (id, vs) => this.use().coinDetails(id, vs);
  marketChart: MarketDataProvider['marketChart'] = (id, vs, days, options) =>
    this.use().marketChart(id, vs, days, options);
  ohlc: MarketDataProvider['ohlc'] = (id, vs, days) => this.use().ohlc(id, vs, days);
  search: MarketDataProvider['search'] = (q) => this.use().search(q);
  trending: MarketDataProvider['trending'] = () => this.use().trending();
  global: MarketDataProvider['global'] = () => this.use().global();
  exchangeRates: MarketDataProvider['exchangeRates'] = () => this.use().exchangeRates();

  /** Live membership only: the snapshot's answer is no news about CoinGecko's categories. */
  async categoryMembers(category: string, limit: number): Promise<string[]> {
    if (this.current === 'demo' || !this.primary.categoryMembers) {
      throw new UpstreamError({
        kind: 'rejected',
        message: 'No live category lookup',
        endpoint: 'coins/markets',
      });
    }
    return this.primary.categoryMembers(category, limit);
  }

  spareCalls(): number {
    if (this.current === 'demo') return 0;
    return this.primary.spareCalls?.() ?? Number.POSITIVE_INFINITY;
  }

  describe(): MarketSource {
    return this.use().describe();
  }
}
