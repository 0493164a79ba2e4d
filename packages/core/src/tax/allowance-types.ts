import type { AllowanceKind, TaxCategory } from '@app/contracts';
import { Dec } from '../decimal.ts';

/** One category's realized results in a tax year: gains, and losses as a positive amount. */
export interface CategoryFigures {
  gains: Dec;
  losses: Dec;
}

/** What one tax year realized, per category, across all of the person's portfolios. */
export interface YearFigures {
  year: number;
  categories: ReadonlyMap<TaxCategory, CategoryFigures>;
}

/** A step of the working: `{name}` in the text stands for `amounts[name]`. */
export interface StepCalc {
  text: string;
  amounts: Record<string, Dec>;
}

export interface AllowanceCalc {
  kind: AllowanceKind;
  amount: Dec | null;
  used: Dec;
  left: Dec | null;
  source: string;
}

export interface LossCategoryCalc {
  category: TaxCategory;
  broughtForward: Dec;
  used: Dec;
  carriedForward: Dec;
}

/** A year after its rule's allowance and losses, before the estimate at the user's rates. */
export interface YearSummaryCalc {
  year: number;
  gains: Dec;
  losses: Dec;
  net: Dec;
  allowance: AllowanceCalc;
  lossesBroughtForward: Dec;
  lossesUsed: Dec;
  lossesCarriedForward: Dec;
  lossesByCategory: LossCategoryCalc[];
  /** Per category the rule reports, never negative. */
  taxable: { category: TaxCategory; amount: Dec }[];
  steps: StepCalc[];
}

export interface YearContext {
  /** The tax year's name under the rule ("2024/25", "2024"). */
  label: string;
  /** The report's currency, lower case: the law's fixed amounts only apply in their own currency. */
  currency: string;
  /** custom only: the allowance from the settings; null: none. */
  yearlyAllowance: Dec | null;
  /** Percent per category, for the custom rule's choice of which gain its deductions come off. */
  rate: (category: TaxCategory) => Dec;
}

/**
 * A rule's treatment of one year: takes what earlier years carried and gives the next year what
 * is left. `C` is the rule's carried state (one pool of losses, or one per character).
 */
export interface YearRule<C> {
  start: C;
  year: (figures: YearFigures, carried: C, context: YearContext) => { summary: YearSummaryCalc; carried: C };
}

export const zero = new Dec(0);
export const positive = (x: Dec): Dec => (x.gt(0) ? x : zero);

export function figuresOf(figures: YearFigures, category: TaxCategory): CategoryFigures {
  return figures.categories.get(category) ?? { gains: zero, losses: zero };
}
