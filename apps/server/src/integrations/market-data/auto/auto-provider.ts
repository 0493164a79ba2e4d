import type { MarketSource } from '@app/contracts';
import type { MarketDataProvider } from '../provider.ts';
import { isUpstreamError, UpstreamError } from '../upstream-error.ts';

export interface AutoProviderOptions {
  primary: MarketDataProvider;
  fallback: MarketDataProvider;
  /** After a failure, serve the fallback without asking upstream for this long (or Retry-After). */
  retryPrimaryAfterMs?: number;
  now?: () => number;
}

/**
 * MARKET_DATA=auto: CoinGecko first; while it is unreachable, rate limited, refusing our key
 * or sending bodies we cannot read, the committed snapshot answers instead and describe()
 * says so (source 'snapshot', stale true), so the UI can label the data as offline.
 */
function shouldFallBack(error: UpstreamError): boolean {
  if (error.transient || error.kind === 'malformed') return true;
  return error.kind === 'rejected' && (error.status === 401 || error.status === 403);
}

export class AutoProvider implements MarketDataProvider {
  private readonly primary: MarketDataProvider;
  private readonly fallback: MarketDataProvider;
  private readonly retryPrimaryAfterMs: number;
  private readonly now: () => number;
  private primaryBlockedUntil = 0;
  private last: MarketSource | null = null;
  /** The failure that sent us to the fallback, for logs and health checks. */
  lastFailure: UpstreamError | null = null;

  constructor(options: AutoProviderOptions) {
    this.primary = options.primary;
    this.fallback = options.fallback;
    this.retryPrimaryAfterMs = options.retryPrimaryAfterMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  private async run<T>(call: (p: MarketDataProvider) => Promise<T>): Promise<T> {
    if (this.now() < this.primaryBlockedUntil) return this.useFallback(call, null);
    try {
      const result = await call(this.primary);
      this.last = { ...this.primary.describe(), stale: false };
      this.lastFailure = null;
      return result;
    } catch (error) {
      if (!isUpstreamError(error) || !shouldFallBack(error)) throw error;
      this.lastFailure = error;
      this.primaryBlockedUntil = this.now() + Math.max(this.retryPrimaryAfterMs, error.retryAfterMs ?? 0);
      return this.useFallback(call, error);
    }
  }

  private async useFallback<T>(
    call: (p: MarketDataProvider) => Promise<T>,
    cause: UpstreamError | null,
  ): Promise<T> {
    try {
      const result = await call(this.fallback);
      this.last = { ...this.fallback.describe(), stale: true };
      return result;
    } catch (error) {
      // A coin the snapshot does not know is still an upstream outage, not a 404.
      const original = cause ?? this.lastFailure;
      if (isUpstreamError(error) && error.kind === 'not_found' && original) throw original;
      throw error;
    }
  }

  listMarkets: MarketDataProvider['listMarkets'] = (params) => this.run((p) => p.listMarkets(params));
  coinDetails: MarketDataProvider['coinDetails'] = (id, vs) => this.run((p) => p.coinDetails(id, vs));
  marketChart: MarketDataProvider['marketChart'] = (id, vs, days, options) =>
    this.run((p) => p.marketChart(id, vs, days, options));
  ohlc: MarketDataProvider['ohlc'] = (id, vs, days) => this.run((p) => p.ohlc(id, vs, days));
  search: MarketDataProvider['search'] = (q) => this.run((p) => p.search(q));
  trending: MarketDataProvider['trending'] = () => this.run((p) => p.trending());
  global: MarketDataProvider['global'] = () => this.run((p) => p.global());
  exchangeRates: MarketDataProvider['exchangeRates'] = () => this.run((p) => p.exchangeRates());

  /**
   * Straight to CoinGecko, without the fallback (the snapshot's answer is no news about live
   * membership) and without touching describe() or the outage timer: it is optional work.
   */
  async categoryMembers(category: string, limit: number): Promise<string[]> {
    if (!this.primary.categoryMembers) {
      throw new UpstreamError({ kind: 'rejected', message: 'No category lookup', endpoint: 'coins/markets' });
    }
    if (this.now() < this.primaryBlockedUntil) {
      throw (
        this.lastFailure ??
        new UpstreamError({ kind: 'unavailable', message: 'CoinGecko is paused', endpoint: 'coins/markets' })
      );
    }
    return this.primary.categoryMembers(category, limit);
  }

  spareCalls(): number {
    if (this.now() < this.primaryBlockedUntil) return 0;
    return this.primary.spareCalls?.() ?? Number.POSITIVE_INFINITY;
  }

  describe(): MarketSource {
    return this.last ?? this.primary.describe();
  }
}
