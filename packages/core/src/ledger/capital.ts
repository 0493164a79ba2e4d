import type { CostBasisMethod } from '@app/contracts';
import { dayMs } from '../market/daily-candles.ts';
import { computeLedger } from './engine.ts';
import { scaledAmount, scaledToNumber } from './scaled.ts';
import type { LedgerTransaction } from './types.ts';

/**
 * Capital invested at the end of each day: the cost basis of everything held then (the summary
 * card's "capital invested", followed through time). It rises with buys and their fees, falls by
 * the cost a sell or transfer out removes (under the user's cost-basis method), and is unchanged by
 * price moves, so the gap to the value line is the unrealized P&L of that day. Units of unknown
 * cost add nothing here (they have no cost) while their value is in the value line, so on a
 * portfolio holding some the gap also holds their value. A chart figure: each day's total is
 * summed exactly (scaled integers) and rounded once to a double, so it does not depend on the
 * order the coins are added in, and a series kept per coin sums to the same doubles.
 *
 * This is the full computation (one ledger over every transaction); `coinCapital` and
 * `capitalHistory` give the same days from figures kept per coin.
 */
export function dailyCapitalSeries(input: {
  transactions: readonly LedgerTransaction[];
  method: CostBasisMethod;
  firstDay: number;
  days: number;
}): { daily: Float64Array; current: number } {
  const { firstDay, days } = input;
  const daily = new Float64Array(days);
  if (input.transactions.length === 0) return { daily, current: 0 };
  const { steps } = computeLedger(input.transactions, { method: input.method, explain: true });
  const perCoin = new Map<string, bigint>();
  const coinOf = new Map(input.transactions.map((t) => [t.id, t.coin_id]));
  let total = 0n;
  let filled = 0;
  for (const step of steps) {
    const day = Math.floor(Date.parse(step.executed_at) / dayMs) - firstDay;
    // Days before this step end with the total so far.
    if (filled < Math.min(day, days)) {
      const value = scaledToNumber(total);
      for (; filled < Math.min(day, days); filled++) daily[filled] = value;
    }
    const coin = coinOf.get(step.transaction_id) ?? '';
    const after = scaledAmount(step.cost_basis_after);
    total += after - (perCoin.get(coin) ?? 0n);
    perCoin.set(coin, after);
  }
  const current = scaledToNumber(total);
  for (; filled < days; filled++) daily[filled] = current;
  return { daily, current };
}

/** One coin's cost basis at the end of each day it changed (exact, in 1e-18 units). */
export interface CoinCapital {
  /** UTC day numbers, ascending. */
  days: Int32Array;
  costs: readonly bigint[];
}

/** A portfolio's capital invested at the end of each day it changed (one double per day). */
export interface CapitalHistory {
  days: Int32Array;
  totals: Float64Array;
}

/** One coin's capital days, from that coin's transactions (any order). */
export function coinCapital(txs: readonly LedgerTransaction[], method: CostBasisMethod): CoinCapital {
  const days: number[] = [];
  const costs: bigint[] = [];
  if (txs.length === 0) return { days: new Int32Array(), costs };
  for (const step of computeLedger(txs, { method, explain: true }).steps) {
    const day = Math.floor(Date.parse(step.executed_at) / dayMs);
    const cost = scaledAmount(step.cost_basis_after);
    if (days[days.length - 1] === day) costs[costs.length - 1] = cost;
    else {
      days.push(day);
      costs.push(cost);
    }
  }
  return { days: Int32Array.from(days), costs };
}

/**
 * The portfolio's capital days from its coins' (as `dailyCapitalSeries` would give them): each
 * day's exact total, summed over the coins' changes that day.
 */
export function capitalHistory(coins: Iterable<CoinCapital>): CapitalHistory {
  const deltas = new Map<number, bigint>();
  for (const coin of coins) {
    let before = 0n;
    for (let i = 0; i < coin.days.length; i++) {
      const day = coin.days[i] ?? 0;
      const cost = coin.costs[i] ?? 0n;
      deltas.set(day, (deltas.get(day) ?? 0n) + cost - before);
      before = cost;
    }
  }
  const days = Int32Array.from(deltas.keys()).sort();
  const totals = new Float64Array(days.length);
  let total = 0n;
  for (let i = 0; i < days.length; i++) {
    total += deltas.get(days[i] ?? 0) ?? 0n;
    totals[i] = scaledToNumber(total);
  }
  return { days, totals };
}

/** The capital at the end of each day `firstDay .. firstDay + days - 1`, and now (`dailyCapitalSeries`'s shape). */
export function sampleCapital(
  history: CapitalHistory,
  firstDay: number,
  days: number,
): { daily: Float64Array; current: number } {
  const daily = new Float64Array(days);
  const n = history.days.length;
  let k = 0;
  let value = 0;
  for (let d = 0; d < days; d++) {
    while (k < n && (history.days[k] ?? 0) <= firstDay + d) value = history.totals[k++] ?? value;
    daily[d] = value;
  }
  return { daily, current: n === 0 ? 0 : (history.totals[n - 1] ?? 0) };
}
