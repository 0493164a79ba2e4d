import type { SummaryStep, TaxCategory, TaxRule, TaxYearSummary } from '@app/contracts';
import type { Dec } from '../decimal.ts';
import { toDecimalString } from '../ledger/format.ts';
import {
  type CategoryFigures,
  type StepCalc,
  type YearContext,
  type YearFigures,
  type YearRule,
  type YearSummaryCalc,
  zero,
} from './allowance-types.ts';
import { customYears } from './allowances-custom.ts';
import { deYears } from './allowances-de.ts';
import { ukYears } from './allowances-uk.ts';
import { usYears } from './allowances-us.ts';
import { taxYear, taxYearOf } from './dates.ts';
import type { TaxComputation } from './types.ts';

/**
 * Every tax year's realized gains and losses per category, across all portfolios, oldest first,
 * with the number of sales of each year left out because a figure is unknown (never counted as
 * a gain or loss of 0). Each sale's result per category is one gain or one loss, as a return
 * lists disposals.
 */
export function yearFigures(computation: TaxComputation): {
  years: YearFigures[];
  incomplete: Map<number, number>;
} {
  const rule = computation.options.rule;
  const years = new Map<number, Map<TaxCategory, CategoryFigures>>();
  const incomplete = new Map<number, number>();
  for (const d of computation.disposals) {
    const year = taxYearOf(rule, d.soldDay);
    if (d.gain === null) {
      incomplete.set(year, (incomplete.get(year) ?? 0) + 1);
      continue;
    }
    const perSale = new Map<TaxCategory, Dec>();
    for (const line of d.lines) {
      if (line.gain === null) continue;
      perSale.set(line.category, (perSale.get(line.category) ?? zero).add(line.gain));
    }
    let categories = years.get(year);
    if (!categories) {
      categories = new Map();
      years.set(year, categories);
    }
    for (const [category, result] of perSale) {
      const c = categories.get(category) ?? { gains: zero, losses: zero };
      categories.set(
        category,
        result.gt(0) ? { ...c, gains: c.gains.add(result) } : { ...c, losses: c.losses.sub(result) },
      );
    }
  }
  return {
    years: [...years].sort(([a], [b]) => a - b).map(([year, categories]) => ({ year, categories })),
    incomplete,
  };
}

/** The rule's treatment of a year; the 'none' rule has no allowances or losses to apply. */
function yearRule(rule: TaxRule): YearRule<Dec> | YearRule<{ short: Dec; long: Dec }> | null {
  switch (rule) {
    case 'uk':
      return ukYears;
    case 'de':
      return deYears;
    case 'us':
      return usYears;
    case 'custom':
      return customYears;
    default:
      return null;
  }
}

function run<C>(
  rule: YearRule<C>,
  years: readonly YearFigures[],
  context: (year: number) => YearContext,
): YearSummaryCalc[] {
  let carried = rule.start;
  const out: YearSummaryCalc[] = [];
  for (const figures of years) {
    const next = rule.year(figures, carried, context(figures.year));
    out.push(next.summary);
    carried = next.carried;
  }
  return out;
}

export interface SummaryOptions {
  rule: TaxRule;
  currency: string;
  yearlyAllowance: Dec | null;
  rate: (category: TaxCategory) => Dec;
  /**
   * A history of settings: each year's own rule and allowance (absent: `rule` and
   * `yearlyAllowance` for every year). Losses carried under one rule are not carried into
   * another: each rule's carry has its own meaning, so a change starts the new rule afresh.
   */
  perYear?: ((year: number) => { rule: TaxRule; yearlyAllowance: Dec | null }) | undefined;
}

/**
 * The years in order, each after what the earlier ones carried: carry-forward means a year can
 * only be figured once every year before it has been. `years` need not hold every calendar
 * year: a year without sales carries its losses on unchanged. Null for a rule without any.
 */
export function summarizeYears(
  years: readonly YearFigures[],
  options: SummaryOptions,
): YearSummaryCalc[] | null {
  const sorted = [...years].sort((a, b) => a.year - b.year);
  const of = (year: number) =>
    options.perYear?.(year) ?? { rule: options.rule, yearlyAllowance: options.yearlyAllowance };
  const last = sorted.at(-1);
  if (yearRule(last === undefined ? options.rule : of(last.year).rule) === null) return null;
  const out: YearSummaryCalc[] = [];
  // Runs of consecutive years under one rule, each from that rule's own start.
  let from = 0;
  while (from < sorted.length) {
    const ruleName = of((sorted[from] as YearFigures).year).rule;
    let to = from + 1;
    while (to < sorted.length && of((sorted[to] as YearFigures).year).rule === ruleName) to++;
    const rule = yearRule(ruleName);
    const stretch = sorted.slice(from, to);
    from = to;
    if (rule === null) continue;
    const context = (year: number): YearContext => ({
      label: taxYear(ruleName, year).label,
      currency: options.currency.toLowerCase(),
      yearlyAllowance: of(year).yearlyAllowance,
      rate: options.rate,
    });
    // Both carry shapes run through the same loop; the union is split here so each keeps its type.
    out.push(
      ...(rule === usYears ? run(usYears, stretch, context) : run(rule as YearRule<Dec>, stretch, context)),
    );
  }
  return out;
}

const termWords: Record<TaxCategory, string> = {
  short: 'short-term',
  long: 'long-term',
  taxable: 'private-sale',
  tax_free: 'tax-free',
  gain: 'gains',
};

export interface YearSummaryOptions {
  year: number;
  currency: string;
  yearlyAllowance: Dec | null;
  rate: (category: TaxCategory) => Dec;
  /** The report's own scope: the summary is the person's either way, and says so. */
  portfolioId: string | null;
  /** A history of settings: each earlier year's rule and allowance (see `SummaryOptions`). */
  perYear?: SummaryOptions['perYear'];
}

/**
 * The report year after allowances and losses. It always covers all of the person's portfolios,
 * whatever portfolio the report lists: an allowance, a limit and a loss carried forward belong to
 * the taxpayer, and a sale in one portfolio uses up what another's would have. Every year from the
 * first sale up to the report's is figured in order. Null without a rule.
 */
export function buildYearSummary(
  computation: TaxComputation,
  options: YearSummaryOptions,
): TaxYearSummary | null {
  const { years, incomplete } = yearFigures(computation);
  return yearSummaryFromFigures(computation.options.rule, years, incomplete, options);
}

/** `buildYearSummary` from the years' figures (and the counts of sales left out per year). */
export function yearSummaryFromFigures(
  rule: TaxRule,
  years: readonly YearFigures[],
  incomplete: ReadonlyMap<number, number>,
  options: YearSummaryOptions,
): TaxYearSummary | null {
  const upTo = years.filter((y) => y.year < options.year);
  upTo.push(years.find((y) => y.year === options.year) ?? { year: options.year, categories: new Map() });
  const all = summarizeYears(upTo, { rule, ...options });
  const calc = all?.at(-1);
  if (!all || !calc) return null;

  let leftOut = 0;
  for (const [year, n] of incomplete) if (year <= options.year) leftOut += n;
  const taxable = calc.taxable.map((t) => {
    const rate = options.rate(t.category);
    return { category: t.category, taxable: t.amount, rate, tax: t.amount.mul(rate).div(100) };
  });
  const taxableGain = taxable.reduce((s, t) => s.add(t.taxable), zero);
  const estimatedTax = taxable.reduce((s, t) => s.add(t.tax), zero);

  const steps: StepCalc[] = [...calc.steps];
  const charged = taxable.filter((t) => t.category !== 'tax_free');
  const rates =
    charged.length === 1
      ? `your rate of ${charged[0]?.rate.toFixed() ?? '0'}% in Settings`
      : `your rates in Settings: ${charged.map((t) => `${t.rate.toFixed()}% on {taxable_in_${t.category}} ${termWords[t.category]}`).join(' and ')}`;
  steps.push({
    text: `Taxable gain {taxable_gain}. Estimated tax {estimated_tax} at ${rates}. An estimate, not a tax return${estimatedTax.isZero() ? '' : ': the rate you pay can depend on the rest of your income'}.`,
    amounts: {
      taxable_gain: taxableGain,
      estimated_tax: estimatedTax,
      ...Object.fromEntries(charged.map((t) => [`taxable_in_${t.category}`, t.taxable])),
    },
  });
  steps.push({
    text:
      options.portfolioId === null
        ? 'Figured across all your portfolios, with every earlier tax year in order: allowances and losses are yours, not a portfolio’s.'
        : 'Figured across all your portfolios, not only the one this report lists, with every earlier tax year in order: allowances and losses are yours, not a portfolio’s.',
    amounts: {},
  });
  if (leftOut > 0) {
    steps.push({
      text: `${leftOut} ${leftOut === 1 ? 'sale' : 'sales'} in this or an earlier tax year ${leftOut === 1 ? 'has' : 'have'} no known gain (a price or cost is missing) and ${leftOut === 1 ? 'is' : 'are'} left out, so these figures may change once ${leftOut === 1 ? 'it is' : 'they are'} priced.`,
      amounts: {},
    });
  }

  return {
    scope: 'all_portfolios',
    gains: toDecimalString(calc.gains),
    losses: toDecimalString(calc.losses),
    net_gain: toDecimalString(calc.net),
    allowance: {
      kind: calc.allowance.kind,
      amount: calc.allowance.amount === null ? null : toDecimalString(calc.allowance.amount),
      used: toDecimalString(calc.allowance.used),
      left: calc.allowance.left === null ? null : toDecimalString(calc.allowance.left),
      source: calc.allowance.source,
    },
    losses_brought_forward: toDecimalString(calc.lossesBroughtForward),
    losses_used: toDecimalString(calc.lossesUsed),
    losses_carried_forward: toDecimalString(calc.lossesCarriedForward),
    losses_by_category: calc.lossesByCategory.map((l) => ({
      category: l.category,
      brought_forward: toDecimalString(l.broughtForward),
      used: toDecimalString(l.used),
      carried_forward: toDecimalString(l.carriedForward),
    })),
    taxable_gain: toDecimalString(taxableGain),
    taxable_by_category: taxable.map((t) => ({
      category: t.category,
      taxable: toDecimalString(t.taxable),
      rate: toDecimalString(t.rate),
      estimated_tax: toDecimalString(t.tax),
    })),
    estimated_tax: toDecimalString(estimatedTax),
    incomplete_disposals: leftOut,
    steps: steps.map(stepOut),
  };
}

function stepOut(step: StepCalc): SummaryStep {
  const amounts: Record<string, string> = {};
  // Only the amounts the text names: a rule may offer more than one wording needs.
  for (const match of step.text.matchAll(/\{(\w+)\}/g)) {
    const name = match[1] ?? '';
    const value = step.amounts[name];
    if (value !== undefined) amounts[name] = toDecimalString(value);
  }
  return { text: step.text, amounts };
}
