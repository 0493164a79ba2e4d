import { Dec } from '../decimal.ts';
import type { CalendarDay } from './dates.ts';
import { buildDisposal, type Match, NeedsPrice, networkFeeOf } from './disposal.ts';
import { incomeOf } from './lot-engine.ts';
import { type PreparedTx, splitByWeight } from './prepare.ts';
import type { RuleOptions } from './rules.ts';
import type { DisposalCalc, HoldingCalc, IncomeCalc, TaxComputation, UkLatestAcquisition } from './types.ts';

/** HMRC's bed-and-breakfast window: acquisitions in the 30 days after a disposal (TCGA 1992 s. 106A(5)). */
export const bedAndBreakfastDays = 30;

/** All acquisitions of one coin on one day count as a single acquisition (TCGA 1992 s. 105(1)). */
interface AcquisitionDay {
  day: CalendarDay;
  firstId: string;
  quantity: Dec;
  cost: Dec | null;
  remaining: Dec;
}

/** All disposals of one coin on one day count as a single disposal, shared back by quantity. */
interface DisposalDay {
  day: CalendarDay;
  quantity: Dec;
  remaining: Dec;
  sales: PreparedTx[];
  matches: Match[];
}

const zero = new Dec(0);

/**
 * HMRC share identification for cryptoassets (CRYPTO22200+), per person and coin across all
 * portfolios: (1) same-day acquisitions, (2) acquisitions in the next 30 days, earliest disposal
 * first, (3) the Section 104 pool at average cost. Moves between own portfolios are ignored (the
 * same person owns the tokens before and after).
 */
export function runUkRules(
  timeline: readonly PreparedTx[],
  options: RuleOptions,
  links: ReadonlyMap<string, string>,
  zone: string,
): TaxComputation {
  const linked = new Set<string>([...links.keys(), ...links.values()]);
  const arrivedQuantity = new Map<string, Dec>();
  const linkedIns = new Set(links.values());
  for (const p of timeline) if (linkedIns.has(p.tx.id)) arrivedQuantity.set(p.tx.id, p.quantity);
  const byCoin = new Map<string, PreparedTx[]>();
  for (const p of timeline) {
    const list = byCoin.get(p.tx.coin_id);
    if (list) list.push(p);
    else byCoin.set(p.tx.coin_id, [p]);
  }
  const needs = new NeedsPrice();
  const disposals: DisposalCalc[] = [];
  const income: IncomeCalc[] = [];
  const holdings: HoldingCalc[] = [];
  const latest: UkLatestAcquisition[] = [];
  let transferFees = new Dec(0);

  for (const [coinId, rows] of byCoin) {
    const acquisitions = new Map<CalendarDay, AcquisitionDay>();
    const disposalDays = new Map<CalendarDay, DisposalDay>();
    const held = new Map<string, Dec>();
    const removals: PreparedTx[] = [];
    const move = (portfolioId: string, delta: Dec) =>
      held.set(portfolioId, (held.get(portfolioId) ?? zero).add(delta));

    for (const p of rows) {
      const { tx } = p;
      const inbound = tx.type === 'buy' || tx.type === 'reward' || tx.type === 'transfer_in';
      move(tx.portfolio_id, inbound ? p.quantity : p.quantity.neg());
      let sale: PreparedTx | null = null;
      if (linked.has(tx.id)) {
        // An own move: no acquisition, no disposal; a fee on it is money spent. The units that
        // left and did not arrive (out − in) paid the network: a disposal at no proceeds.
        if (tx.type !== 'transfer_out') continue;
        if (p.fee === null) needs.add(p, tx.unpriced_reason ?? 'no_price');
        else transferFees = transferFees.add(p.fee);
        const arrived = arrivedQuantity.get(links.get(tx.id) ?? '');
        if (arrived === undefined || !arrived.lt(p.quantity)) continue;
        sale = networkFeeOf(p, [{ quantity: p.quantity.sub(arrived) }]);
      } else if (tx.type === 'sell') {
        needs.check(p, true);
        sale = p;
      }
      if (sale) {
        const d = disposalDays.get(sale.day);
        if (d) {
          d.quantity = d.quantity.add(sale.quantity);
          d.remaining = d.remaining.add(sale.quantity);
          d.sales.push(sale);
        } else {
          disposalDays.set(sale.day, {
            day: sale.day,
            quantity: sale.quantity,
            remaining: sale.quantity,
            sales: [sale],
            matches: [],
          });
        }
      } else if (inbound) {
        needs.check(p, true);
        const cost = p.price === null || p.fee === null ? null : p.quantity.mul(p.price).add(p.fee);
        const a = acquisitions.get(p.day);
        if (a) {
          a.quantity = a.quantity.add(p.quantity);
          a.remaining = a.remaining.add(p.quantity);
          a.cost = a.cost === null || cost === null ? null : a.cost.add(cost);
        } else {
          acquisitions.set(p.day, {
            day: p.day,
            firstId: tx.id,
            quantity: p.quantity,
            cost,
            remaining: p.quantity,
          });
        }
        if (tx.type === 'reward') income.push(incomeOf(p));
      } else {
        removals.push(p);
      }
    }

    const acqDays = [...acquisitions.values()].sort((a, b) => a.day - b.day);
    const dispDays = [...disposalDays.values()].sort((a, b) => a.day - b.day);
    const last = acqDays[acqDays.length - 1];

    // (1) Same day.
    for (const d of dispDays) {
      const a = acquisitions.get(d.day);
      if (a) matchFrom(d, a, 'same_day');
    }
    // (2) The next 30 days, earliest disposal first, each taking the earliest acquisitions.
    for (const d of dispDays) {
      for (const a of acqDays) {
        if (d.remaining.isZero()) break;
        if (a.day <= d.day) continue;
        if (a.day > d.day + bedAndBreakfastDays) break;
        matchFrom(d, a, 'bed_and_breakfast');
      }
    }
    // (3) Section 104 pool, walked in date order: the day's leftover acquisitions join first.
    let poolQuantity = zero;
    let poolCost: Dec | null = zero;
    const takeFromPool = (quantity: Dec): Match[] => {
      const take = Dec.min(quantity, poolQuantity);
      const out: Match[] = [];
      if (take.gt(0)) {
        const whole = take.eq(poolQuantity);
        const cost = poolCost === null ? null : whole ? poolCost : poolCost.mul(take).div(poolQuantity);
        out.push({ basis: 'section_104', acquisitionId: null, acquiredDay: null, quantity: take, cost });
        poolQuantity = poolQuantity.sub(take);
        poolCost = poolQuantity.isZero()
          ? zero
          : poolCost === null || cost === null
            ? null
            : poolCost.sub(cost);
      }
      const missing = quantity.sub(take);
      if (missing.gt(0)) {
        out.push({
          basis: 'unmatched',
          acquisitionId: null,
          acquiredDay: null,
          quantity: missing,
          cost: null,
        });
      }
      return out;
    };
    const events = [
      ...acqDays.map((a) => ({ day: a.day, order: 0, a })),
      ...dispDays.map((d) => ({ day: d.day, order: 1, d })),
      ...removals.map((r) => ({ day: r.day, order: 2, r })),
    ].sort((x, y) => x.day - y.day || x.order - y.order);
    for (const e of events) {
      if ('a' in e && e.a) {
        const a = e.a;
        if (a.remaining.gt(0)) {
          const cost =
            a.cost === null
              ? null
              : a.remaining.eq(a.quantity)
                ? a.cost
                : a.cost.mul(a.remaining).div(a.quantity);
          poolQuantity = poolQuantity.add(a.remaining);
          poolCost = poolCost === null || cost === null ? null : poolCost.add(cost);
        }
      } else if ('d' in e && e.d) {
        if (e.d.remaining.gt(0)) e.d.matches.push(...takeFromPool(e.d.remaining));
      } else if ('r' in e && e.r) {
        const r = e.r;
        // Out of the books to someone else's wallet: leaves the pool at its average cost.
        if (takeFromPool(r.quantity).some((m) => m.basis === 'unmatched')) needs.add(r, 'no_acquisition');
        if (r.fee === null) needs.add(r, r.tx.unpriced_reason ?? 'no_price');
        else transferFees = transferFees.add(r.fee);
      }
    }

    if (last?.remaining.gt(0)) {
      latest.push({
        coinId,
        day: last.day,
        acquisitionId: last.firstId,
        quantity: last.remaining,
        cost:
          last.cost === null
            ? null
            : last.remaining.eq(last.quantity)
              ? last.cost
              : last.cost.mul(last.remaining).div(last.quantity),
      });
    }

    for (const d of dispDays) {
      const perSale = shareMatches(d);
      d.sales.forEach((sale, i) => {
        const matches = perSale[i] ?? [];
        if (matches.some((m) => m.basis === 'unmatched')) needs.add(sale, 'no_acquisition');
        disposals.push(buildDisposal(sale, matches, options));
      });
    }

    // The pool's cost is shared over the portfolios that hold the coin, by quantity.
    const holders = [...held.entries()].filter(([, q]) => q.gt(0));
    const heldTotal = holders.reduce((s, [, q]) => s.add(q), zero);
    const costs =
      poolCost === null
        ? null
        : splitByWeight(
            poolCost,
            holders.map(([, q]) => q),
            heldTotal,
          );
    holders.forEach(([portfolioId, quantity], i) => {
      holdings.push({
        portfolioId,
        coinId,
        basis: 'section_104',
        acquisitionId: null,
        acquiredDay: null,
        quantity,
        cost: costs ? (costs[i] as Dec) : null,
      });
    });
  }

  disposals.sort((a, b) => timelineIndex(timeline, a) - timelineIndex(timeline, b));
  return {
    options,
    method: 'uk_pooling',
    ukLatest: latest,
    ukTimeline: timeline,
    zone,
    disposals,
    income,
    holdings,
    needsPrice: needs.items,
    transferFees,
    links,
  };
}

/**
 * Hands the day's matches back to its sales in order (the first sale takes the first matches),
 * so each sale's lines add up to its quantity exactly and each match is used exactly once.
 */
function shareMatches(d: DisposalDay): Match[][] {
  const queue = d.matches.map((m) => ({ ...m }));
  let head = 0;
  return d.sales.map((sale) => {
    const out: Match[] = [];
    let need = sale.quantity;
    while (need.gt(0) && head < queue.length) {
      const m = queue[head] as Match;
      const take = Dec.min(need, m.quantity);
      const whole = take.eq(m.quantity);
      const cost = m.cost === null ? null : whole ? m.cost : m.cost.mul(take).div(m.quantity);
      out.push({ ...m, quantity: take, cost });
      if (whole) head++;
      else {
        m.quantity = m.quantity.sub(take);
        m.cost = m.cost === null || cost === null ? null : m.cost.sub(cost);
      }
      need = need.sub(take);
    }
    return out;
  });
}

function matchFrom(d: DisposalDay, a: AcquisitionDay, basis: 'same_day' | 'bed_and_breakfast'): void {
  const take = Dec.min(d.remaining, a.remaining);
  if (take.isZero()) return;
  const cost = a.cost === null ? null : take.eq(a.quantity) ? a.cost : a.cost.mul(take).div(a.quantity);
  d.matches.push({ basis, acquisitionId: a.firstId, acquiredDay: a.day, quantity: take, cost });
  d.remaining = d.remaining.sub(take);
  a.remaining = a.remaining.sub(take);
}

const indexCache = new WeakMap<readonly PreparedTx[], Map<string, number>>();

function timelineIndex(timeline: readonly PreparedTx[], d: DisposalCalc): number {
  let index = indexCache.get(timeline);
  if (!index) {
    index = new Map(timeline.map((p, i) => [p.tx.id, i]));
    indexCache.set(timeline, index);
  }
  return index.get(d.transactionId) ?? 0;
}
