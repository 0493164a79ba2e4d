import {
  costBasisMethodLabels,
  effectiveMethodLabel,
  type TaxHistoryEntry,
  type TaxRule,
  taxRuleFacts,
} from '@app/contracts';

/** Rules that share a tax calendar with `rule`: only those can follow one another. */
export function sameCalendar(a: TaxRule, b: TaxRule): boolean {
  const calendar = (r: TaxRule) => (r === 'uk' || r === 'de' ? r : 'calendar-year');
  return calendar(a) === calendar(b);
}

/** An entry's method and rule; a method the rule overrides says what the rule matches by. */
export function entryWords(e: TaxHistoryEntry): string {
  const rule = taxRuleFacts[e.rule].label;
  const fixed = e.effective_method !== e.method;
  const method = fixed
    ? `${costBasisMethodLabels[e.method]} (the rule matches by ${effectiveMethodLabel(e.effective_method)})`
    : costBasisMethodLabels[e.method];
  return `${method} · ${rule}`;
}

/** An entry's rates, or nothing without a rule (no rate applies). */
export function ratesWords(e: TaxHistoryEntry): string | null {
  if (e.rule === 'none') return null;
  if (e.rule === 'us' || e.rule === 'custom') return `${e.short_rate}% short-term, ${e.long_rate}% long-term`;
  return `${e.short_rate}%`;
}
