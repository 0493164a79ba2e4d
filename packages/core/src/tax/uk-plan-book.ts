import { Dec } from '../decimal.ts';
import type { CalendarDay } from './dates.ts';
import { type Piece, takeFromAveragePool } from './lot-book.ts';
import type { TaxComputation } from './types.ts';

const zero = new Dec(0);

/**
 * What planned sales draw on under HMRC share identification (CRYPTO22200+), for one coin and a
 * scope (a portfolio, or all: the pool itself is the person's, across portfolios):
 *
 * 1. Same day: a sale planned for today is matched first with today's acquisitions (what of them
 *    is left after past matching), at their own cost.
 * 2. Thirty days: acquisitions in the 30 days after a sale would come next, but a plan does not
 *    know them; none is assumed (a purchase after the sale would change its cost).
 * 3. Section 104 pool: the rest at the pool's average cost without today's acquisitions; a sale on
 *    a later day sees today's acquisitions already in the pool.
 *
 * For a single portfolio the person's pool average applies to the portfolio's holding, and the
 * same-day part is capped at that holding.
 */
export class UkPlanBook {
  private sameDay: { acquisitionId: string; day: CalendarDay; quantity: Dec; cost: Dec | null } | null = null;
  private poolQuantity = zero;
  private poolCost: Dec | null = zero;

  constructor(
    computation: TaxComputation,
    coinId: string,
    portfolioId: string | null,
    private readonly asOfDay: CalendarDay,
  ) {
    let personQuantity = zero;
    let personCost: Dec | null = zero;
    let scopeQuantity = zero;
    for (const h of computation.holdings) {
      if (h.coinId !== coinId) continue;
      personQuantity = personQuantity.add(h.quantity);
      personCost = personCost === null || h.cost === null ? null : personCost.add(h.cost);
      if (portfolioId === null || h.portfolioId === portfolioId)
        scopeQuantity = scopeQuantity.add(h.quantity);
    }
    const today = computation.ukLatest?.find((l) => l.coinId === coinId && l.day === asOfDay);
    let poolQuantity = personQuantity;
    let poolCost = personCost;
    if (today && scopeQuantity.gt(0)) {
      const quantity = Dec.min(today.quantity, scopeQuantity);
      const cost =
        today.cost === null
          ? null
          : quantity.eq(today.quantity)
            ? today.cost
            : today.cost.mul(quantity).div(today.quantity);
      this.sameDay = { acquisitionId: today.acquisitionId, day: today.day, quantity, cost };
      poolQuantity = personQuantity.sub(today.quantity);
      poolCost = poolCost === null || today.cost === null ? null : poolCost.sub(today.cost);
    }
    // The scope's share of the pool without today's acquisitions, at the person's average.
    const share = scopeQuantity.sub(this.sameDay?.quantity ?? zero);
    this.poolQuantity = share.gt(0) ? share : zero;
    this.poolCost =
      poolCost === null
        ? null
        : poolQuantity.isZero() || share.lte(0)
          ? zero
          : poolCost.mul(share).div(poolQuantity);
  }

  get quantity(): Dec {
    return this.poolQuantity.add(this.sameDay?.quantity ?? zero);
  }

  /** Takes `quantity` units for a sale on `day`; a shortfall comes back as an 'unmatched' piece. */
  take(quantity: Dec, day: CalendarDay): Piece[] {
    const pieces: Piece[] = [];
    let left = quantity;
    if (this.sameDay && day !== this.asOfDay) {
      // A later day: today's acquisitions have joined the pool by then.
      this.poolQuantity = this.poolQuantity.add(this.sameDay.quantity);
      this.poolCost =
        this.poolCost === null || this.sameDay.cost === null ? null : this.poolCost.add(this.sameDay.cost);
      this.sameDay = null;
    }
    const sd = this.sameDay;
    if (sd?.quantity.gt(0)) {
      const take = Dec.min(left, sd.quantity);
      const cost =
        sd.cost === null ? null : take.eq(sd.quantity) ? sd.cost : sd.cost.mul(take).div(sd.quantity);
      pieces.push({
        kind: 'lot',
        acquisitionId: sd.acquisitionId,
        acquiredDay: sd.day,
        at: null,
        quantity: take,
        cost,
      });
      sd.quantity = sd.quantity.sub(take);
      sd.cost = sd.cost === null || cost === null ? null : sd.cost.sub(cost);
      left = left.sub(take);
    }
    if (left.gt(0) && this.poolQuantity.gt(0)) {
      const take = Dec.min(left, this.poolQuantity);
      const taken = takeFromAveragePool({ quantity: this.poolQuantity, cost: this.poolCost }, take);
      pieces.push(taken.piece);
      this.poolQuantity = taken.rest.quantity;
      this.poolCost = taken.rest.cost;
      left = left.sub(take);
    }
    if (left.gt(0)) {
      pieces.push({
        kind: 'unmatched',
        acquisitionId: null,
        acquiredDay: null,
        at: null,
        quantity: left,
        cost: null,
      });
    }
    return pieces;
  }
}
