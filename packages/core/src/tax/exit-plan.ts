import type { EffectiveMethod, TaxCategory } from '@app/contracts';
import { Dec } from '../decimal.ts';
import { toDecimalString, toDecimalStringOrNull } from '../ledger/format.ts';
import { type CalendarDay, dayToIso, taxYear, taxYearOf } from './dates.ts';
import { type BookMethod, LotBook, type NamedLot, type Piece } from './lot-book.ts';
import { takeChosen } from './lot-choice.ts';
import { splitByWeight } from './prepare.ts';
import { regimeOfYear } from './regimes.ts';
import { categoryOf, qualifiesOn, type RuleOptions } from './rules.ts';
import type { DisposalCalc, TaxComputation } from './types.ts';
import { applyUkExemptAmount, type ExemptYear } from './uk-exempt.ts';
import { replayUkPlan } from './uk-plan-book.ts';

/** One planned sale of an exit plan (a rung of the sell ladder). */
export interface PlannedSale {
  id: string;
  coinsSold: string;
  pricePerCoin: string;
  feesPercentage: string;
  priceImpactPercentage: string;
  /** When the sale happens; defaults to the plan's "today". */
  day?: CalendarDay | undefined;
  /** The lots the sale names (specific identification); ignored where the rule fixes the matching. */
  lots?: readonly NamedLot[] | undefined;
}

export interface PlanOptions {
  portfolioId: string | null;
  coinId: string;
  asOfDay: CalendarDay;
  shortRate: string;
  longRate: string;
  /**
   * A history of settings: the rates of each tax year, so a sale is taxed at those of the year
   * it falls in. Absent: `shortRate` and `longRate` for every year.
   */
  ratesOf?: ((year: number) => PlanRates) | undefined;
}

export interface PlanRates {
  shortRate: string;
  longRate: string;
}

/** The settings a sale on `day` falls under: the rule, holding period and matching of its tax year's entry. */
interface SaleRegime {
  year: number;
  options: RuleOptions;
  method: EffectiveMethod;
}

function regimeOn(computation: TaxComputation, day: CalendarDay): SaleRegime {
  // Every entry of a history shares one tax calendar, so any of their rules dates the year.
  const year = taxYearOf(computation.options.rule, day);
  const regimes = computation.regimes;
  if (regimes === undefined || regimes.length <= 1)
    return { year, options: computation.options, method: computation.method };
  const r = regimeOfYear(regimes, year);
  return { year, options: r.options, method: r.method };
}

export interface SaleLotLine {
  acquisition_id: string | null;
  acquired_on: string | null;
  quantity: string;
  cost: string | null;
  gain: string | null;
  category: TaxCategory;
  qualifies_on: string | null;
  /** Set on the units a sale took from the lots it named. */
  chosen?: true;
}

export interface SaleTax {
  id: string;
  sale_date: string;
  /** Capped at what the lots still hold after the earlier rungs. */
  coins_sold: string;
  effective_price: string;
  gross: string;
  fee: string;
  cost: string | null;
  gain: string | null;
  tax: string | null;
  /** gross − fee − tax, at the price after impact. */
  net: string | null;
  lots: SaleLotLine[];
  /** The first day all of this rung's lots are long-term / tax-free (null: already, or no holding period). */
  all_qualify_on: string | null;
  /** UK: the tax year of the sale ('2025/26') and the part of its annual exempt amount the sale used. */
  tax_year?: string;
  exempt_used?: string | null;
}

/** UK: one tax year of the plan; the allowance is used by realized gains first, then the plan. */
export interface PlanTaxYear {
  tax_year: string;
  /** null: a year before 2020/21, no allowance applied. */
  exempt_amount: string | null;
  /** Gains less losses already realized in the ledger that year. */
  realized_gain: string;
  exempt_used_by_realized: string;
  exempt_used_by_plan: string;
}

export interface PlanTax {
  sales: SaleTax[];
  total_tax: string | null;
  total_net: string | null;
  tax_years?: PlanTaxYear[];
}

const hundred = new Dec(100);

interface PlanBook {
  readonly quantity: Dec;
  /**
   * The pieces taken, the first `chosen` of them from the lots the sale named, matched by
   * `method` (the sale's tax year's).
   */
  take(
    quantity: Dec,
    day: CalendarDay,
    method: EffectiveMethod,
    lots?: readonly NamedLot[],
  ): { pieces: Piece[]; chosen: number };
  /** The ledger's realized disposals as matched with the plan in place (UK: the AEA's first call). */
  readonly ledgerDisposals: readonly DisposalCalc[];
}

/** The lots the books hold today for the plan's coin and scope, under the rule's matching. */
function planBook(
  computation: TaxComputation,
  options: PlanOptions,
  sales: readonly PlannedSale[],
): PlanBook {
  if (computation.method === 'uk_pooling') return ukPlanBook(computation, options, sales);
  const held = computation.holdings.filter(
    (h) =>
      h.coinId === options.coinId && (options.portfolioId === null || h.portfolioId === options.portfolioId),
  );
  // The book starts as the ledger's replay left it (lots, or an average pool) and then matches
  // each sale by its own year's method, turning lots into a pool or back as the ledger would
  // on entering that year.
  const book = new LotBook(held.some((h) => h.basis === 'pool') ? 'average' : 'fifo');
  let seq = 0;
  for (const h of held) {
    book.add({
      acquisitionId: h.acquisitionId ?? `pool:${h.portfolioId}`,
      acquiredDay: h.acquiredDay ?? options.asOfDay,
      at: (h.acquiredDay ?? 0) * 86_400_000,
      seq: seq++,
      quantity: h.quantity,
      cost: h.cost,
    });
  }
  return {
    get quantity() {
      return book.quantity;
    },
    take: (quantity, _day, method, lots) => {
      book.switchTo(bookMethod(method));
      if (lots === undefined) return { pieces: book.take(quantity), chosen: 0 };
      const taken = takeChosen(book, quantity, lots);
      return { pieces: [...taken.chosen, ...taken.rest], chosen: taken.chosen.length };
    },
    ledgerDisposals: computation.disposals,
  };
}

function bookMethod(method: EffectiveMethod): BookMethod {
  if (method === 'uk_pooling') throw new Error('the UK identification rules are not lot matching');
  return method;
}

/**
 * UK: every planned sale is capped at what the scope still holds, then the ledger is replayed
 * with them (replayUkPlan), and each take() hands back the next sale's matches.
 */
function ukPlanBook(
  computation: TaxComputation,
  options: PlanOptions,
  sales: readonly PlannedSale[],
): PlanBook {
  let held = new Dec(0);
  for (const h of computation.holdings)
    if (
      h.coinId === options.coinId &&
      (options.portfolioId === null || h.portfolioId === options.portfolioId)
    )
      held = held.add(h.quantity);
  const planned = sales.map((s) => {
    const quantity = Dec.min(new Dec(s.coinsSold), held);
    held = held.sub(quantity);
    return { day: s.day ?? options.asOfDay, quantity };
  });
  const replay = replayUkPlan(computation, options.coinId, options.portfolioId, planned);
  let next = 0;
  let left = planned.reduce((sum, p) => sum.add(p.quantity), new Dec(0)).add(held);
  return {
    get quantity() {
      return left;
    },
    take: (quantity) => {
      left = left.sub(quantity);
      return { pieces: replay.pieces[next++] ?? [], chosen: 0 };
    },
    // The coin's disposals as replayed (the plan can take their 30-day matches), the others as they are.
    ledgerDisposals: [
      ...computation.disposals.filter((d) => d.coinId !== options.coinId),
      ...replay.ledgerDisposals,
    ],
  };
}

/**
 * Runs the planned sales, in the given order, against the lots the books hold today: which
 * lots each sale consumes under the rule's matching, its gain per category and the tax at the
 * account's rates, and the net after fees, price impact and tax. Outside the UK each rung's
 * positive gain per category × its rate (losses of one rung are not carried to another).
 *
 * With a history of settings each sale falls under the entry in force in its own tax year (the
 * one a report of that year will use): its rule, holding period, matching method and rates, so
 * a rung sold today is not priced under a change that only starts next year.
 *
 * UK: matching follows HMRC's order (same day, the next 30 days, the Section 104 pool), see
 * replayUkPlan. Sales are then grouped by UK tax year: the year's gains already realized in the
 * ledger (all portfolios: the allowance is the person's) come first, gains and losses net, the
 * annual exempt amount comes off, and the rest is taxed at the rule's rate (the short rate).
 * Each sale shows the part of the allowance it used; a loss that lowers the year's taxable
 * gain shows a negative tax. Losses brought forward from earlier years are not applied.
 */
export function planTax(
  computation: TaxComputation,
  sales: readonly PlannedSale[],
  options: PlanOptions,
): PlanTax {
  const book = planBook(computation, options, sales);
  const uk = computation.options.rule === 'uk';
  const rate = (c: TaxCategory, year: number) => {
    if (c === 'tax_free') return new Dec(0);
    const rates = options.ratesOf?.(year) ?? options;
    return new Dec(c === 'long' ? rates.longRate : rates.shortRate);
  };
  const out: SaleTax[] = [];
  const figures: { day: CalendarDay; gross: Dec; fee: Dec; gain: Dec | null; tax: Dec | null }[] = [];
  for (const sale of sales) {
    const day = sale.day ?? options.asOfDay;
    // The entry in force in the sale's tax year: its rule, holding period, matching and rates.
    const regime = regimeOn(computation, day);
    const wanted = new Dec(sale.coinsSold);
    const sold = Dec.min(wanted, book.quantity);
    const price = new Dec(sale.pricePerCoin).mul(hundred.sub(sale.priceImpactPercentage || 0)).div(hundred);
    const gross = sold.mul(price);
    const fee = gross.mul(sale.feesPercentage || 0).div(hundred);
    const { pieces, chosen } = sold.gt(0)
      ? book.take(sold, day, regime.method, sale.lots)
      : { pieces: [], chosen: 0 };
    const weights = pieces.map((p) => p.quantity);
    const grossParts = splitByWeight(gross, weights, sold);
    const feeParts = splitByWeight(fee, weights, sold);
    const byCategory = new Map<TaxCategory, Dec>();
    let cost: Dec | null = new Dec(0);
    let latest: CalendarDay | null = null;
    const lots: SaleLotLine[] = pieces.map((p, i) => {
      const isPool = p.kind === 'pool';
      const acquired = isPool ? null : p.acquiredDay;
      const category = categoryOf(regime.options, acquired, day);
      const gain = p.cost === null ? null : (grossParts[i] as Dec).sub(feeParts[i] as Dec).sub(p.cost);
      if (gain !== null) byCategory.set(category, (byCategory.get(category) ?? new Dec(0)).add(gain));
      cost = cost === null || p.cost === null ? null : cost.add(p.cost);
      const from = acquired === null ? null : qualifiesOn(regime.options, acquired);
      if (from !== null && from > day) latest = latest === null ? from : Math.max(latest, from);
      return {
        acquisition_id: isPool ? null : p.acquisitionId,
        acquired_on: acquired === null ? null : dayToIso(acquired),
        quantity: toDecimalString(p.quantity),
        cost: toDecimalStringOrNull(p.cost),
        gain: toDecimalStringOrNull(gain),
        category,
        qualifies_on: from === null ? null : dayToIso(from),
        ...(i < chosen ? { chosen: true as const } : {}),
      };
    });
    const total = cost as Dec | null;
    const gain = total === null ? null : gross.sub(fee).sub(total);
    let tax: Dec | null = total === null ? null : new Dec(0);
    if (tax !== null)
      for (const [c, g] of byCategory) if (g.gt(0)) tax = tax.add(g.mul(rate(c, regime.year)).div(hundred));
    figures.push({ day, gross, fee, gain, tax });
    const qualifyDay = latest as CalendarDay | null;
    out.push({
      id: sale.id,
      sale_date: dayToIso(day),
      coins_sold: toDecimalString(sold),
      effective_price: toDecimalString(price),
      gross: toDecimalString(gross),
      fee: toDecimalString(fee),
      cost: toDecimalStringOrNull(total),
      gain: toDecimalStringOrNull(gain),
      tax: null,
      net: null,
      lots,
      all_qualify_on: qualifyDay === null ? null : dayToIso(qualifyDay),
    });
  }
  let years: ExemptYear[] | null = null;
  if (uk) {
    // The year's realized gains and losses in the ledger, netted (all portfolios, all coins).
    const realized = new Map<number, Dec>();
    for (const d of book.ledgerDisposals) {
      if (d.gain === null) continue;
      const y = taxYearOf('uk', d.soldDay);
      realized.set(y, (realized.get(y) ?? new Dec(0)).add(d.gain));
    }
    const exempt = applyUkExemptAmount(
      figures.map((f) => ({ day: f.day, gain: f.gain })),
      realized,
    );
    years = exempt.years;
    exempt.sales.forEach((e, i) => {
      const f = figures[i];
      const o = out[i];
      if (!f || !o) return;
      f.tax = e.taxable === null ? null : e.taxable.mul(rate('gain', e.taxYear)).div(hundred);
      o.tax_year = taxYear('uk', e.taxYear).label;
      o.exempt_used = toDecimalStringOrNull(e.exemptUsed);
    });
  }
  let totalTax: Dec | null = new Dec(0);
  let totalNet: Dec | null = new Dec(0);
  figures.forEach((f, i) => {
    const o = out[i] as SaleTax;
    const net = f.tax === null ? null : f.gross.sub(f.fee).sub(f.tax);
    o.tax = toDecimalStringOrNull(f.tax);
    o.net = toDecimalStringOrNull(net);
    totalTax = totalTax === null || f.tax === null ? null : totalTax.add(f.tax);
    totalNet = totalNet === null || net === null ? null : totalNet.add(net);
  });
  return {
    sales: out,
    total_tax: toDecimalStringOrNull(totalTax),
    total_net: toDecimalStringOrNull(totalNet),
    ...(years === null
      ? {}
      : {
          tax_years: years.map((y) => ({
            tax_year: taxYear('uk', y.taxYear).label,
            exempt_amount: toDecimalStringOrNull(y.exemptAmount),
            realized_gain: toDecimalString(y.realized),
            exempt_used_by_realized: toDecimalString(y.usedByLedger),
            exempt_used_by_plan: toDecimalString(y.usedByPlan),
          })),
        }),
  };
}

export interface TaxAwarePlan {
  /** Rung ids in the suggested order, each with the day to sell on. */
  order: { id: string; sale_date: string; delayed: boolean }[];
  plan: PlanTax;
  /** Tax of the plan as entered (all rungs today, in their order) and of the suggestion. */
  tax_before: string | null;
  tax_after: string | null;
  saving: string | null;
}

/** Waiting longer than this for a lot to qualify is not a plan, it is a different strategy. */
const maxDelayDays = 400;

/**
 * Defers tax where the rule has a holding period: rungs whose lots already qualify go first,
 * and a rung is delayed to the day all its lots turn long-term / tax-free when that lowers its
 * tax. Consumption follows the matching method, so the order is re-simulated after each change.
 */
export function taxAwarePlan(
  computation: TaxComputation,
  sales: readonly PlannedSale[],
  options: PlanOptions,
): TaxAwarePlan {
  const before = planTax(computation, sales, options);
  let current = sales.map((s) => ({ ...s, day: options.asOfDay }));
  for (let round = 0; round < 3; round++) {
    const sim = planTax(computation, current, options);
    const next = current.map((s, i) => {
      const r = sim.sales[i];
      const waitUntil = r?.all_qualify_on
        ? Math.round(Date.parse(`${r.all_qualify_on}T00:00:00Z`) / 86_400_000)
        : null;
      if (waitUntil === null || waitUntil - options.asOfDay > maxDelayDays) return s;
      return { ...s, day: waitUntil };
    });
    const delayed = planTax(computation, next, options);
    // Keep each delay only if it lowers that rung's tax.
    current = next.map((s, i) => {
      const nowTax = sim.sales[i]?.tax;
      const laterTax = delayed.sales[i]?.tax;
      const better = nowTax != null && laterTax != null && new Dec(laterTax).lt(nowTax);
      return better ? s : (current[i] ?? s);
    });
    // Sell what is ready first; the rest in the order of the day they become ready.
    current = current
      .map((s, i) => ({ s, i }))
      .sort((a, b) => (a.s.day ?? 0) - (b.s.day ?? 0) || a.i - b.i)
      .map((x) => x.s);
  }
  let after = planTax(computation, current, options);
  // A reorder can move cheaper lots to dearer rungs; never suggest a plan that costs more.
  if (
    before.total_tax !== null &&
    (after.total_tax === null || new Dec(after.total_tax).gt(before.total_tax))
  ) {
    current = sales.map((s) => ({ ...s, day: options.asOfDay }));
    after = before;
  }
  const saving =
    before.total_tax === null || after.total_tax === null
      ? null
      : toDecimalString(new Dec(before.total_tax).sub(after.total_tax));
  return {
    order: current.map((s) => ({
      id: s.id,
      sale_date: dayToIso(s.day ?? options.asOfDay),
      delayed: (s.day ?? 0) > options.asOfDay,
    })),
    plan: after,
    tax_before: before.total_tax,
    tax_after: after.total_tax,
    saving,
  };
}
