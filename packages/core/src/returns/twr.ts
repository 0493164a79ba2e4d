/**
 * One valuation day of a portfolio. Money coming in is counted at the start of its day (the buy
 * is priced when paid), money going out at the end (the sale is priced when received), so a day
 * that opens empty, or sells everything, still has a defined return.
 */
export interface ValuationDay {
  day: number;
  /** Value at the day's close, after the day's transactions. */
  value: number;
  /** Money put in that day (buys with fees, transfers in at value). */
  inflow: number;
  /** Money taken out that day (sale proceeds net of fees, transfers out at value). */
  outflow: number;
}

/**
 * Time-weighted return over consecutive days: Π (V_t + out_t) / (V_{t−1} + in_t) − 1, with V
 * before the first day given. Days with nothing held and nothing moving are skipped (no capital
 * at work). It removes the effect of when money was added, so two investors in the same coins
 * see the same figure; without flows it is V_end / V_start − 1, the simple return.
 */
export function timeWeightedReturn(startValue: number, days: readonly ValuationDay[]): number | null {
  let growth = 1;
  let previous = startValue;
  let invested = false;
  for (const d of days) {
    const base = previous + d.inflow;
    if (base > 0) {
      growth *= (d.value + d.outflow) / base;
      invested = true;
    }
    previous = d.value;
  }
  return invested ? growth - 1 : null;
}

/**
 * The classic definition over sub-periods between external flows (CFA Institute): each
 * sub-period's holding-period return is V_end / (V_start + flow) − 1, where `valueBefore` is the
 * market value just before the flow that ends the sub-period; returns are chained.
 */
export function chainedReturn(points: readonly { valueBefore: number; flow: number }[]): number | null {
  let growth = 1;
  let base: number | null = null;
  for (const p of points) {
    if (base !== null && base > 0) growth *= p.valueBefore / base;
    base = p.valueBefore + p.flow;
  }
  return base === null ? null : growth - 1;
}

/** (1 + r)^(365 / days) − 1 for periods of a year or more; a shorter period is not annualised. */
export function annualise(r: number | null, days: number): number | null {
  if (r === null || days < 365) return null;
  return (1 + r) ** (365 / days) - 1;
}
