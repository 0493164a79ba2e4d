import type { CostBasisMethod } from './cost-basis-constants.ts';
import { costBasisMethodLabels } from './portfolio-api-constants.ts';

// tax's constants without its schemas: a page reading one of them does not bring the
// schemas and zod along (the browser build places a contract file whole).

/**
 * none: no holding periods, the account's cost-basis method as chosen.
 * us: short-term (held one year or less) vs long-term, per lot, under the chosen lot method.
 * de: § 23 EStG private sales: FIFO fixed by law; lots held more than one year are tax-free.
 * uk: HMRC share identification (same day, 30 days, Section 104 pool) fixed by law.
 * custom: a holding-period threshold in days and two rates, under the chosen lot method.
 */
export const taxRules = ['none', 'us', 'de', 'uk', 'custom'] as const;
/** The same types tax.ts infers from its schemas, spelt here so this file needs no schema. */
type TaxRule = (typeof taxRules)[number];

/**
 * The currency a country's rule reports in, whatever the portfolios' currencies: the IRS wants
 * dollars, HMRC pounds and the German return euros (each row converted at its own day's rate).
 * Rules without a country report in the portfolios' currency.
 */
export const taxRuleCurrencies: Readonly<Partial<Record<TaxRule, string>>> = {
  us: 'usd',
  uk: 'gbp',
  de: 'eur',
};
type EffectiveMethod = CostBasisMethod | 'uk_pooling';

/** What a rule fixes, for the settings screen: the method it forces, or null if the choice stays. */
export const taxRuleFacts: Record<
  TaxRule,
  { label: string; fixed_method: 'fifo' | 'uk_pooling' | null; holding_period: boolean; summary: string }
> = {
  none: {
    label: 'No tax rule',
    fixed_method: null,
    holding_period: false,
    summary: 'Gains are computed with your cost-basis method; no holding periods.',
  },
  us: {
    label: 'United States',
    fixed_method: null,
    holding_period: true,
    summary:
      'Short-term (held one year or less) vs long-term, per lot. You choose FIFO, LIFO or HIFO; average cost is not allowed for crypto, so it falls back to FIFO.',
  },
  de: {
    label: 'Germany (§ 23 EStG)',
    fixed_method: 'fifo',
    holding_period: true,
    summary: 'FIFO is fixed by law. Gains on lots held more than one year are tax-free.',
  },
  uk: {
    label: 'United Kingdom (HMRC)',
    fixed_method: 'uk_pooling',
    holding_period: false,
    summary:
      'Matching is fixed by law: same-day acquisitions, then the next 30 days, then the Section 104 pool. No holding period.',
  },
  custom: {
    label: 'Custom',
    fixed_method: null,
    holding_period: true,
    summary:
      'Lots held more than your threshold use the long rate. You choose FIFO, LIFO or HIFO (average cost falls back to FIFO).',
  },
};

/** How sales were matched to purchases, in the settings' words ('Average cost', 'FIFO (first in, first out)'). */
export function effectiveMethodLabel(method: EffectiveMethod): string {
  return method === 'uk_pooling' ? 'HMRC share matching' : costBasisMethodLabels[method];
}

export function isEffectiveMethod(method: string): method is EffectiveMethod {
  return method === 'uk_pooling' || Object.hasOwn(costBasisMethodLabels, method);
}
