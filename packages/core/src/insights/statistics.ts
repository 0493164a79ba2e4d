import { dayMs } from '../market/daily-candles.ts';
import type { CloseSeries } from './input.ts';

/*
 * Statistics on market closes. Closes are doubles from the market, so these are floats too;
 * cards round them for reading ("statistical figures may use floats").
 */

export function mean(xs: readonly number[]): number {
  return xs.length === 0 ? Number.NaN : xs.reduce((s, x) => s + x, 0) / xs.length;
}

/** Sample standard deviation (n − 1). */
export function stdev(xs: readonly number[]): number {
  if (xs.length < 2) return Number.NaN;
  const m = mean(xs);
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1));
}

/** Sample covariance of two equally long series. */
export function covariance(xs: readonly number[], ys: readonly number[]): number {
  const n = Math.min(xs.length, ys.length);
  if (n < 2) return Number.NaN;
  const mx = mean(xs.slice(0, n));
  const my = mean(ys.slice(0, n));
  let s = 0;
  for (let i = 0; i < n; i++) s += ((xs[i] ?? 0) - mx) * ((ys[i] ?? 0) - my);
  return s / (n - 1);
}

/** Beta of xs against ys (cov ÷ var of ys) and their correlation. */
export function betaAndCorrelation(
  xs: readonly number[],
  ys: readonly number[],
): { beta: number; correlation: number } {
  const cov = covariance(xs, ys);
  const sx = stdev(xs);
  const sy = stdev(ys);
  return { beta: cov / (sy * sy), correlation: cov / (sx * sy) };
}

/** Crypto trades every day: annualise a daily deviation with √365. */
export const annualise = (dailyStdev: number) => dailyStdev * Math.sqrt(365);

/** A close per UTC day number, forward-filled inside the series (a missing day keeps the last close). */
export function closesByDay(series: CloseSeries): Map<number, number> {
  const out = new Map<number, number>();
  let last: number | null = null;
  let lastDay: number | null = null;
  for (let i = 0; i < series.timestamps.length; i++) {
    const day = Math.floor((series.timestamps[i] ?? 0) / dayMs);
    const close = series.closes[i];
    if (close === undefined || !Number.isFinite(close) || close <= 0) continue;
    if (last !== null && lastDay !== null) for (let d = lastDay + 1; d < day; d++) out.set(d, last);
    out.set(day, close);
    last = close;
    lastDay = day;
  }
  return out;
}

/** Days missing inside a series (between its first and last close) and whether it starts late. */
export function historyGaps(
  series: CloseSeries | undefined,
  fromDay: number,
  toDay: number,
): { missingDays: number; startsLate: boolean; empty: boolean } {
  if (!series || series.timestamps.length === 0)
    return { missingDays: toDay - fromDay + 1, startsLate: true, empty: true };
  const days = new Set(series.timestamps.map((t) => Math.floor(t / dayMs)));
  let missing = 0;
  let first = Number.POSITIVE_INFINITY;
  for (const d of days) first = Math.min(first, d);
  for (let d = Math.max(fromDay, first); d <= toDay; d++) if (!days.has(d)) missing++;
  return { missingDays: missing, startsLate: first > fromDay, empty: false };
}

/** Daily simple returns of one coin over days (from, to], paired by day; missing days skipped. */
export function coinReturns(
  closes: ReadonlyMap<number, number>,
  from: number,
  to: number,
): Map<number, number> {
  const out = new Map<number, number>();
  for (let d = from + 1; d <= to; d++) {
    const a = closes.get(d - 1);
    const b = closes.get(d);
    if (a !== undefined && b !== undefined) out.set(d, b / a - 1);
  }
  return out;
}

/**
 * Daily returns of a fixed basket (quantities held today) over days (from, to]: each day's
 * change in value of the coins priced on both days ÷ their value the day before. A coin whose
 * history starts inside the window joins from its first pair of closes, so its arrival is not
 * counted as a gain.
 */
export function basketReturns(
  basket: readonly { quantity: number; closes: ReadonlyMap<number, number> }[],
  from: number,
  to: number,
): Map<number, number> {
  const out = new Map<number, number>();
  for (let d = from + 1; d <= to; d++) {
    let before = 0;
    let after = 0;
    for (const { quantity, closes } of basket) {
      const a = closes.get(d - 1);
      const b = closes.get(d);
      if (a === undefined || b === undefined) continue;
      before += quantity * a;
      after += quantity * b;
    }
    if (before > 0) out.set(d, after / before - 1);
  }
  return out;
}

/** Largest fall from a running peak of the chained returns, as a negative fraction, with its days. */
export function maxDrawdown(returns: ReadonlyMap<number, number>): {
  drawdown: number;
  peakDay: number | null;
  troughDay: number | null;
} {
  let index = 1;
  let peak = 1;
  let peakDay: number | null = null;
  let result = { drawdown: 0, peakDay: null as number | null, troughDay: null as number | null };
  const days = [...returns.keys()].sort((a, b) => a - b);
  if (days[0] !== undefined) peakDay = days[0] - 1;
  for (const d of days) {
    index *= 1 + (returns.get(d) ?? 0);
    if (index > peak) {
      peak = index;
      peakDay = d;
    }
    const dd = index / peak - 1;
    if (dd < result.drawdown) result = { drawdown: dd, peakDay, troughDay: d };
  }
  return result;
}

/** Values of `a` and `b` on the days both have, in day order. */
export function paired(
  a: ReadonlyMap<number, number>,
  b: ReadonlyMap<number, number>,
): { xs: number[]; ys: number[] } {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const d of [...a.keys()].sort((p, q) => p - q)) {
    const y = b.get(d);
    const x = a.get(d);
    if (x !== undefined && y !== undefined) {
      xs.push(x);
      ys.push(y);
    }
  }
  return { xs, ys };
}

export const dayToIso = (day: number) => new Date(day * dayMs).toISOString().slice(0, 10);
