import type { CostBasisMethod, EffectiveMethod, TaxCategory, TaxRule } from '@app/contracts';
import type { CalendarDay } from './dates.ts';
import { oneYearLater } from './dates.ts';

export interface RuleOptions {
  rule: TaxRule;
  /** The account's cost-basis method (Settings); rules that fix matching ignore it. */
  method: CostBasisMethod;
  /** custom only: more than this many days held is long-term. */
  customThresholdDays?: number | undefined;
}

/**
 * The matching a rule actually uses. Germany fixes FIFO (§ 23 Abs. 1 Satz 1 Nr. 2 Satz 3 EStG),
 * the UK fixes its identification rules (TCGA 1992 ss. 104–106A). Rules with a holding period
 * need lots, so average cost (which has no acquisition dates) falls back to FIFO there; for the
 * US that is also the IRS default when lots are not specifically identified.
 */
export function effectiveMethod(options: RuleOptions): EffectiveMethod {
  switch (options.rule) {
    case 'uk':
      return 'uk_pooling';
    case 'de':
      return 'fifo';
    case 'us':
    case 'custom':
      return options.method === 'average' ? 'fifo' : options.method;
    default:
      return options.method;
  }
}

/** The first day on which a sale of a lot acquired on `acquired` is long-term / tax-free; null without a holding period. */
export function qualifiesOn(options: RuleOptions, acquired: CalendarDay): CalendarDay | null {
  switch (options.rule) {
    case 'us':
    case 'de':
      // "More than one year": the day after the anniversary.
      return oneYearLater(acquired) + 1;
    case 'custom':
      return acquired + (options.customThresholdDays ?? 365) + 1;
    default:
      return null;
  }
}

export function categoryOf(
  options: RuleOptions,
  acquired: CalendarDay | null,
  sold: CalendarDay,
): TaxCategory {
  const rule = options.rule;
  if (rule === 'none' || rule === 'uk') return 'gain';
  // A pool or an unmatched quantity has no acquisition date: the cautious category.
  const from = acquired === null ? null : qualifiesOn(options, acquired);
  const qualifies = from !== null && sold >= from;
  if (rule === 'de') return qualifies ? 'tax_free' : 'taxable';
  return qualifies ? 'long' : 'short';
}

/** Which categories a rule reports, in display order. */
export function ruleCategories(rule: TaxRule): TaxCategory[] {
  if (rule === 'de') return ['taxable', 'tax_free'];
  if (rule === 'us' || rule === 'custom') return ['short', 'long'];
  return ['gain'];
}

/** The word for a lot that has passed its holding period, or null when the rule has none. */
export function qualifyingLabel(rule: TaxRule): string | null {
  if (rule === 'de') return 'tax-free';
  if (rule === 'us' || rule === 'custom') return 'long-term';
  return null;
}
