import type { CostBasisMethod } from '@app/contracts';
import { dayMs } from '../market/daily-candles.ts';
import { computeLedger } from './engine.ts';
import type { LedgerTransaction } from './types.ts';

/**
 * Capital invested at the end of each day: the cost basis of everything held then (the summary
 * card's "capital invested", followed through time). It rises with buys and their fees, falls by
 * the cost a sell or transfer out removes (under the user's cost-basis method), and is unchanged by
 * price moves, so the gap to the value line is the unrealized P&L of that day. Units of unknown
 * cost add nothing here (they have no cost) while their value is in the value line, so on a
 * portfolio holding some the gap also holds their value. A chart figure: float, not the books.
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
  const perCoin = new Map<string, number>();
  const coinOf = new Map(input.transactions.map((t) => [t.id, t.coin_id]));
  let total = 0;
  let filled = 0;
  for (const step of steps) {
    const day = Math.floor(Date.parse(step.executed_at) / dayMs) - firstDay;
    // Days before this step end with the total so far.
    for (; filled < Math.min(day, days); filled++) daily[filled] = total;
    const coin = coinOf.get(step.transaction_id) ?? '';
    const after = Number(step.cost_basis_after);
    total += after - (perCoin.get(coin) ?? 0);
    perCoin.set(coin, after);
  }
  for (; filled < days; filled++) daily[filled] = total;
  return { daily, current: total };
}
