import type { TaxRule } from '@app/contracts';
import { Dec } from '../decimal.ts';
import type { SummaryOptions } from './allowances.ts';
import { ruleTimeZone, taxYear } from './dates.ts';
import { effectiveMethod, type RuleOptions } from './rules.ts';
import type { RegimeCalc, RegimeEntry, TaxComputation } from './types.ts';

export type { RegimeCalc, RegimeEntry } from './types.ts';

/**
 * Rules whose days and tax years line up: the same time zone and the same year start. Only these
 * can follow one another in a history, so every sale lands in exactly one year's report: a change
 * between a calendar-year rule and the UK's April year would leave months in none or in two.
 */
export function sameTaxCalendar(a: TaxRule, b: TaxRule): boolean {
  if (a === 'uk' || b === 'uk') return a === b;
  return ruleTimeZone(a) === ruleTimeZone(b);
}

export function regimeCalcs(entries: readonly RegimeEntry[]): RegimeCalc[] {
  return entries.map((e) => {
    const options: RuleOptions = {
      rule: e.rule,
      method: e.method,
      customThresholdDays: e.customThresholdDays,
    };
    return {
      fromYear: e.fromYear,
      fromDay: e.fromYear === null ? null : taxYear(e.rule, e.fromYear).start,
      options,
      method: effectiveMethod(options),
    };
  });
}

/** The entry in force in tax year `year`: the latest one starting on or before it (else the first). */
export function regimeOfYear<T extends { fromYear: number | null }>(entries: readonly T[], year: number): T {
  let found = entries[0];
  for (const e of entries) if (e.fromYear === null || e.fromYear <= year) found = e;
  if (found === undefined) throw new Error('a history has at least one entry');
  return found;
}

/**
 * The computation as one tax year reads it: that year's rule and matching in front (reports,
 * the what-if, the lots view read `options` and `method`); every disposal keeps the regime it
 * was matched under.
 */
export function computationForYear(computation: TaxComputation, year: number): TaxComputation {
  const regimes = computation.regimes;
  if (regimes === undefined || regimes.length <= 1) return computation;
  const r = regimeOfYear(regimes, year);
  if (r.options === computation.options) return computation;
  // One view per entry, so caches keyed by the computation (year figures) stay warm.
  let views = yearViews.get(computation);
  if (!views) {
    views = new Map();
    yearViews.set(computation, views);
  }
  let view = views.get(r);
  if (!view) {
    view = { ...computation, options: r.options, method: r.method };
    views.set(r, view);
  }
  return view;
}

const yearViews = new WeakMap<TaxComputation, Map<RegimeCalc, TaxComputation>>();

/**
 * Each year's rule and allowance for the year summary when the settings changed over the years
 * (undefined with a single entry). `yearlyAllowanceOf` gives a year's custom allowance.
 */
export function perYearOf(
  computation: TaxComputation,
  yearlyAllowanceOf: ((year: number) => string | null | undefined) | undefined,
  /** Every year's allowance when `yearlyAllowanceOf` is not given. */
  yearlyAllowance: string | null | undefined,
): SummaryOptions['perYear'] {
  const regimes = computation.regimes;
  if (regimes === undefined || regimes.length <= 1) return undefined;
  return (year) => {
    const rule = regimeOfYear(regimes, year).options.rule;
    const allowance = yearlyAllowanceOf === undefined ? yearlyAllowance : yearlyAllowanceOf(year);
    return { rule, yearlyAllowance: rule === 'custom' && allowance != null ? new Dec(allowance) : null };
  };
}
