import type { CoinMarket } from '@app/contracts';
import { convertCoin } from './convert.ts';
import type { MarketSnapshot } from './market-snapshot.ts';

/**
 * The copy of the market every reader is served, with its conversions to other currencies.
 * Each new copy bumps the generation and drops the conversions, so nothing derived from an
 * older copy is served beside a newer one.
 */
export function createMarketMemory() {
  let current: MarketSnapshot | null = null;
  let generation = 0;
  const converted = new Map<
    string,
    { generation: number; coins: CoinMarket[]; byId: Map<string, CoinMarket> }
  >();

  function replace(next: MarketSnapshot | null): void {
    current = next;
    generation += 1;
    converted.clear();
  }

  /** The whole tracked market in `vs`, converted once per refresh and shared by every request. */
  function inCurrency(s: MarketSnapshot, vs: string): { coins: CoinMarket[]; byId: Map<string, CoinMarket> } {
    if (vs === 'usd') return { coins: s.coins, byId: s.byId };
    const hit = converted.get(vs);
    if (hit && hit.generation === generation) return hit;
    const factor = usdFactor(s, vs) ?? 1;
    const coins = s.coins.map((c) => convertCoin(c, factor));
    const entry = { generation, coins, byId: new Map(coins.map((c) => [c.id, c])) };
    converted.set(vs, entry);
    return entry;
  }

  return {
    peek: (): MarketSnapshot | null => current,
    generation: (): number => generation,
    install: (next: MarketSnapshot): void => replace(next),
    /** Leaves nothing to serve, so the next reader loads a copy of the new mode's. */
    forget: (): void => replace(null),
    inCurrency,
  };
}

export type MarketMemory = ReturnType<typeof createMarketMemory>;

/** Units of `vs` per USD; null when the currency is unknown to the rates table. */
export function usdFactor(s: MarketSnapshot, vs: string): number | null {
  if (vs === 'usd') return 1;
  const target = s.rates.rates[vs];
  const usd = s.rates.rates.usd;
  if (!target || !usd) return null;
  return target.value / usd.value;
}
