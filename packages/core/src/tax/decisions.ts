import {
  effectiveMethodLabel,
  type HarvestLot,
  harvestCatches,
  type TaxDecisions,
  taxDecisionLotLimit,
  taxDecisionWindowDays,
  taxDecisionWords,
  taxRuleFacts,
  type WaitDecision,
} from '@app/contracts';
import { Dec } from '../decimal.ts';
import { toDecimalString } from '../ledger/format.ts';
import { buildYearSummary } from './allowances.ts';
import { type CalendarDay, dayToIso, taxYear, taxYearOf } from './dates.ts';
import {
  type DecisionContext,
  type DecisionRates,
  harvestLot,
  type PricedLot,
  waitDecision,
} from './decision-sales.ts';
import { computationForYear, perYearOf } from './regimes.ts';
import { categoryRate } from './report.ts';
import { qualifiesOn, qualifyingLabel } from './rules.ts';
import type { HoldingCalc, TaxComputation } from './types.ts';

export type { DecisionRates } from './decision-sales.ts';

export interface DecisionsOptions {
  /** null: all portfolios. */
  portfolioId: string | null;
  /** The figures' currency (the books'). */
  currency: string;
  /** The price now per coin in that currency; null or absent: not priced (never 0). */
  prices: ReadonlyMap<string, string | null>;
  /** Today in the rule's time zone. */
  today: CalendarDay;
  /** Each tax year's rates and custom allowance, as that year's settings give them. */
  ratesOf: (year: number) => DecisionRates;
  windowDays?: number | undefined;
  /** Lots figured per list (default taxDecisionLotLimit). */
  limit?: number | undefined;
}

const cmpDesc = (a: string | null, b: string | null) =>
  a === null ? (b === null ? 0 : 1) : b === null ? -1 : new Dec(b).cmp(a);

/**
 * The decisions of the current tax year from the open lots under the user's rule, method and
 * rates: lots whose holding period ends within the window, with the tax of selling now against
 * selling on the day they qualify (both at the price now); lots at a loss that could be sold this
 * year, with the rule's catch; and the year's allowance used and left. Every tax figure is the
 * what-if's (the year summary with the sale less the one without), so it matches what the
 * realized-gains report would show once the sale is entered.
 */
export function taxDecisions(all: TaxComputation, options: DecisionsOptions): TaxDecisions {
  const rule = all.options.rule;
  const year = taxYearOf(rule, options.today);
  const thisYear = computationForYear(all, year);
  const ty = taxYear(rule, year);
  const windowDays = options.windowDays ?? taxDecisionWindowDays;
  const limit = options.limit ?? taxDecisionLotLimit;
  const label = qualifyingLabel(thisYear.options.rule);
  const base: TaxDecisions = {
    rule,
    rule_label: taxRuleFacts[rule].label,
    method: thisYear.method,
    method_label: effectiveMethodLabel(thisYear.method),
    qualifying_label: label,
    currency: options.currency,
    portfolio_id: options.portfolioId,
    as_of: dayToIso(options.today),
    tax_year: { year, label: ty.label, start: dayToIso(ty.start), end: dayToIso(ty.end) },
    window_days: windowDays,
    needs_rule: rule === 'none',
    waits: [],
    waits_omitted: 0,
    harvest: { lots: [], lots_omitted: 0, total: '0', catch: null },
    year: null,
    notes: [],
    disclaimer: taxDecisionWords.disclaimer,
  };
  if (rule === 'none') return { ...base, notes: [taxDecisionWords.needsRule] };

  const ctx: DecisionContext = {
    all,
    thisYear,
    portfolioId: options.portfolioId,
    currency: options.currency,
    today: options.today,
    ratesOf: options.ratesOf,
  };
  const byCoin = new Map<string, HoldingCalc[]>();
  for (const h of thisYear.holdings) {
    if (options.portfolioId !== null && h.portfolioId !== options.portfolioId) continue;
    const list = byCoin.get(h.coinId) ?? [];
    list.push(h);
    byCoin.set(h.coinId, list);
  }
  // Book order: the method's order (FIFO, LIFO, HIFO) is read from it.
  for (const list of byCoin.values()) list.sort((a, b) => (a.acquiredDay ?? 0) - (b.acquiredDay ?? 0));
  const notes: string[] = [];

  // Lots turning long-term / tax-free within the window, soonest first.
  const soon: { lot: PricedLot | null; holding: HoldingCalc; from: CalendarDay }[] = [];
  for (const [coinId, list] of byCoin) {
    const price = options.prices.get(coinId) ?? null;
    for (const h of list) {
      if (h.acquisitionId === null || h.acquiredDay === null) continue;
      const from = qualifiesOn(thisYear.options, h.acquiredDay);
      if (from === null || from <= options.today || from > options.today + windowDays) continue;
      const holding = { ...h, acquisitionId: h.acquisitionId, acquiredDay: h.acquiredDay };
      soon.push({ lot: price === null ? null : { holding, price }, holding: h, from });
    }
  }
  soon.sort((a, b) => a.from - b.from);
  let unpriced = 0;
  for (const [coinId, list] of byCoin)
    if ((options.prices.get(coinId) ?? null) === null) unpriced += list.length;
  const priced = soon.filter((s): s is typeof s & { lot: PricedLot } => s.lot !== null);
  const waits: WaitDecision[] = priced
    .slice(0, limit)
    .map((s) => waitDecision(ctx, byCoin.get(s.holding.coinId) ?? [], s.lot, s.from))
    .sort((a, b) => cmpDesc(a.saving, b.saving) || a.qualifies_on.localeCompare(b.qualifies_on));
  if (label === null) notes.push(taxDecisionWords.noHoldingPeriod);
  else {
    notes.push(taxDecisionWords.waitsHow);
    if (waits.some((w) => w.lot_named)) notes.push(taxDecisionWords.waitsNamed);
    if (waits.some((w) => !w.lot_named)) notes.push(taxDecisionWords.waitsMethod(base.method_label));
    if (waits.some((w) => w.tax_year_after !== w.tax_year_now)) notes.push(taxDecisionWords.otherYear);
  }

  // Lots below their cost at the price now; in Germany a lot held over a year sells tax-free.
  const losses: { holding: HoldingCalc & { cost: Dec }; price: string; loss: Dec }[] = [];
  let taxFreeLosses = 0;
  for (const [coinId, list] of byCoin) {
    const price = options.prices.get(coinId) ?? null;
    for (const h of list) {
      if (h.cost === null || price === null) continue;
      const loss = h.quantity.mul(price).sub(h.cost);
      if (!loss.lt(0)) continue;
      const sellsTaxFree =
        thisYear.options.rule === 'de' &&
        h.acquiredDay !== null &&
        (qualifiesOn(thisYear.options, h.acquiredDay) ?? Number.POSITIVE_INFINITY) <= options.today;
      if (sellsTaxFree) taxFreeLosses += 1;
      else losses.push({ holding: { ...h, cost: h.cost }, price, loss });
    }
  }
  losses.sort((a, b) => a.loss.cmp(b.loss));
  const harvest: HarvestLot[] = losses.slice(0, limit).map((l) => harvestLot(ctx, l.holding, l.price));
  const total = losses.reduce((s, l) => s.add(l.loss), new Dec(0));
  if (harvest.length > 0 && harvest.some((l) => l.tax_effect !== null))
    notes.push(taxDecisionWords.taxEffectHow);
  if (taxFreeLosses > 0) notes.push(taxDecisionWords.deTaxFreeLosses(taxFreeLosses));
  if (unpriced > 0) notes.push(taxDecisionWords.noPrice(unpriced));
  if (priced.length > limit) notes.push(taxDecisionWords.tooMany(priced.length - limit));

  const rates = options.ratesOf(year);
  const summary = buildYearSummary(thisYear, {
    year,
    currency: options.currency,
    yearlyAllowance:
      thisYear.options.rule === 'custom' && rates.yearlyAllowance !== null
        ? new Dec(rates.yearlyAllowance)
        : null,
    rate: (category) => categoryRate(category, rates),
    portfolioId: options.portfolioId,
    perYear: perYearOf(thisYear, (y) => options.ratesOf(y).yearlyAllowance, rates.yearlyAllowance),
  });
  const catchRule = thisYear.options.rule;
  return {
    ...base,
    waits,
    waits_omitted: Math.max(0, priced.length - limit),
    harvest: {
      lots: harvest,
      lots_omitted: losses.length - harvest.length,
      total: toDecimalString(total),
      catch: catchRule === 'none' ? null : harvestCatches[catchRule],
    },
    year:
      summary === null
        ? null
        : {
            net_gain: summary.net_gain,
            estimated_tax: summary.estimated_tax,
            allowance: summary.allowance,
            losses_brought_forward: summary.losses_brought_forward,
            incomplete_disposals: summary.incomplete_disposals,
          },
    notes,
  };
}
