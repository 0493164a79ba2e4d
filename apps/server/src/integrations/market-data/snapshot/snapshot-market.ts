import type { CoinMarket } from '@app/contracts';
import { roundSupply, safeImageUrl } from '@app/core';
import { UpstreamError } from '../upstream-error.ts';
import type { SnapshotDataset } from './dataset.ts';
import { buildPriceModels, dayMs, hourMs, type PriceModel } from './price-model.ts';

const cryptoBases: Record<string, string> = { btc: 'bitcoin', eth: 'ethereum' };

/** Figures for one coin at one instant, derived from its PriceModel (all in the vs currency). */
export class SnapshotMarket {
  readonly models: Map<string, PriceModel>;
  /** Highest daily point per (coin, currency), rescanned once per UTC day. */
  private readonly athCache = new Map<string, { day: number; value: number; at: number }>();
  private readonly lastPass = new Map<string, { t: number; coins: CoinMarket[] }>();

  constructor(readonly dataset: SnapshotDataset) {
    this.models = buildPriceModels(dataset);
  }

  model(id: string): PriceModel {
    const model = this.models.get(id);
    if (!model)
      throw new UpstreamError({
        kind: 'not_found',
        message: `Unknown coin: ${id}`,
        endpoint: `snapshot/${id}`,
      });
    return model;
  }

  supports(vs: string): boolean {
    return vs in this.dataset.fiatPerUsd || vs in cryptoBases;
  }

  /** Multiplier turning USD at time t into `vs`. Unknown currencies are a bad request, as upstream. */
  factor(vs: string, t: number): number {
    const fiat = this.dataset.fiatPerUsd[vs];
    if (fiat !== undefined) return fiat;
    const baseId = cryptoBases[vs];
    if (baseId) return 1 / this.model(baseId).usdAt(t);
    throw new UpstreamError({
      kind: 'rejected',
      status: 400,
      message: `Unsupported vs_currency: ${vs}`,
      endpoint: 'snapshot',
    });
  }

  priceAt(model: PriceModel, vs: string, t: number): number {
    return model.usdAt(t) * this.factor(vs, t);
  }

  changePct(model: PriceModel, vs: string, t: number, backMs: number): number {
    const then = this.priceAt(model, vs, t - backMs);
    return (this.priceAt(model, vs, t) / then - 1) * 100;
  }

  sparkline(model: PriceModel, vs: string, t: number): number[] {
    // Like CoinGecko: 168 hourly points for the last 7 days, oldest first, ending now.
    return Array.from({ length: 168 }, (_, k) => this.priceAt(model, vs, t - (167 - k) * hourMs));
  }

  highLow24h(model: PriceModel, vs: string, t: number): [number, number] {
    let high = -Infinity;
    let low = Infinity;
    for (let k = 0; k <= 96; k++) {
      const p = this.priceAt(model, vs, t - k * 15 * 60_000);
      high = Math.max(high, p);
      low = Math.min(low, p);
    }
    return [high, low];
  }

  /**
   * The dataset's ATH (USD, converted at today's fiat rate) unless the simulated path beat it;
   * in BTC/ETH terms only the dataset window is known, so the window's high is used.
   */
  ath(model: PriceModel, vs: string, t: number): { value: number; date: string } {
    const today = model.dayIndex(t);
    const key = `${model.coin.id}:${vs}`;
    let best = this.athCache.get(key);
    if (!best || best.day !== today) {
      best = { day: today, value: -Infinity, at: 0 };
      const fiat = this.dataset.fiatPerUsd[vs];
      if (fiat !== undefined)
        best = { day: today, value: model.coin.ath * fiat, at: Date.parse(model.coin.athDate) };
      for (let i = 0; i <= today; i++) {
        const at = this.dataset.firstDayMs + i * dayMs;
        const p = this.priceAt(model, vs, at);
        if (p > best.value) best = { day: today, value: p, at };
      }
      this.athCache.set(key, best);
    }
    const now = this.priceAt(model, vs, t);
    return now > best.value
      ? { value: now, date: new Date(t).toISOString() }
      : { value: best.value, date: new Date(best.at).toISOString() };
  }

  coinAt(model: PriceModel, vs: string, t: number, withSparkline: boolean): CoinMarket {
    const coin = model.coin;
    const price = this.priceAt(model, vs, t);
    const price24hAgo = this.priceAt(model, vs, t - dayMs);
    const [high, low] = this.highLow24h(model, vs, t);
    const ath = this.ath(model, vs, t);
    const factor = this.factor(vs, t);
    return {
      id: coin.id,
      symbol: coin.symbol,
      name: coin.name,
      image: safeImageUrl(coin.image).url,
      current_price: price,
      market_cap: coin.circulatingSupply === null ? null : price * coin.circulatingSupply,
      market_cap_rank: null,
      total_volume: model.volumeAt(t) * factor,
      high_24h: high,
      low_24h: low,
      price_change_24h: price - price24hAgo,
      price_change_percentage_1h: this.changePct(model, vs, t, hourMs),
      price_change_percentage_24h: (price / price24hAgo - 1) * 100,
      price_change_percentage_7d: this.changePct(model, vs, t, 7 * dayMs),
      circulating_supply: roundSupply(coin.circulatingSupply),
      total_supply: coin.totalSupply,
      max_supply: coin.maxSupply,
      ath: ath.value,
      ath_date: ath.date,
      ath_change_percentage: (price / ath.value - 1) * 100,
      // The dataset does not carry all-time lows; a window minimum would be mislabelled.
      atl: null,
      atl_date: null,
      ...(withSparkline ? { sparkline_in_7d: { price: this.sparkline(model, vs, t) } } : {}),
      last_updated: new Date(t).toISOString(),
      categories: [...coin.categories],
    };
  }

  /**
   * All coins at t, ranked by market cap (rank 1 = largest). A full pass costs tens of ms,
   * so the latest pass per (currency, sparkline) is reused for calls at the same instant;
   * callers get a fresh array but must treat the coin objects as read-only.
   */
  allCoinsAt(vs: string, t: number, withSparkline: boolean): CoinMarket[] {
    const key = `${vs}:${withSparkline}`;
    const memo = this.lastPass.get(key);
    if (memo && memo.t === t) return [...memo.coins];
    const coins = [...this.models.values()].map((m) => this.coinAt(m, vs, t, withSparkline));
    const ranked = [...coins].sort((a, b) => (b.market_cap ?? -1) - (a.market_cap ?? -1));
    ranked.forEach((c, i) => {
      c.market_cap_rank = c.market_cap === null ? null : i + 1;
    });
    this.lastPass.set(key, { t, coins: ranked });
    return [...ranked];
  }
}
