import { type DailyCloseSeries, type DailyHoldings, dailyValueSeries } from '@app/core';

/** One coin of one portfolio, in the order the chart sums them. */
export interface HeldCoin {
  /** Which portfolio holds it: with the coin id, what matches it to the same slot of a kept series. */
  owner: string;
  coinId: string;
  holdings: DailyHoldings;
}

/**
 * The daily value series behind the performance chart, kept per key (a user's portfolio or all
 * of them, and the base currency) with the inputs it was computed from: each coin's holdings and
 * each coin's closes. A read compares the inputs it is given with the kept ones and recomputes
 * only from the first day on which any of them differs (a write's day, a corrected or newly
 * stored close, the days after the kept end); the days before are copied.
 *
 * Copying is exact, not close: `dailyValueSeries` computes each day on its own, adding the
 * coins' holding × close in the order of `held`, and for a day before the first difference every
 * coin contributes the same product in the same order (a coin added or removed contributes
 * nothing before its first holding day). So the series equals a full recomputation double for
 * double. Only references and day totals are kept: holdings and closes are the ones the figures
 * and closes caches hold anyway.
 */
export interface ValueHistory {
  series(
    key: string,
    held: readonly HeldCoin[],
    closes: ReadonlyMap<string, DailyCloseSeries>,
    firstDay: number,
    days: number,
  ): Float64Array;
  /** Days recomputed by the last call (tests and the bench: what a read cost). */
  lastRecomputed(): number;
}

interface Kept {
  held: readonly HeldCoin[];
  closes: ReadonlyMap<string, DailyCloseSeries | undefined>;
  firstDay: number;
  values: Float64Array;
  /** Holding change days referenced: what may stay alive because of this entry. */
  weight: number;
}

export function createValueHistory(
  options: { maxEntries?: number; maxHoldingDays?: number } = {},
): ValueHistory {
  const maxEntries = options.maxEntries ?? 1000;
  const maxHoldingDays = options.maxHoldingDays ?? 2_000_000;
  const kept = new Map<string, Kept>();
  let weight = 0;
  let recomputed = 0;

  function remember(key: string, entry: Kept): void {
    const before = kept.get(key);
    if (before) {
      kept.delete(key);
      weight -= before.weight;
    }
    kept.set(key, entry);
    weight += entry.weight;
    // The map's order is least recently used first.
    for (const [k, e] of kept) {
      if (kept.size <= maxEntries && weight <= maxHoldingDays) break;
      kept.delete(k);
      weight -= e.weight;
    }
  }

  return {
    series(key, held, closes, firstDay, days) {
      const end = firstDay + days;
      const before = kept.get(key);
      const values = new Float64Array(days);
      const compute = (from: number, to: number) => {
        if (from >= to) return;
        values.set(
          dailyValueSeries({ holdings: held, closes, firstDay: from, days: to - from }),
          from - firstDay,
        );
        recomputed += to - from;
      };
      recomputed = 0;
      let keptFrom = firstDay;
      let keptValues: Float64Array = values;
      if (before) {
        const changed = firstChange(before, held, closes);
        const beforeEnd = before.firstDay + before.values.length;
        const from = Math.max(firstDay, before.firstDay);
        const to = Math.min(end, beforeEnd, changed);
        if (from < to) {
          compute(firstDay, from);
          values.set(before.values.subarray(from - before.firstDay, to - before.firstDay), from - firstDay);
          compute(to, end);
        } else compute(firstDay, end);
        // Days kept before this window (a shorter timeframe after ALL) stay while still valid.
        if (before.firstDay < firstDay && Math.min(beforeEnd, changed) >= firstDay) {
          keptFrom = before.firstDay;
          keptValues = new Float64Array(end - keptFrom);
          keptValues.set(before.values.subarray(0, firstDay - before.firstDay));
          keptValues.set(values, firstDay - keptFrom);
        }
      } else compute(firstDay, end);
      const used = new Map<string, DailyCloseSeries | undefined>();
      let holdingDays = 0;
      for (const h of held) {
        used.set(h.coinId, closes.get(h.coinId));
        holdingDays += h.holdings.days.length;
      }
      remember(key, { held, closes: used, firstDay: keptFrom, values: keptValues, weight: holdingDays });
      return values;
    },

    lastRecomputed: () => recomputed,
  };
}

/**
 * The first day on which the series of `held` × `closes` may differ from the kept one
 * (Infinity when nothing differs), or -Infinity when the coins are summed in another order.
 */
function firstChange(
  before: Kept,
  held: readonly HeldCoin[],
  closes: ReadonlyMap<string, DailyCloseSeries>,
): number {
  const slot = (h: HeldCoin) => `${h.owner}\u0000${h.coinId}`;
  const old = new Map<string, { index: number; coin: HeldCoin }>();
  for (const [index, coin] of before.held.entries()) old.set(slot(coin), { index, coin });
  let changed = Number.POSITIVE_INFINITY;
  let lastIndex = -1;
  const seen = new Set<string>();
  for (const coin of held) {
    const key = slot(coin);
    const was = old.get(key);
    if (!was) {
      changed = Math.min(changed, firstHoldingDay(coin.holdings));
      continue;
    }
    // Coins in both must be summed in the same order, or no day's double is the same sum.
    if (was.index < lastIndex || seen.has(key)) return Number.NEGATIVE_INFINITY;
    lastIndex = was.index;
    seen.add(key);
    if (was.coin.holdings !== coin.holdings)
      changed = Math.min(changed, firstHoldingsDifference(was.coin.holdings, coin.holdings));
  }
  for (const [key, { coin }] of old)
    if (!seen.has(key)) changed = Math.min(changed, firstHoldingDay(coin.holdings));
  const checked = new Set<string>();
  for (const { coinId } of held) {
    if (checked.has(coinId)) continue;
    checked.add(coinId);
    const now = closes.get(coinId);
    const then = before.closes.get(coinId);
    if (now !== then) changed = Math.min(changed, firstCloseDifference(then, now));
  }
  return changed;
}

function firstHoldingDay(h: DailyHoldings): number {
  return h.days[0] ?? Number.POSITIVE_INFINITY;
}

/** The first day on which two holdings differ (each holds until its next change day). */
function firstHoldingsDifference(a: DailyHoldings, b: DailyHoldings): number {
  const n = Math.min(a.days.length, b.days.length);
  for (let i = 0; i < n; i++) {
    const dayA = a.days[i] ?? 0;
    const dayB = b.days[i] ?? 0;
    if (dayA !== dayB || a.quantities[i] !== b.quantities[i]) return Math.min(dayA, dayB);
  }
  if (a.days.length === b.days.length) return Number.POSITIVE_INFINITY;
  return (a.days.length > n ? a.days[n] : b.days[n]) ?? Number.NEGATIVE_INFINITY;
}

/**
 * The first day on which a coin's close as the chart reads it differs: none before the first
 * stored day, the stored close, then the last close carried forward.
 */
function firstCloseDifference(a: DailyCloseSeries | undefined, b: DailyCloseSeries | undefined): number {
  const bounds = (s: DailyCloseSeries | undefined) =>
    s && s.closes.length > 0 ? { from: s.firstDay, to: s.firstDay + s.closes.length } : null;
  const ra = bounds(a);
  const rb = bounds(b);
  if (!ra && !rb) return Number.POSITIVE_INFINITY;
  const from = Math.min(ra?.from ?? Number.POSITIVE_INFINITY, rb?.from ?? Number.POSITIVE_INFINITY);
  // From the later end on both are constant (their last close), so one more day settles it.
  const to = Math.max(ra?.to ?? from, rb?.to ?? from);
  for (let day = from; day <= to; day++) if (!sameClose(closeOn(a, day), closeOn(b, day))) return day;
  return Number.POSITIVE_INFINITY;
}

function closeOn(s: DailyCloseSeries | undefined, day: number): number {
  if (!s || s.closes.length === 0 || day < s.firstDay) return Number.NaN;
  const i = Math.min(day - s.firstDay, s.closes.length - 1);
  return s.closes[i] ?? Number.NaN;
}

/** The chart adds nothing for a close that is not above zero, whatever it is. */
function sameClose(a: number, b: number): boolean {
  return a === b || (!(a > 0) && !(b > 0));
}
