import { Dec } from '../decimal.ts';
import { dayMs } from '../market/daily-candles.ts';
import { timelineOrder } from './timeline.ts';
import type { LedgerTransaction } from './types.ts';

/**
 * One coin's holding over time, kept only on the days it changed: the input of the performance
 * chart. Quantities are summed exactly (scaled integers), then stored as doubles, since the chart
 * multiplies them by market closes that are doubles anyway (see `dailyValueSeries`).
 */
export interface DailyHoldings {
  /** UTC day numbers (days since 1970-01-01) on which the holding changed, ascending. */
  days: Int32Array;
  /** The holding at the end of each of those days. */
  quantities: Float64Array;
}

/** NUMERIC(38,18): every stored quantity is a whole number of 1e-18 units. */
const quantityScale = 18;
const unit = 10n ** BigInt(quantityScale);

/**
 * Daily holdings per coin from a portfolio's transactions (any order). Follows the ledger's
 * rule for an oversell (reported and not applied), so the chart never shows a negative holding
 * the books do not have.
 */
export function dailyHoldingsByCoin(txs: readonly LedgerTransaction[]): Map<string, DailyHoldings> {
  const byCoin = new Map<string, LedgerTransaction[]>();
  for (const tx of txs) {
    const list = byCoin.get(tx.coin_id);
    if (list) list.push(tx);
    else byCoin.set(tx.coin_id, [tx]);
  }
  const out = new Map<string, DailyHoldings>();
  for (const [coinId, list] of byCoin) out.set(coinId, dailyHoldings(list));
  return out;
}

/** Daily holdings of one coin's transactions. */
export function dailyHoldings(txs: readonly LedgerTransaction[]): DailyHoldings {
  const days: number[] = [];
  const quantities: number[] = [];
  let held = 0n;
  let day = Number.NaN;
  for (const { tx, at } of timelineOrder(txs)) {
    const quantity = scaledQuantity(tx.quantity);
    const out = tx.type === 'sell' || tx.type === 'transfer_out';
    if (out && quantity > held) continue;
    const txDay = Math.floor(at / dayMs);
    if (txDay !== day) {
      if (!Number.isNaN(day)) {
        days.push(day);
        quantities.push(toNumber(held));
      }
      day = txDay;
    }
    held = out ? held - quantity : held + quantity;
  }
  if (!Number.isNaN(day)) {
    days.push(day);
    quantities.push(toNumber(held));
  }
  return { days: Int32Array.from(days), quantities: Float64Array.from(quantities) };
}

/** A decimal string as an integer count of 1e-18 units (more decimals are rounded half-even). */
function scaledQuantity(value: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,18}))?$/.exec(value);
  if (match) return BigInt((match[1] ?? '0') + (match[2] ?? '').padEnd(quantityScale, '0'));
  return BigInt(new Dec(value).mul(new Dec(10).pow(quantityScale)).toFixed(0, Dec.ROUND_HALF_EVEN));
}

function toNumber(scaled: bigint): number {
  const whole = scaled / unit;
  const rest = scaled - whole * unit;
  return Number(whole) + Number(rest) / 1e18;
}

/** Daily closes of one coin, one slot per UTC day. */
export interface DailyCloseSeries {
  /** UTC day number of `closes[0]`. */
  firstDay: number;
  /** Each day's close, forward-filled: a day without a candle carries the last known close. */
  closes: Float64Array;
}

/**
 * The portfolio's value at the end of each day `firstDay .. firstDay + days - 1`: Σ holding ×
 * close. Days after a coin's last close keep that close; days before its first close add
 * nothing for that coin (its price is unknown).
 *
 * Precision: this is a picture of the books, not the books. Holdings are exact sums rounded
 * once to a double (relative error ≤ 1.1e-16) and closes come from the market as doubles, so
 * each day's value is within ~1e-15 of the exact decimal product: far below a chart pixel and
 * below the 1e-8 the response rounds to. Money the books show (totals, cost basis, P&L) never
 * comes from here; it stays decimal in the ledger.
 */
export function dailyValueSeries(input: {
  /** Per coin, one entry per portfolio that holds it. */
  holdings: readonly { coinId: string; holdings: DailyHoldings }[];
  closes: ReadonlyMap<string, DailyCloseSeries>;
  firstDay: number;
  days: number;
}): Float64Array {
  const { firstDay, days } = input;
  const end = firstDay + days;
  const values = new Float64Array(days);
  for (const { coinId, holdings } of input.holdings) {
    const series = input.closes.get(coinId);
    if (!series || series.closes.length === 0) continue;
    const { closes } = series;
    const closesEnd = series.firstDay + closes.length;
    const lastClose = closes[closes.length - 1] ?? Number.NaN;
    const changes = holdings.days.length;
    // One constant holding per stretch between two change days: no per-day bookkeeping.
    for (let k = 0; k < changes; k++) {
      const quantity = holdings.quantities[k] ?? 0;
      if (!(quantity > 0)) continue;
      const from = Math.max(holdings.days[k] ?? end, firstDay, series.firstDay);
      const to = Math.min(k + 1 < changes ? (holdings.days[k + 1] ?? end) : end, end);
      const stored = Math.min(to, closesEnd);
      let day = from;
      for (; day < stored; day++) {
        const close = closes[day - series.firstDay] ?? Number.NaN;
        if (close > 0) values[day - firstDay] = (values[day - firstDay] ?? 0) + quantity * close;
      }
      // After the last stored close the price is carried forward.
      if (lastClose > 0) {
        for (; day < to; day++) values[day - firstDay] = (values[day - firstDay] ?? 0) + quantity * lastClose;
      }
    }
  }
  return values;
}

/** The latest holding of a coin (0 when nothing was ever held). */
export function currentHolding(holdings: DailyHoldings): number {
  return holdings.quantities[holdings.quantities.length - 1] ?? 0;
}
