import type { HarvestLot, WaitDecision, WhatIfSale } from '@app/contracts';
import { whatIfWords } from '@app/contracts';
import { Dec } from '../decimal.ts';
import { toDecimalString, toDecimalStringOrNull } from '../ledger/format.ts';
import { type CalendarDay, dayToIso, taxYear, taxYearOf } from './dates.ts';
import { type ChoiceLot, methodLotOrder } from './lot-minimiser.ts';
import { categoryOf } from './rules.ts';
import type { HoldingCalc, TaxComputation } from './types.ts';
import { type WhatIfSaleInput, whatIfSale } from './what-if.ts';

/** The rates and allowance of one tax year, as that year's settings give them. */
export interface DecisionRates {
  shortRate: string;
  longRate: string;
  /** custom rule only: the yearly allowance; null: none. */
  yearlyAllowance: string | null;
}

/** What every decision's sale is tried against. */
export interface DecisionContext {
  /** Every year's computation (whatIfSale picks the sale's year from it). */
  all: TaxComputation;
  /** The computation as this tax year reads it: its rule, matching and holding periods. */
  thisYear: TaxComputation;
  portfolioId: string | null;
  currency: string;
  today: CalendarDay;
  ratesOf: (year: number) => DecisionRates;
}

/** A lot of the books with its price now (both known). */
export interface PricedLot {
  holding: HoldingCalc & { acquisitionId: string; acquiredDay: CalendarDay };
  price: string;
}

function saleInput(
  ctx: DecisionContext,
  coinId: string,
  quantity: Dec,
  price: string,
  day: CalendarDay,
  lots?: WhatIfSaleInput['lots'],
): WhatIfSaleInput {
  const rates = ctx.ratesOf(taxYearOf(ctx.all.options.rule, day));
  return {
    coinId,
    portfolioId: ctx.portfolioId,
    quantity: toDecimalString(quantity),
    pricePerCoin: price,
    feesPercentage: '0',
    day,
    shortRate: rates.shortRate,
    longRate: rates.longRate,
    currency: ctx.currency,
    yearlyAllowance: rates.yearlyAllowance,
    yearlyAllowanceOf: (year) => ctx.ratesOf(year).yearlyAllowance,
    lots,
  };
}

/** The units of the sale's lines drawn from one acquisition (null: the pool lines). */
function takenFrom(sale: WhatIfSale, acquisitionId: string | null): Dec {
  let taken = new Dec(0);
  for (const l of sale.lots) if (l.acquisition_id === acquisitionId) taken = taken.add(l.quantity);
  return taken;
}

/**
 * The sale that reaches a lot under the rule's matching: the lot itself when the rule follows a
 * sale's named lots (US), else the lots the method takes before it and the lot (FIFO: every older
 * one). Null when the books hold the coin in a way the method order cannot reach (a pool).
 */
function saleThrough(
  ctx: DecisionContext,
  coinLots: readonly HoldingCalc[],
  lot: PricedLot['holding'],
): { quantity: Dec; named: boolean } | null {
  if (ctx.thisYear.options.rule === 'us') return { quantity: lot.quantity, named: true };
  const method = ctx.thisYear.method;
  if (method !== 'fifo' && method !== 'lifo' && method !== 'hifo') return null;
  const choice: ChoiceLot[] = [];
  for (const h of coinLots) {
    if (h.acquisitionId === null || h.acquiredDay === null) return null;
    choice.push({
      acquisitionId: h.acquisitionId,
      acquiredDay: h.acquiredDay,
      quantity: h.quantity,
      cost: h.cost,
    });
  }
  let quantity = new Dec(0);
  for (const i of methodLotOrder(choice, method)) {
    const h = choice[i] as ChoiceLot;
    quantity = quantity.add(h.quantity);
    if (h.acquisitionId === lot.acquisitionId) return { quantity, named: false };
  }
  return null;
}

/**
 * Sell now or wait: the same sale today and on the day the lot qualifies, each priced at the
 * price now and taxed as whatIfSale taxes it (what it adds to its tax year's estimate). The figures
 * are kept only when both sales take the whole lot, as the rule's matching would.
 */
export function waitDecision(
  ctx: DecisionContext,
  coinLots: readonly HoldingCalc[],
  lot: PricedLot,
  qualifiesOn: CalendarDay,
): WaitDecision {
  const h = lot.holding;
  const rule = ctx.all.options.rule;
  const through = saleThrough(ctx, coinLots, h);
  const quantity = through?.quantity ?? h.quantity;
  const named = through?.named ?? false;
  const lots = named
    ? [{ acquisitionId: h.acquisitionId, quantity: toDecimalString(h.quantity) }]
    : undefined;
  const figure = (day: CalendarDay): Dec | null => {
    if (through === null) return null;
    const sale = whatIfSale(ctx.all, saleInput(ctx, h.coinId, quantity, lot.price, day, lots));
    if (sale.capped || !takenFrom(sale, h.acquisitionId).eq(h.quantity)) return null;
    return sale.estimated_tax === null ? null : new Dec(sale.estimated_tax);
  };
  const now = figure(ctx.today);
  const after = figure(qualifiesOn);
  const value = h.quantity.mul(lot.price);
  return {
    coin_id: h.coinId,
    portfolio_id: h.portfolioId,
    acquisition_id: h.acquisitionId,
    acquired_on: dayToIso(h.acquiredDay),
    quantity: toDecimalString(h.quantity),
    cost: toDecimalStringOrNull(h.cost),
    price: toDecimalString(new Dec(lot.price)),
    value: toDecimalString(value),
    unrealized: h.cost === null ? null : toDecimalString(value.sub(h.cost)),
    qualifies_on: dayToIso(qualifiesOn),
    days_to_wait: qualifiesOn - ctx.today,
    sale_quantity: toDecimalString(quantity),
    lot_named: named,
    tax_year_now: taxYear(rule, taxYearOf(rule, ctx.today)).label,
    tax_year_after: taxYear(rule, taxYearOf(rule, qualifiesOn)).label,
    tax_now: toDecimalStringOrNull(now),
    tax_after: toDecimalStringOrNull(after),
    saving: now === null || after === null ? null : toDecimalString(now.sub(after)),
  };
}

/** A lot below its cost, with what selling it alone today would change in this year's estimate. */
export function harvestLot(ctx: DecisionContext, h: HoldingCalc & { cost: Dec }, price: string): HarvestLot {
  const options = ctx.thisYear.options;
  const category = categoryOf(options, h.acquiredDay, ctx.today);
  // US: the sale names the lot. Elsewhere the rule's matching decides: the effect is kept only
  // when a sale of the lot's quantity takes this lot and nothing else.
  const named = options.rule === 'us' && h.acquisitionId !== null;
  const sale = whatIfSale(
    ctx.all,
    saleInput(
      ctx,
      h.coinId,
      h.quantity,
      price,
      ctx.today,
      named ? [{ acquisitionId: h.acquisitionId ?? '', quantity: toDecimalString(h.quantity) }] : undefined,
    ),
  );
  const alone =
    !sale.capped &&
    sale.lots.length > 0 &&
    takenFrom(sale, h.acquisitionId).eq(h.quantity) &&
    sale.lots.every((l) => l.acquisition_id === h.acquisitionId);
  const value = h.quantity.mul(price);
  return {
    coin_id: h.coinId,
    portfolio_id: h.portfolioId,
    basis: h.basis,
    acquisition_id: h.acquisitionId,
    acquired_on: h.acquiredDay === null ? null : dayToIso(h.acquiredDay),
    quantity: toDecimalString(h.quantity),
    cost: toDecimalString(h.cost),
    value: toDecimalString(value),
    unrealized: toDecimalString(value.sub(h.cost)),
    category,
    category_label: whatIfWords.category[category],
    tax_effect: alone ? sale.estimated_tax : null,
  };
}
