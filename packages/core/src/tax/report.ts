import type { CategoryTotal, Disposal, NeedsPriceItem, TaxCategory, TaxReport } from '@app/contracts';
import { Dec } from '../decimal.ts';
import { toDecimalString, toDecimalStringOrNull } from '../ledger/format.ts';
import { parseInstant } from '../ledger/timeline.ts';
import { buildYearSummary } from './allowances.ts';
import { dayInZone, dayToIso, taxYear } from './dates.ts';
import { computationForYear, perYearOf } from './regimes.ts';
import { reportLotChoices } from './report-lot-choices.ts';
import { ruleCategories } from './rules.ts';
import type { DisposalCalc, TaxComputation } from './types.ts';

export interface ReportOptions {
  year: number;
  /** null: all portfolios. */
  portfolioId: string | null;
  currency: string;
  /** Percent for short-term / taxable / unclassified gains. */
  shortRate: string;
  /** Percent for long-term gains (tax-free gains are always 0). */
  longRate: string;
  /** custom rule only: the yearly allowance from the settings (decimal string); null or absent: none. */
  yearlyAllowance?: string | null | undefined;
  /** A history of settings: each earlier year's custom allowance, for the losses it carried. */
  yearlyAllowanceOf?: ((year: number) => string | null | undefined) | undefined;
}

export function categoryRate(
  category: TaxCategory,
  options: Pick<ReportOptions, 'shortRate' | 'longRate'>,
): Dec {
  if (category === 'tax_free') return new Dec(0);
  return new Dec(category === 'long' ? options.longRate : options.shortRate);
}

/**
 * The realized-gains report for one tax year: every disposal in it with the lots it used, the
 * totals per category, reward income, and the rows that could not be valued. A year without
 * disposals is an empty report. The totals' estimates apply each category's rate to its net gain
 * when positive; `year_summary` then applies the rule's allowance, netting between categories and
 * losses carried from earlier years, and estimates the tax on what is left.
 */
export function buildTaxReport(all: TaxComputation, options: ReportOptions): TaxReport {
  // The year's own rule and matching; its disposals were matched under them already.
  const computation = computationForYear(all, options.year);
  const rule = computation.options.rule;
  const year = taxYear(rule, options.year);
  const inScope = (portfolioId: string, day: number) =>
    (options.portfolioId === null || portfolioId === options.portfolioId) &&
    day >= year.start &&
    day <= year.end;

  const disposals = computation.disposals.filter((d) => inScope(d.portfolioId, d.soldDay));
  const categories = ruleCategories(rule);
  const sums = new Map(
    categories.map((c) => [
      c,
      { disposals: new Set<string>(), proceeds: zero, cost: zero, fees: zero, gain: zero },
    ]),
  );
  let incomplete = 0;
  for (const d of disposals) {
    if (d.gain === null) {
      incomplete++;
      continue;
    }
    for (const line of d.lines) {
      const s = sums.get(line.category);
      if (!s || line.proceeds === null || line.fee === null || line.cost === null || line.gain === null)
        continue;
      s.disposals.add(d.transactionId);
      s.proceeds = s.proceeds.add(line.proceeds);
      s.cost = s.cost.add(line.cost);
      s.fees = s.fees.add(line.fee);
      s.gain = s.gain.add(line.gain);
    }
  }
  let totalGain = zero;
  let totalTax = zero;
  const totals: CategoryTotal[] = categories.map((category) => {
    const s = sums.get(category) ?? {
      disposals: new Set(),
      proceeds: zero,
      cost: zero,
      fees: zero,
      gain: zero,
    };
    const rate = categoryRate(category, options);
    const tax = s.gain.gt(0) ? s.gain.mul(rate).div(100) : zero;
    totalGain = totalGain.add(s.gain);
    totalTax = totalTax.add(tax);
    return {
      category,
      disposals: s.disposals.size,
      proceeds: toDecimalString(s.proceeds),
      cost: toDecimalString(s.cost),
      fees: toDecimalString(s.fees),
      gain: toDecimalString(s.gain),
      rate: toDecimalString(rate),
      estimated_tax: toDecimalString(tax),
    };
  });

  const income = computation.income.filter((i) => inScope(i.portfolioId, i.day));
  let incomeTotal = zero;
  for (const i of income) if (i.value !== null) incomeTotal = incomeTotal.add(i.value);

  // Unvalued rows of this year, and older acquisitions this year's disposals drew on.
  const referenced = new Set<string>();
  for (const d of disposals) for (const l of d.lines) if (l.acquisitionId) referenced.add(l.acquisitionId);
  const needsPrice: NeedsPriceItem[] = computation.needsPrice.filter((n) => {
    if (
      options.portfolioId !== null &&
      n.portfolio_id !== options.portfolioId &&
      !referenced.has(n.transaction_id)
    ) {
      return false;
    }
    const day = dayInZone(parseInstant(n.executed_at), computation.zone);
    return (day >= year.start && day <= year.end) || referenced.has(n.transaction_id);
  });

  return {
    rule,
    method: computation.method,
    year: options.year,
    year_start: dayToIso(year.start),
    year_end: dayToIso(year.end),
    year_label: year.label,
    currency: options.currency,
    portfolio_id: options.portfolioId,
    disposals: disposals.map(disposalOut),
    totals,
    total_gain: toDecimalString(totalGain),
    estimated_tax: toDecimalString(totalTax),
    income: income.map((i) => ({
      transaction_id: i.transactionId,
      portfolio_id: i.portfolioId,
      coin_id: i.coinId,
      received_at: i.receivedAt,
      quantity: toDecimalString(i.quantity),
      value: toDecimalStringOrNull(i.value),
    })),
    income_total: toDecimalString(incomeTotal),
    needs_price: needsPrice,
    incomplete_disposals: incomplete,
    year_summary: buildYearSummary(computation, {
      year: options.year,
      currency: options.currency,
      yearlyAllowance:
        rule === 'custom' && options.yearlyAllowance != null ? new Dec(options.yearlyAllowance) : null,
      rate: (category) => categoryRate(category, options),
      portfolioId: options.portfolioId,
      perYear: perYearOf(computation, options.yearlyAllowanceOf, options.yearlyAllowance),
    }),
    lot_choices: reportLotChoices(computation, disposals),
    ...perPortfolioNote(computation, options.year),
  };
}

/**
 * Per-portfolio lots (US, 2025 on): whether the year's figures start from a confirmed allocation
 * of the 2024 lots or from the proposal, which makes them an estimate until it is confirmed.
 */
function perPortfolioNote(computation: TaxComputation, year: number): Pick<TaxReport, 'per_portfolio_lots'> {
  const a = computation.walletAllocation;
  if (!a?.applied || year < 2025) return {};
  const note =
    a.status === 'confirmed'
      ? 'Sales draw only on their own portfolio’s lots, starting from your confirmed allocation of the lots held on 31 December 2024.'
      : a.status === 'outdated'
        ? 'Estimated: the confirmed allocation of the lots held on 31 December 2024 no longer adds up after changes to the ledger, so the proposal is used. Confirm it again on the Tax page.'
        : 'Estimated: allocation not confirmed. Sales draw only on their own portfolio’s lots, starting from the proposed allocation of the lots held on 31 December 2024.';
  return { per_portfolio_lots: { allocation: a.status, estimated: a.status !== 'confirmed', note } };
}

/** Tax years (by the rule's calendar) that have a disposal or income, newest first. */
export function taxYearsWithActivity(computation: TaxComputation, portfolioId: string | null): number[] {
  const rule = computation.options.rule;
  const years = new Set<number>();
  const add = (p: string, day: number) => {
    if (portfolioId !== null && p !== portfolioId) return;
    const date = new Date(day * 86_400_000);
    const y = date.getUTCFullYear();
    years.add(rule === 'uk' && day < Date.UTC(y, 3, 6) / 86_400_000 ? y - 1 : y);
  };
  for (const d of computation.disposals) add(d.portfolioId, d.soldDay);
  for (const i of computation.income) add(i.portfolioId, i.day);
  return [...years].sort((a, b) => b - a);
}

export function disposalOut(d: DisposalCalc): Disposal {
  return {
    transaction_id: d.transactionId,
    portfolio_id: d.portfolioId,
    coin_id: d.coinId,
    sold_at: d.soldAt,
    sold_on: dayToIso(d.soldDay),
    quantity: toDecimalString(d.quantity),
    proceeds: toDecimalStringOrNull(d.proceeds),
    fee: toDecimalStringOrNull(d.fee),
    cost: toDecimalStringOrNull(d.cost),
    gain: toDecimalStringOrNull(d.gain),
    lines: d.lines.map((l) => ({
      basis: l.basis,
      acquisition_id: l.acquisitionId,
      acquired_on: l.acquiredDay === null ? null : dayToIso(l.acquiredDay),
      quantity: toDecimalString(l.quantity),
      proceeds: toDecimalStringOrNull(l.proceeds),
      fee: toDecimalStringOrNull(l.fee),
      cost: toDecimalStringOrNull(l.cost),
      gain: toDecimalStringOrNull(l.gain),
      days_held: l.daysHeld,
      category: l.category,
    })),
  };
}

const zero = new Dec(0);
