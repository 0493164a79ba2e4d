import { Dec } from '../decimal.ts';
import { parseInstant } from '../ledger/timeline.ts';
import { dayMs } from '../market/daily-candles.ts';
import type { DayFlows } from './returns.ts';

/** One movement of an exchange account's money, valued in the portfolio's currency by its rate. */
export interface CashEntry {
  /** The account whose balance it moves (its connection, or its portfolio once unlinked). */
  account: string;
  kind: 'deposit' | 'withdrawal' | 'trade';
  /** A deposit's or withdrawal's gross amount; a trade's signed change to the cash. */
  amount: string;
  fee: string;
  rate: string;
  executed_at: string;
  /** The row a trade's cash paid for or came from. */
  transaction_id: string | null;
}

export interface CashAccounts {
  /** Money crossing the edge through the accounts, by UTC day. */
  flows: Map<number, DayFlows>;
  /** Rows whose money the accounts stand for: they are no flow of their own. */
  covered: Set<string>;
  /** First UTC day with an entry, or null. */
  firstDay: number | null;
  /** Cash held at the end of each day from `from`, `days` long. */
  series(from: number, days: number): Float64Array;
  /** What the accounts hold after the last entry. */
  held: number;
}

/** Money in before money out at one instant: a deposit funds the purchase stamped with it. */
const order = (e: CashEntry) =>
  e.kind === 'deposit' ? 0 : e.kind === 'trade' ? (new Dec(e.amount).isNegative() ? 2 : 1) : 3;

/**
 * The cash of exchange accounts as the returns count it. A fiat deposit is money the owner paid
 * in and a withdrawal money taken out; a purchase paid from cash already in the account brings no
 * new money, and a sale's proceeds stay in the account's value until they are withdrawn. An
 * account never holds less than nothing: money spent or withdrawn beyond what was seen arriving
 * was paid in before the history the exchange gave, so the shortfall counts as paid in that day.
 * With no deposit seen at all, every purchase is therefore new money, as it is without an account.
 */
export function cashAccounts(entries: readonly CashEntry[]): CashAccounts {
  const sorted = entries
    .map((e) => ({ e, at: parseInstant(e.executed_at) }))
    .sort((a, b) => a.at - b.at || order(a.e) - order(b.e));
  const balances = new Map<string, Dec>();
  const flows = new Map<number, { inflow: Dec; outflow: Dec; ids: string[] }>();
  const covered = new Set<string>();
  /** Total held at the end of each day with an entry, in day order. */
  const ends: { day: number; held: number }[] = [];
  let total = new Dec(0);
  const flowOn = (day: number) => {
    let f = flows.get(day);
    if (!f) {
      f = { inflow: new Dec(0), outflow: new Dec(0), ids: [] };
      flows.set(day, f);
    }
    return f;
  };

  for (const { e, at } of sorted) {
    const day = Math.floor(at / dayMs);
    const rate = new Dec(e.rate);
    const before = balances.get(e.account) ?? new Dec(0);
    let change: Dec;
    if (e.kind === 'deposit') {
      flowOn(day).inflow = flowOn(day).inflow.add(new Dec(e.amount).mul(rate));
      change = new Dec(e.amount).sub(e.fee).mul(rate);
    } else if (e.kind === 'withdrawal') {
      flowOn(day).outflow = flowOn(day).outflow.add(new Dec(e.amount).mul(rate));
      change = new Dec(e.amount).add(e.fee).mul(rate).neg();
    } else {
      change = new Dec(e.amount).mul(rate);
      if (e.transaction_id !== null) covered.add(e.transaction_id);
    }
    let after = before.add(change);
    if (after.isNegative()) {
      const f = flowOn(day);
      f.inflow = f.inflow.add(after.neg());
      if (e.transaction_id !== null) f.ids.push(e.transaction_id);
      after = new Dec(0);
    }
    balances.set(e.account, after);
    total = total.add(after.sub(before));
    const last = ends.at(-1);
    if (last && last.day === day) last.held = total.toNumber();
    else ends.push({ day, held: total.toNumber() });
  }

  const out = new Map<number, DayFlows>();
  for (const [day, f] of flows) {
    if (f.inflow.isZero() && f.outflow.isZero()) continue;
    out.set(day, { inflow: f.inflow.toNumber(), outflow: f.outflow.toNumber(), transactionIds: f.ids });
  }
  return {
    flows: out,
    covered,
    firstDay: ends[0]?.day ?? null,
    held: total.toNumber(),
    series(from, days) {
      const values = new Float64Array(days);
      let i = 0;
      let held = 0;
      for (let d = 0; d < days; d++) {
        while (i < ends.length && (ends[i]?.day ?? Infinity) <= from + d) held = ends[i++]?.held ?? held;
        values[d] = held;
      }
      return values;
    },
  };
}

/** Two sets of daily flows as one. */
export function mergeFlows(
  a: ReadonlyMap<number, DayFlows>,
  b: ReadonlyMap<number, DayFlows>,
): Map<number, DayFlows> {
  const out = new Map(a);
  for (const [day, f] of b) {
    const g = out.get(day);
    out.set(
      day,
      g
        ? {
            inflow: g.inflow + f.inflow,
            outflow: g.outflow + f.outflow,
            transactionIds: [...g.transactionIds, ...f.transactionIds],
          }
        : f,
    );
  }
  return out;
}
