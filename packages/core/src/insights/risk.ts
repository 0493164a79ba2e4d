import { Dec } from '../decimal.ts';
import { dayMs } from '../market/daily-candles.ts';
import type { InsightsInput } from './input.ts';
import {
  annualise,
  basketReturns,
  betaAndCorrelation,
  closesByDay,
  coinReturns,
  maxDrawdown,
  paired,
  stdev,
} from './statistics.ts';

export const btcId = 'bitcoin';
/** Fewer paired daily returns than this and a beta is not worth showing. */
export const minReturnsForBeta = 20;

export interface CoinBeta {
  coinId: string;
  beta: number | null;
  correlation: number | null;
  returns: number;
}

export interface RiskFigures {
  endDay: number;
  vol30: number | null;
  vol90: number | null;
  returns30: number;
  returns90: number;
  drawdown: { drawdown: number; peakDay: number | null; troughDay: number | null };
  beta: number | null;
  correlation: number | null;
  pairedWithBtc: number;
  coinBetas: Map<string, CoinBeta>;
  /** Held coins with no closes in the window (left out of every statistic). */
  withoutHistory: string[];
}

/**
 * Volatility, drawdown and beta of the coins held today, priced at each day's close over the
 * last 90 days: deposits and withdrawals in the window do not count as gains or losses.
 */
export function riskFigures(input: InsightsInput): RiskFigures | null {
  const held = input.positions.filter((p) => new Dec(p.quantity).gt(0));
  if (held.length === 0) return null;
  const byCoin = new Map<string, Map<number, number>>();
  let endDay = Number.NEGATIVE_INFINITY;
  const yesterday = Math.floor(input.now.getTime() / dayMs) - 1;
  for (const p of [...held.map((h) => h.coinId), btcId]) {
    const series = input.closes.get(p);
    if (!series) continue;
    const days = closesByDay(series);
    byCoin.set(p, days);
    if (held.some((h) => h.coinId === p))
      for (const d of days.keys()) if (d <= yesterday && d > endDay) endDay = d;
  }
  if (!Number.isFinite(endDay)) {
    return {
      endDay: yesterday,
      vol30: null,
      vol90: null,
      returns30: 0,
      returns90: 0,
      drawdown: { drawdown: 0, peakDay: null, troughDay: null },
      beta: null,
      correlation: null,
      pairedWithBtc: 0,
      coinBetas: new Map(),
      withoutHistory: held.map((h) => h.coinId),
    };
  }
  const from90 = endDay - 90;
  const from30 = endDay - 30;
  const basket = held
    .filter((h) => byCoin.has(h.coinId))
    .map((h) => ({
      quantity: Number(h.quantity),
      closes: byCoin.get(h.coinId) ?? new Map<number, number>(),
    }));
  const r90 = basketReturns(basket, from90, endDay);
  const r30 = new Map([...r90].filter(([d]) => d > from30));
  const btc = byCoin.get(btcId);
  const btcReturns = btc ? coinReturns(btc, from90, endDay) : new Map<number, number>();
  const pair = paired(r90, btcReturns);
  const bc = pair.xs.length >= minReturnsForBeta ? betaAndCorrelation(pair.xs, pair.ys) : null;
  const coinBetas = new Map<string, CoinBeta>();
  for (const h of held) {
    const closes = byCoin.get(h.coinId);
    if (!closes) continue;
    const p = paired(coinReturns(closes, from90, endDay), btcReturns);
    const ok = p.xs.length >= minReturnsForBeta;
    const r = ok ? betaAndCorrelation(p.xs, p.ys) : null;
    coinBetas.set(h.coinId, {
      coinId: h.coinId,
      beta: r && Number.isFinite(r.beta) ? r.beta : null,
      correlation: r && Number.isFinite(r.correlation) ? r.correlation : null,
      returns: p.xs.length,
    });
  }
  const finite = (x: number) => (Number.isFinite(x) ? x : null);
  return {
    endDay,
    vol30: r30.size >= 2 ? finite(annualise(stdev([...r30.values()]))) : null,
    vol90: r90.size >= 2 ? finite(annualise(stdev([...r90.values()]))) : null,
    returns30: r30.size,
    returns90: r90.size,
    drawdown: maxDrawdown(r90),
    beta: bc ? finite(bc.beta) : null,
    correlation: bc ? finite(bc.correlation) : null,
    pairedWithBtc: pair.xs.length,
    coinBetas,
    withoutHistory: held
      .filter((h) => !byCoin.has(h.coinId) || (byCoin.get(h.coinId)?.size ?? 0) === 0)
      .map((h) => h.coinId),
  };
}
