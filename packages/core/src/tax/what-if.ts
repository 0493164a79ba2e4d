import {
  effectiveMethodLabel,
  type MatchBasis,
  type TaxCategory,
  type TaxYearSummary,
  taxRuleFacts,
  type WhatIfCategory,
  type WhatIfLot,
  type WhatIfSale,
  type WhatIfYear,
  whatIfWords,
} from '@app/contracts';
import { Dec } from '../decimal.ts';
import { toDecimalString, toDecimalStringOrNull } from '../ledger/format.ts';
import type { CategoryFigures, YearFigures } from './allowance-types.ts';
import { yearFigures, yearSummaryFromFigures } from './allowances.ts';
import { dayToIso, taxYear, taxYearOf } from './dates.ts';
import { planTax, type SaleLotLine } from './exit-plan.ts';
import { namedLots } from './lot-choice.ts';
import { splitByWeight } from './prepare.ts';
import { computationForYear, perYearOf } from './regimes.ts';
import { qualifyingLabel, ruleCategories } from './rules.ts';
import type { DisposalCalc, TaxComputation } from './types.ts';
import { replayUkPlan } from './uk-plan-book.ts';
import { lowestTaxChoice } from './what-if-choice.ts';
import type { WhatIfSaleInput } from './what-if-input.ts';
import { whatIfNotes } from './what-if-notes.ts';

export type { WhatIfSaleInput } from './what-if-input.ts';

const zero = new Dec(0);
const hundred = new Dec(100);

/** Units of a coin the books hold in a scope (null: all portfolios) as of their last transaction. */
export function heldQuantity(computation: TaxComputation, coinId: string, portfolioId: string | null): Dec {
  let held = zero;
  for (const h of computation.holdings)
    if (h.coinId === coinId && (portfolioId === null || h.portfolioId === portfolioId))
      held = held.add(h.quantity);
  return held;
}

/**
 * The matching each lot line came from, in the report's words. planTax hands back lots and pools
 * without it: a UK line with an acquisition is a same-day match (a later buy would be the 30-day
 * rule, which a sale after the books' last transaction cannot meet), one without is the pool.
 */
function basisOf(computation: TaxComputation, line: SaleLotLine, saleDate: string): MatchBasis {
  if (line.chosen) return 'chosen';
  if (computation.method === 'uk_pooling') {
    if (line.acquisition_id === null) return 'section_104';
    return line.acquired_on === saleDate ? 'same_day' : 'bed_and_breakfast';
  }
  return line.acquisition_id === null ? 'pool' : 'lot';
}

function rateOf(category: TaxCategory, input: WhatIfSaleInput): Dec {
  if (category === 'tax_free') return zero;
  return new Dec(category === 'long' ? input.longRate : input.shortRate);
}

/**
 * One sale tried against the lots the books hold: planTax with a single sale on the given day,
 * so the lots and the matching are the exit plans' own. The result is what the realized-gains
 * report would show for that sale once entered after the books' last transaction (same lots,
 * cost, gain and category), and its tax is what it adds to the report's estimate for its tax
 * year: the year summary (all portfolios, the rule's allowance, losses carried from earlier
 * years) with the sale less the one without. Under the UK rule the ledger is replayed with the
 * sale in it, as the report will once it is entered: a sale can take a same-day purchase that an
 * earlier sale had matched under the 30-day rule. Without a tax rule there is no year summary, and
 * the estimate is each category's positive gain × its rate.
 *
 * The caller checks that something is held and that the day is not before the coin's last
 * transaction; a request for more than is held is capped at the holding and says so.
 */
export function whatIfSale(all: TaxComputation, input: WhatIfSaleInput): WhatIfSale {
  // The rule and method in force in the sale's tax year, as the report of that year will use.
  const computation = computationForYear(all, taxYearOf(all.options.rule, input.day));
  const sale = saleFigures(computation, input);
  if (computation.options.rule !== 'us') return { ...sale, lowest_tax_choice: null };
  // The lowest-tax choice is set against the method of the year, so a sale naming its own lots
  // is also figured without them.
  const method = sale.lots_chosen ? saleFigures(computation, { ...input, lots: undefined }) : sale;
  const lowest = lowestTaxChoice(computation, input, method, {
    tax: (figures) => estimatedTaxOf(computation, input, figures),
  });
  return { ...sale, lowest_tax_choice: lowest };
}

/**
 * What a sale of these figures adds to its year's estimate, as whatIfSale figures it (the year
 * summary with the sale less the one without; without a rule, each category's positive gain at
 * its rate), from its gains per category alone: cheap enough to weigh many choices of lots.
 */
function estimatedTaxOf(
  computation: TaxComputation,
  input: WhatIfSaleInput,
  figures: {
    sold: Dec;
    gain: Dec | null;
    perCategory: readonly { category: TaxCategory; quantity: Dec; gain: Dec | null }[];
  },
): Dec | null {
  if (figures.gain === null) return null;
  const years = yearWithAndWithout(computation, input, figures);
  if (years === null) {
    let tax = zero;
    for (const c of figures.perCategory)
      if (c.gain?.gt(0)) tax = tax.add(c.gain.mul(rateOf(c.category, input)).div(hundred));
    return tax;
  }
  if (years.after === null) return null;
  return new Dec(years.after.estimated_tax).sub(years.before.estimated_tax);
}

/** The sale's figures (whatIfSale without the lowest-tax choice). */
function saleFigures(
  computation: TaxComputation,
  input: WhatIfSaleInput,
): Omit<WhatIfSale, 'lowest_tax_choice'> {
  const rule = computation.options.rule;
  // Only the US rule follows a sale's named lots; the others fix the matching.
  const named = input.lots !== undefined && rule === 'us' ? namedLots(input.lots) : undefined;
  const held = heldQuantity(computation, input.coinId, input.portfolioId);
  const requested = new Dec(input.quantity);
  const plan = planTax(
    computation,
    [
      {
        id: 'what-if',
        coinsSold: input.quantity,
        pricePerCoin: input.pricePerCoin,
        feesPercentage: input.feesPercentage,
        priceImpactPercentage: '0',
        day: input.day,
        lots: named,
      },
    ],
    {
      portfolioId: input.portfolioId,
      coinId: input.coinId,
      asOfDay: input.day,
      shortRate: input.shortRate,
      longRate: input.longRate,
    },
  );
  const sale = plan.sales[0];
  if (!sale) throw new Error('planTax returned no sale for one planned sale');
  const saleDate = dayToIso(input.day);

  // The proceeds and fee of each line, shared by quantity exactly as planTax and the report share
  // them (from the unrounded totals: the strings are cut at 18 decimal places).
  const sold = new Dec(sale.coins_sold);
  const gross = sold.mul(input.pricePerCoin);
  const fee = gross.mul(input.feesPercentage).div(hundred);
  const weights = sale.lots.map((l) => new Dec(l.quantity));
  const grossParts = splitByWeight(gross, weights, sold);
  const feeParts = splitByWeight(fee, weights, sold);
  const lots: WhatIfLot[] = sale.lots.map((l, i) => {
    const basis = basisOf(computation, l, saleDate);
    return {
      basis,
      basis_label: whatIfWords.basis[basis],
      acquisition_id: l.acquisition_id,
      acquired_on: l.acquired_on,
      quantity: l.quantity,
      proceeds: toDecimalString(grossParts[i] as Dec),
      fee: toDecimalString(feeParts[i] as Dec),
      cost: l.cost,
      gain: l.gain,
      category: l.category,
      category_label: whatIfWords.category[l.category],
      qualifies_on: l.qualifies_on,
    };
  });

  // Per category: what the sale's lines in it add up to (the cost unknown if any line's is).
  const perCategory = ruleCategories(rule).map((category) => {
    let quantity = zero;
    let proceeds = zero;
    let fees = zero;
    let cost: Dec | null = zero;
    sale.lots.forEach((l, i) => {
      if (l.category !== category) return;
      quantity = quantity.add(l.quantity);
      proceeds = proceeds.add(grossParts[i] as Dec);
      fees = fees.add(feeParts[i] as Dec);
      cost = cost === null || l.cost === null ? null : cost.add(l.cost);
    });
    const known = cost as Dec | null;
    return {
      category,
      quantity,
      proceeds,
      fees,
      cost: known,
      gain: known === null ? null : proceeds.sub(fees).sub(known),
    };
  });
  const gain = sale.gain === null ? null : new Dec(sale.gain);
  const years = yearWithAndWithout(computation, input, { sold, gain, perCategory });
  const categories: WhatIfCategory[] = perCategory.map((c) => {
    const rate = rateOf(c.category, input);
    let tax: Dec | null;
    if (years === null) tax = c.gain === null ? null : c.gain.gt(0) ? c.gain.mul(rate).div(hundred) : zero;
    else if (years.after === null || gain === null) tax = null;
    else tax = categoryTax(years.after, c.category).sub(categoryTax(years.before, c.category));
    return {
      category: c.category,
      label: whatIfWords.category[c.category],
      quantity: toDecimalString(c.quantity),
      proceeds: toDecimalString(c.proceeds),
      fees: toDecimalString(c.fees),
      cost: toDecimalStringOrNull(c.cost),
      gain: toDecimalStringOrNull(c.gain),
      rate: toDecimalString(rate),
      estimated_tax: toDecimalStringOrNull(tax),
    };
  });

  let tax: Dec | null;
  if (years === null) tax = sale.tax === null ? null : new Dec(sale.tax);
  else if (years.after === null || gain === null) tax = null;
  else tax = new Dec(years.after.estimated_tax).sub(years.before.estimated_tax);
  const capped = requested.gt(sold);
  const lotsWithoutCost = lots.filter((l) => l.cost === null).length;
  const label = taxYear(rule, taxYearOf(rule, input.day)).label;
  const year: WhatIfYear | null =
    years === null
      ? null
      : {
          tax_year: label,
          estimated_tax_before: years.before.estimated_tax,
          estimated_tax_after: gain === null ? null : (years.after?.estimated_tax ?? null),
          allowance_kind: years.before.allowance.kind,
          allowance_amount: years.before.allowance.amount,
          allowance_used_before: years.before.allowance.used,
          allowance_used_after: gain === null ? null : (years.after?.allowance.used ?? null),
          losses_brought_forward: years.before.losses_brought_forward,
          incomplete_disposals: years.before.incomplete_disposals,
        };
  return {
    coin_id: input.coinId,
    portfolio_id: input.portfolioId,
    sale_date: saleDate,
    quantity_requested: toDecimalString(requested),
    quantity: sale.coins_sold,
    held: toDecimalString(held),
    capped,
    price_per_coin: sale.effective_price,
    fees_percentage: toDecimalString(new Dec(input.feesPercentage)),
    proceeds: sale.gross,
    fees: sale.fee,
    cost: sale.cost,
    gain: sale.gain,
    estimated_tax: toDecimalStringOrNull(tax),
    after_tax: toDecimalStringOrNull(tax === null ? null : gross.sub(fee).sub(tax)),
    lots,
    lots_without_cost: lotsWithoutCost,
    categories,
    all_qualify_on: sale.all_qualify_on,
    rule,
    rule_label: taxRuleFacts[rule].label,
    qualifying_label: qualifyingLabel(rule),
    method: computation.method,
    method_label: effectiveMethodLabel(computation.method),
    lots_chosen: named !== undefined,
    year,
    uk:
      rule === 'uk' && year !== null && years !== null
        ? {
            tax_year: label,
            exempt_amount: year.allowance_amount,
            realized_gain: years.before.net_gain,
            exempt_used_by_realized: year.allowance_used_before,
            exempt_used:
              year.allowance_used_after === null
                ? null
                : toDecimalString(new Dec(year.allowance_used_after).sub(year.allowance_used_before)),
          }
        : null,
    notes: whatIfNotes(computation, input, {
      capped,
      lotsWithoutCost,
      year,
      lotsIgnored: input.lots !== undefined && named === undefined,
    }),
  };
}

function categoryTax(summary: TaxYearSummary, category: TaxCategory): Dec {
  const t = summary.taxable_by_category.find((x) => x.category === category);
  return t === undefined ? zero : new Dec(t.estimated_tax);
}

/**
 * Every year's figures of a computation, once per computation: a warm what-if reads the same
 * cached replay each time, and the figures are a pass over every disposal of every year.
 */
const figuresMemo = new WeakMap<TaxComputation, ReturnType<typeof yearFigures>>();

function cachedYearFigures(computation: TaxComputation): ReturnType<typeof yearFigures> {
  let figures = figuresMemo.get(computation);
  if (!figures) {
    figures = yearFigures(computation);
    figuresMemo.set(computation, figures);
  }
  return figures;
}

/** Whether a UK replay with the sale in it left the ledger's disposals of the coin as they were. */
function sameDisposals(before: readonly DisposalCalc[], after: readonly DisposalCalc[]): boolean {
  if (before.length !== after.length) return false;
  const byId = new Map(before.map((d) => [d.transactionId, d]));
  return after.every((d) => {
    const b = byId.get(d.transactionId);
    if (!b || b.lines.length !== d.lines.length) return false;
    if (b.gain === null || d.gain === null) return b.gain === d.gain;
    return (
      b.gain.eq(d.gain) &&
      b.lines.every((l, i) => {
        const o = d.lines[i];
        return (
          o !== undefined &&
          l.category === o.category &&
          (l.gain === null ? o.gain === null : o.gain !== null && l.gain.eq(o.gain))
        );
      })
    );
  });
}

/**
 * The report's summary of the sale's tax year without the sale and with it (after: null when the
 * sale's gain is unknown, as the report would leave it out); null without a tax rule. With the
 * sale, its year gains one more sale, counted per category as one gain or one loss (as the report
 * counts each sale). Under the UK rule the ledger is replayed with the sale in it; when that moves
 * an earlier sale's 30-day match, the year's figures are counted again from the replayed sales.
 */
function yearWithAndWithout(
  computation: TaxComputation,
  input: WhatIfSaleInput,
  sale: {
    sold: Dec;
    gain: Dec | null;
    perCategory: readonly { category: TaxCategory; quantity: Dec; gain: Dec | null }[];
  },
): { before: TaxYearSummary; after: TaxYearSummary | null } | null {
  const rule = computation.options.rule;
  const year = taxYearOf(rule, input.day);
  const options = {
    year,
    currency: input.currency,
    yearlyAllowance:
      rule === 'custom' && input.yearlyAllowance != null ? new Dec(input.yearlyAllowance) : null,
    rate: (category: TaxCategory) => rateOf(category, input),
    portfolioId: input.portfolioId,
    perYear: perYearOf(computation, input.yearlyAllowanceOf, input.yearlyAllowance),
  };
  const figures = cachedYearFigures(computation);
  const before = yearSummaryFromFigures(rule, figures.years, figures.incomplete, options);
  if (before === null) return null;
  if (sale.gain === null) return { before, after: null };

  let base = figures;
  if (computation.method === 'uk_pooling') {
    const replayed = replayUkPlan(computation, input.coinId, input.portfolioId, [
      { day: input.day, quantity: sale.sold },
    ]).ledgerDisposals;
    const others = computation.disposals.filter((d) => d.coinId !== input.coinId);
    const own = computation.disposals.filter((d) => d.coinId === input.coinId);
    if (!sameDisposals(own, replayed))
      base = yearFigures({ ...computation, disposals: [...others, ...replayed] });
  }
  const categories = new Map<TaxCategory, CategoryFigures>(
    base.years.find((y) => y.year === year)?.categories ?? [],
  );
  for (const c of sale.perCategory) {
    if (c.quantity.isZero() || c.gain === null) continue;
    const was = categories.get(c.category) ?? { gains: zero, losses: zero };
    categories.set(
      c.category,
      c.gain.gt(0) ? { ...was, gains: was.gains.add(c.gain) } : { ...was, losses: was.losses.sub(c.gain) },
    );
  }
  const years: YearFigures[] = [...base.years.filter((y) => y.year !== year), { year, categories }];
  const after = yearSummaryFromFigures(rule, years, base.incomplete, options);
  return { before, after };
}
