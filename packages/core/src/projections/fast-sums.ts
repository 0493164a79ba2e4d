import type { RowEntry } from './fast-row-entry.ts';
import { limitDigits, pow10 } from './scaled.ts';

/**
 * The fixed scale of each kind of figure, chosen so every product and sum is exact at it:
 * coins (and remaining), prices, gross (coins × price), and net, the one scale of fee,
 * tax, net and cash out (gross × a rate of `rate` places).
 */
export interface Scales {
  coin: number;
  price: number;
  gross: number;
  rate: number;
  net: number;
}

/** The recalculation of every row: what each row's display and the totals need. */
export interface Sums {
  /** 'exact': no figure can reach the reference's 40 digits, so none is rounded. */
  mode: 'exact' | 'rounding';
  remaining: bigint;
  totalSold: bigint;
  totalGross: bigint;
  totalFees: bigint;
  totalTax: bigint;
  cash: bigint;
  capped: Uint8Array;
  soldOf(k: number): bigint;
  cashOf(k: number): bigint;
  remainingOf(k: number): bigint;
}

/** A row's own amounts, as the reference computes them (limitDigits = its rounding, if any). */
export function rowAmounts(entry: RowEntry, sold: bigint, scales: Scales, taxRate: bigint) {
  const gross = limitDigits(sold * entry.priceAtScale(scales.price));
  const fee = entry.fee === null ? 0n : limitDigits(gross * entry.feeAtScale(scales.rate));
  const tax = taxRate === 0n ? 0n : limitDigits(gross * taxRate);
  const grossWide = gross * pow10(scales.rate);
  const afterFee = fee === 0n ? grossWide : limitDigits(grossWide - fee);
  const net = tax === 0n ? afterFee : limitDigits(afterFee - tax);
  return { gross, fee, tax, net };
}

/**
 * When no figure can reach 40 significant digits the reference never rounds, so exact
 * integer sums equal its figures in any order. That lets a row cost two products and
 * three additions: tax and cash out follow from the running gross and fees,
 * cash = gross − fees − gross × tax rate, and a row's sale is the drop in remaining.
 */
export function sumExact(sorted: readonly RowEntry[], owned: bigint, scales: Scales, taxRate: bigint): Sums {
  const count = sorted.length;
  const remainingAt = new Array<bigint>(count);
  const grossAt = new Array<bigint>(count);
  const feesAt = new Array<bigint>(count);
  const capped = new Uint8Array(count);
  const coinScale = scales.coin;
  const priceScale = scales.price;
  const rateScale = scales.rate;
  let remaining = owned;
  let gross = 0n;
  let fees = 0n;
  for (let k = 0; k < count; k++) {
    const entry = sorted[k] as RowEntry;
    if (entry.counted) {
      let sold = entry.coinsAtScale(coinScale);
      if (sold > remaining) {
        sold = remaining;
        capped[k] = 1;
      }
      const g = sold * entry.priceAtScale(priceScale);
      remaining -= sold;
      gross += g;
      if (entry.fee !== null) fees += g * entry.feeAtScale(rateScale);
    }
    remainingAt[k] = remaining;
    grossAt[k] = gross;
    feesAt[k] = fees;
  }
  const keep = pow10(rateScale) - taxRate;
  const cashOf = (k: number) => (grossAt[k] ?? 0n) * keep - (feesAt[k] ?? 0n);
  return {
    mode: 'exact',
    remaining,
    totalSold: owned - remaining,
    totalGross: gross,
    totalFees: fees,
    totalTax: gross * taxRate,
    cash: gross * keep - fees,
    capped,
    soldOf: (k) => (k === 0 ? owned : (remainingAt[k - 1] ?? 0n)) - (remainingAt[k] ?? 0n),
    cashOf,
    remainingOf: (k) => remainingAt[k] ?? 0n,
  };
}

/** Every step as the reference takes it, rounding where it rounds (long mantissas). */
export function sumRounding(
  sorted: readonly RowEntry[],
  owned: bigint,
  scales: Scales,
  taxRate: bigint,
): Sums {
  const count = sorted.length;
  const soldAt = new Array<bigint>(count);
  const cashAt = new Array<bigint>(count);
  const remainingAt = new Array<bigint>(count);
  const capped = new Uint8Array(count);
  let remaining = owned;
  let totalSold = 0n;
  let totalGross = 0n;
  let totalFees = 0n;
  let totalTax = 0n;
  let cash = 0n;
  for (let k = 0; k < count; k++) {
    const entry = sorted[k] as RowEntry;
    let sold = 0n;
    if (entry.counted) {
      sold = entry.coinsAtScale(scales.coin);
      if (sold > remaining) {
        sold = remaining;
        capped[k] = 1;
      }
      const { gross, fee, tax, net } = rowAmounts(entry, sold, scales, taxRate);
      remaining = limitDigits(remaining - sold);
      totalSold = limitDigits(totalSold + sold);
      totalGross = limitDigits(totalGross + gross);
      totalFees = limitDigits(totalFees + fee);
      totalTax = limitDigits(totalTax + tax);
      cash = limitDigits(cash + net);
    }
    soldAt[k] = sold;
    cashAt[k] = cash;
    remainingAt[k] = remaining;
  }
  return {
    mode: 'rounding',
    remaining,
    totalSold,
    totalGross,
    totalFees,
    totalTax,
    cash,
    capped,
    soldOf: (k) => soldAt[k] ?? 0n,
    cashOf: (k) => cashAt[k] ?? 0n,
    remainingOf: (k) => remainingAt[k] ?? 0n,
  };
}
