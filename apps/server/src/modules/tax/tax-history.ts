import {
  type CostBasisMethod,
  type TaxHistory,
  type TaxHistoryEntry,
  type TaxSettings,
  taxRuleSchema,
} from '@app/contracts';
import {
  Dec,
  dayInZone,
  effectiveMethod,
  type RegimeEntry,
  regimeOfYear,
  ruleTimeZone,
  taxYear,
  taxYearOf,
  toDecimalString,
} from '@app/core';
import type { TaxMethodHistoryRow } from '../../db/schema/index.ts';

/** One entry of the settings by tax year, as the services read it. */
export interface HistoryEntry {
  /** null: the first entry, from the first transaction on. */
  fromYear: number | null;
  method: CostBasisMethod;
  settings: TaxSettings;
}

/** The stored `from_year` of the first entry (the column is not null, so one year stands for "always"). */
export const firstEntryYear = 0;

const methods: readonly CostBasisMethod[] = ['average', 'fifo', 'lifo', 'hifo'];

export function entryOfRow(row: TaxMethodHistoryRow): HistoryEntry {
  const rule = taxRuleSchema.safeParse(row.rule);
  return {
    fromYear: row.fromYear === firstEntryYear ? null : row.fromYear,
    method: methods.find((m) => m === row.costBasisMethod) ?? 'average',
    settings: {
      rule: rule.success ? rule.data : 'none',
      custom_threshold_days: row.customThresholdDays,
      short_rate: toDecimalString(new Dec(row.shortRate)),
      long_rate: toDecimalString(new Dec(row.longRate)),
      yearly_allowance: row.yearlyAllowance === null ? null : toDecimalString(new Dec(row.yearlyAllowance)),
      // Not kept by year: per-portfolio lots is the current setting alone (the latest entry's).
      lots_per_portfolio: false,
    },
  };
}

/**
 * The history from its stored rows and the current settings. The latest entry is always the
 * current settings (Settings → Cost basis method and Tax rule write those alone), so its stored
 * copy is only a record; with no rows the history is that one entry.
 */
export function historyOf(
  rows: readonly TaxMethodHistoryRow[],
  current: { settings: TaxSettings; method: CostBasisMethod },
): HistoryEntry[] {
  const entries = [...rows].sort((a, b) => a.fromYear - b.fromYear).map(entryOfRow);
  const latest = entries.at(-1);
  if (!latest) return [{ fromYear: null, ...current }];
  entries[entries.length - 1] = { fromYear: latest.fromYear, ...current };
  return entries;
}

export function regimeEntries(history: readonly HistoryEntry[]): RegimeEntry[] {
  return history.map((e) => ({
    fromYear: e.fromYear,
    rule: e.settings.rule,
    method: e.method,
    customThresholdDays: e.settings.custom_threshold_days,
  }));
}

/** The settings in force in a tax year (rates and allowance of that year's entry). */
export function settingsOfYear(history: readonly HistoryEntry[], year: number): TaxSettings {
  return regimeOfYear(history, year).settings;
}

/** A key that changes whenever any entry does (caches of computations and reports). */
export function historyKey(history: readonly HistoryEntry[]): string {
  return history
    .map(
      (e) =>
        `${e.fromYear ?? '-'}:${e.method}:${e.settings.rule}:${e.settings.custom_threshold_days}:${e.settings.short_rate}:${e.settings.long_rate}:${e.settings.yearly_allowance ?? '-'}`,
    )
    .join('|');
}

/** The current tax year under the latest entry's rule, on the rule's own calendar. */
export function currentTaxYear(history: readonly HistoryEntry[], now: Date): number {
  const rule = (history.at(-1) as HistoryEntry).settings.rule;
  return taxYearOf(rule, dayInZone(now.getTime(), ruleTimeZone(rule)));
}

export function historyOut(history: readonly HistoryEntry[], now: Date): TaxHistory {
  const current = currentTaxYear(history, now);
  const latest = history.at(-1) as HistoryEntry;
  return {
    entries: history.map(entryOut),
    current_year: current,
    latest_year: current + 1,
    earliest_year: latest.fromYear === null ? 2009 : latest.fromYear + 1,
  };
}

function entryOut(e: HistoryEntry): TaxHistoryEntry {
  const { lots_per_portfolio: _current, ...settings } = e.settings;
  return {
    from_year: e.fromYear,
    from_label: e.fromYear === null ? null : taxYear(e.settings.rule, e.fromYear).label,
    method: e.method,
    ...settings,
    effective_method: effectiveMethod({ rule: e.settings.rule, method: e.method }),
  };
}
