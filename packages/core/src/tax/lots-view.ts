import type { CoinLots, LotsSummary, LotsView, OpenLot, QualifyingTotal } from '@app/contracts';
import { Dec } from '../decimal.ts';
import { toDecimalString, toDecimalStringOrNull } from '../ledger/format.ts';
import { type CalendarDay, dayToIso } from './dates.ts';
import { qualifiesOn, qualifyingLabel } from './rules.ts';
import type { HoldingCalc, TaxComputation } from './types.ts';

export interface LotsViewOptions {
  portfolioId: string | null;
  /** Current price per coin in the report currency; null or absent: not valued (never 0). */
  prices: ReadonlyMap<string, string | null>;
  asOfDay: CalendarDay;
  currency: string;
  coinId?: string | undefined;
}

interface Sum {
  quantity: Dec;
  cost: Dec | null;
  value: Dec | null;
}

/**
 * Open lots with their holding periods: days held, the first day a sale is long-term or
 * tax-free, and per coin and overall what could be sold qualifying today or within 30 / 90 days.
 */
export function buildLotsView(computation: TaxComputation, options: LotsViewOptions): LotsView {
  const byCoin = new Map<string, HoldingCalc[]>();
  for (const h of computation.holdings) {
    if (options.portfolioId !== null && h.portfolioId !== options.portfolioId) continue;
    if (options.coinId !== undefined && h.coinId !== options.coinId) continue;
    const list = byCoin.get(h.coinId);
    if (list) list.push(h);
    else byCoin.set(h.coinId, [h]);
  }
  const total = emptySums();
  const coins: CoinLots[] = [...byCoin.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([coinId, holdings]) => {
      const price = options.prices.get(coinId) ?? null;
      const sums = emptySums();
      const lots = holdings
        .sort((a, b) => (a.acquiredDay ?? 0) - (b.acquiredDay ?? 0))
        .map((h) => {
          const lot = openLot(computation, h, price, options.asOfDay);
          const from = h.acquiredDay === null ? null : qualifiesOn(computation.options, h.acquiredDay);
          for (const s of [sums, total]) addLot(s, h, price, from, options.asOfDay);
          return lot;
        });
      return { coin_id: coinId, current_price: price, summary: summaryOut(sums), lots };
    });
  const inScope = computation.needsPrice.filter(
    (n) =>
      (options.portfolioId === null || n.portfolio_id === options.portfolioId) &&
      (!options.coinId || n.coin_id === options.coinId),
  );
  return {
    rule: computation.options.rule,
    method: computation.method,
    qualifying_label: qualifyingLabel(computation.options.rule),
    as_of: dayToIso(options.asOfDay),
    currency: options.currency,
    portfolio_id: options.portfolioId,
    coins,
    summary: summaryOut(total),
    needs_price: inScope,
  };
}

function openLot(
  computation: TaxComputation,
  h: HoldingCalc,
  price: string | null,
  asOf: CalendarDay,
): OpenLot {
  const value = price === null ? null : h.quantity.mul(price);
  const from = h.acquiredDay === null ? null : qualifiesOn(computation.options, h.acquiredDay);
  return {
    portfolio_id: h.portfolioId,
    coin_id: h.coinId,
    basis: h.basis,
    acquisition_id: h.acquisitionId,
    acquired_on: h.acquiredDay === null ? null : dayToIso(h.acquiredDay),
    quantity: toDecimalString(h.quantity),
    cost: toDecimalStringOrNull(h.cost),
    unit_cost: h.cost === null ? null : toDecimalString(h.cost.div(h.quantity)),
    value: toDecimalStringOrNull(value),
    unrealized: value === null || h.cost === null ? null : toDecimalString(value.sub(h.cost)),
    days_held: h.acquiredDay === null ? null : asOf - h.acquiredDay,
    qualifies_on: from === null ? null : dayToIso(from),
    qualifies_now: from === null ? null : from <= asOf,
  };
}

interface Sums {
  all: Sum;
  now: Sum;
  in30: Sum;
  in90: Sum;
}

function emptySums(): Sums {
  const empty = (): Sum => ({ quantity: new Dec(0), cost: new Dec(0), value: new Dec(0) });
  return { all: empty(), now: empty(), in30: empty(), in90: empty() };
}

function addLot(
  s: Sums,
  h: HoldingCalc,
  price: string | null,
  from: CalendarDay | null,
  asOf: CalendarDay,
): void {
  const value = price === null ? null : h.quantity.mul(price);
  add(s.all, h, value);
  if (from === null) return;
  if (from <= asOf) add(s.now, h, value);
  else {
    if (from <= asOf + 30) add(s.in30, h, value);
    if (from <= asOf + 90) add(s.in90, h, value);
  }
}

function add(sum: Sum, h: HoldingCalc, value: Dec | null): void {
  sum.quantity = sum.quantity.add(h.quantity);
  sum.cost = sum.cost === null || h.cost === null ? null : sum.cost.add(h.cost);
  sum.value = sum.value === null || value === null ? null : sum.value.add(value);
}

function totalOut(s: Sum): QualifyingTotal {
  return {
    quantity: toDecimalString(s.quantity),
    cost: toDecimalStringOrNull(s.cost),
    value: toDecimalStringOrNull(s.value),
    unrealized: s.cost === null || s.value === null ? null : toDecimalString(s.value.sub(s.cost)),
  };
}

function summaryOut(s: Sums): LotsSummary {
  return {
    ...totalOut(s.all),
    qualifying_now: totalOut(s.now),
    qualifying_within_30_days: totalOut(s.in30),
    qualifying_within_90_days: totalOut(s.in90),
  };
}
