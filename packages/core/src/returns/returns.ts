import { Dec } from '../decimal.ts';
import { periodStartDay, type ReturnPeriod } from './periods.ts';
import { annualise, timeWeightedReturn, type ValuationDay } from './twr.ts';
import { type DatedFlow, xirr } from './xirr.ts';

export interface DayFlows {
  inflow: number;
  outflow: number;
  /** Transactions behind the day's flows, for "explain". */
  transactionIds: readonly string[];
}

export interface ReturnsInput {
  /** Closing value of the portfolio for each day from `firstDay`. */
  firstDay: number;
  values: ArrayLike<number>;
  /** External flows by day (days without flows are absent). */
  flows: ReadonlyMap<number, DayFlows>;
  /** First day anything was held or moved. */
  inceptionDay: number;
  /**
   * First day a period may start: the day after prices are known for every coin held (a value
   * without a price is unknown, never 0). Defaults to the inception day.
   */
  valuedFrom?: number | undefined;
  endDay: number;
}

export type CashFlowKind = 'start_value' | 'inflow' | 'outflow' | 'end_value';

export interface CashFlow {
  day: number;
  kind: CashFlowKind;
  /** From the investor's side: paid in is negative, received (or still held at the end) positive. */
  amount: number;
  transactionIds: readonly string[];
}

export interface PeriodReturns {
  period: ReturnPeriod;
  startDay: number;
  endDay: number;
  startValue: number;
  endValue: number;
  inflows: number;
  outflows: number;
  /** endValue + outflows − startValue − inflows. */
  gain: number;
  /** gain ÷ (startValue + inflows). */
  simple: number | null;
  twr: number | null;
  twrAnnualised: number | null;
  /** XIRR over the period's flows: annual rate, and the same rate over the period's length. */
  mwrAnnualised: number | null;
  mwr: number | null;
  cashFlows: CashFlow[];
}

/**
 * Simple, time-weighted and money-weighted returns of one period from daily values and flows.
 * The start value is the close of the day before the period (0 when the period starts at
 * inception, where the first buy is the first inflow).
 */
export function periodReturns(input: ReturnsInput, period: ReturnPeriod): PeriodReturns {
  const startDay = Math.min(
    input.endDay,
    Math.max(
      periodStartDay(period, input.endDay, input.inceptionDay),
      input.valuedFrom ?? input.inceptionDay,
    ),
  );
  const valueOn = (day: number) => {
    const i = day - input.firstDay;
    return i < 0 ? 0 : (input.values[Math.min(i, input.values.length - 1)] ?? 0);
  };
  const startValue = startDay > input.inceptionDay ? valueOn(startDay - 1) : 0;
  const endValue = valueOn(input.endDay);
  const days: ValuationDay[] = [];
  const cashFlows: CashFlow[] = [];
  if (startValue > 0)
    cashFlows.push({ day: startDay - 1, kind: 'start_value', amount: -startValue, transactionIds: [] });
  let inflows = 0;
  let outflows = 0;
  for (let day = startDay; day <= input.endDay; day++) {
    const f = input.flows.get(day);
    const inflow = f?.inflow ?? 0;
    const outflow = f?.outflow ?? 0;
    inflows += inflow;
    outflows += outflow;
    days.push({ day, value: valueOn(day), inflow, outflow });
    if (f && inflow > 0)
      cashFlows.push({ day, kind: 'inflow', amount: -inflow, transactionIds: f.transactionIds });
    if (f && outflow > 0)
      cashFlows.push({ day, kind: 'outflow', amount: outflow, transactionIds: f.transactionIds });
  }
  cashFlows.push({ day: input.endDay, kind: 'end_value', amount: endValue, transactionIds: [] });
  const gain = endValue + outflows - startValue - inflows;
  const base = startValue + inflows;
  const twr = timeWeightedReturn(startValue, days);
  const length = input.endDay - startDay + 1;
  const rate = xirr(cashFlows.map((c): DatedFlow => ({ day: c.day, amount: c.amount })));
  const flowSpan = cashFlows.length > 0 ? input.endDay - (cashFlows[0]?.day ?? input.endDay) : 0;
  return {
    period,
    startDay,
    endDay: input.endDay,
    startValue,
    endValue,
    inflows,
    outflows,
    gain,
    simple: base > 0 ? gain / base : null,
    twr,
    twrAnnualised: annualise(twr, length),
    mwrAnnualised: rate,
    mwr: rate === null ? null : (1 + rate) ** (flowSpan / 365) - 1,
    cashFlows,
  };
}

/**
 * A coin's price as a line that starts where the portfolio started: value₀ × close_t ÷ close₀,
 * and its return over the same days. The base close is the day before the period (or the first
 * day at inception), like the portfolio's start value.
 */
export function benchmarkReturn(
  closes: { firstDay: number; closes: ArrayLike<number> },
  baseDay: number,
  endDay: number,
): number | null {
  const at = (day: number) => {
    const i = day - closes.firstDay;
    if (i < 0 || closes.closes.length === 0) return null;
    const c = closes.closes[Math.min(i, closes.closes.length - 1)] ?? 0;
    return c > 0 ? c : null;
  };
  const start = at(baseDay);
  const end = at(endDay);
  return start === null || end === null ? null : end / start - 1;
}

export function rebasedSeries(
  closes: { firstDay: number; closes: ArrayLike<number> },
  baseDay: number,
  baseValue: number,
  days: readonly number[],
): (number | null)[] {
  const i0 = baseDay - closes.firstDay;
  const c0 = i0 >= 0 ? (closes.closes[Math.min(i0, closes.closes.length - 1)] ?? 0) : 0;
  return days.map((day) => {
    const i = day - closes.firstDay;
    const c = i >= 0 ? (closes.closes[Math.min(i, closes.closes.length - 1)] ?? 0) : 0;
    return c0 > 0 && c > 0 ? (baseValue * c) / c0 : null;
  });
}

/**
 * A ratio as a percentage string with 8 decimals. Returns come from market closes (doubles)
 * and an iterated rate, so more digits would be noise, not precision.
 */
export function ratioToPercent(r: number | null): string | null {
  if (r === null || !Number.isFinite(r)) return null;
  const s = new Dec(r).mul(100).toDecimalPlaces(8, Dec.ROUND_HALF_EVEN).toFixed();
  return s === '-0' ? '0' : s;
}

/** A value (double) as a money string with 8 decimals. */
export function moneyString(v: number): string {
  const s = new Dec(v).toDecimalPlaces(8, Dec.ROUND_HALF_EVEN).toFixed();
  return s === '-0' ? '0' : s;
}
