import { Dec } from '../decimal.ts';
import type { CalendarDay } from './dates.ts';

/** Units of one acquisition still held in one portfolio. */
export interface Lot {
  acquisitionId: string;
  acquiredDay: CalendarDay;
  /** Instant of acquisition (ms): FIFO/LIFO order, also for lots carried in from another portfolio. */
  at: number;
  seq: number;
  quantity: Dec;
  /** Cost basis of the units left; null when the acquisition has no price. */
  cost: Dec | null;
}

/** What a removal took: a slice of a lot, a share of the average pool, or a shortfall (nothing). */
export interface Piece {
  kind: 'lot' | 'pool' | 'unmatched';
  acquisitionId: string | null;
  acquiredDay: CalendarDay | null;
  at: number | null;
  quantity: Dec;
  cost: Dec | null;
}

/** A pool of one coin at its average cost (null: some of it has no known cost). */
export interface AveragePool {
  quantity: Dec;
  cost: Dec | null;
}

/**
 * Takes `take` (at most the pool's quantity) at the pool's average cost. Closing the position to
 * zero clears the cost too, so no rounding residue survives.
 */
export function takeFromAveragePool(pool: AveragePool, take: Dec): { piece: Piece; rest: AveragePool } {
  const cost =
    pool.cost === null ? null : take.eq(pool.quantity) ? pool.cost : pool.cost.mul(take).div(pool.quantity);
  const quantity = pool.quantity.sub(take);
  return {
    piece: { kind: 'pool', acquisitionId: null, acquiredDay: null, at: null, quantity: take, cost },
    rest: {
      quantity,
      cost: quantity.isZero() ? zero : pool.cost === null || cost === null ? null : pool.cost.sub(cost),
    },
  };
}

/**
 * Cuts what a removal took at `quantity` units, in the order it took them: the first part and the
 * rest, a piece across the cut split with its cost in proportion (the two halves add up exactly).
 */
export function splitAt(pieces: readonly Piece[], quantity: Dec): { moved: Piece[]; spent: Piece[] } {
  const moved: Piece[] = [];
  const spent: Piece[] = [];
  let left = quantity;
  for (const piece of pieces) {
    if (left.gte(piece.quantity)) {
      moved.push(piece);
      left = left.sub(piece.quantity);
    } else if (left.gt(0)) {
      const cost = piece.cost === null ? null : piece.cost.mul(left).div(piece.quantity);
      moved.push({ ...piece, quantity: left, cost });
      spent.push({
        ...piece,
        quantity: piece.quantity.sub(left),
        cost: piece.cost === null || cost === null ? null : piece.cost.sub(cost),
      });
      left = zero;
    } else spent.push(piece);
  }
  return { moved, spent };
}

export type BookMethod = 'average' | 'fifo' | 'lifo' | 'hifo';

/** A named acquisition and the units a sale takes from it (specific identification). */
export interface NamedLot {
  acquisitionId: string;
  quantity: Dec;
}

/** What of a named acquisition the book could not give: it held `available` of the `named`. */
export interface NamedShortfall {
  acquisitionId: string;
  named: Dec;
  available: Dec;
}

const zero = new Dec(0);

/** Highest unit cost first, unknown cost last, book order among equals. */
function dearestFirst(a: Lot, b: Lot): number {
  if (a.cost === null || b.cost === null) return a.cost === null ? (b.cost === null ? a.seq - b.seq : 1) : -1;
  const c = b.cost.div(b.quantity).cmp(a.cost.div(a.quantity));
  return c !== 0 ? c : a.at - b.at || a.seq - b.seq;
}

/**
 * One coin in one portfolio under one method. Lots stay in acquisition order (carried lots are
 * inserted where their original date puts them), so FIFO is "first acquired", not "first arrived
 * here". HIFO takes the highest unit cost, the earliest among equals; lots without a known cost
 * go last. The average pool keeps only totals, like the dashboard's average-cost ledger.
 */
export class LotBook {
  private lots: Lot[] = [];
  private poolQuantity = zero;
  private poolCost: Dec | null = zero;
  /** The pool's latest acquisition, so a pool turned into a lot keeps the shortest holding period. */
  private poolLatest: Pick<Lot, 'acquisitionId' | 'acquiredDay' | 'at' | 'seq'> | null = null;

  constructor(private currentMethod: BookMethod) {}

  get method(): BookMethod {
    return this.currentMethod;
  }

  /**
   * From now on the book matches by `method` (a method change from a tax year on). The lots held
   * stay as they are: an order change only picks differently next time. Into the average pool
   * the lots merge at their total cost; out of it the pool becomes one lot dated at its latest
   * acquisition, the cautious holding period, since a pool keeps no dates of its own.
   */
  switchTo(method: BookMethod): void {
    if (method === this.currentMethod) return;
    if (method === 'average') {
      for (const lot of this.lots) this.addToPool(lot);
      this.lots = [];
    } else if (this.currentMethod === 'average') {
      const latest = this.poolLatest;
      if (this.poolQuantity.gt(0) && latest !== null)
        this.lots = [{ ...latest, quantity: this.poolQuantity, cost: this.poolCost }];
      this.poolQuantity = zero;
      this.poolCost = zero;
      this.poolLatest = null;
    }
    this.currentMethod = method;
  }

  get quantity(): Dec {
    if (this.method === 'average') return this.poolQuantity;
    let q = zero;
    for (const l of this.lots) q = q.add(l.quantity);
    return q;
  }

  add(lot: Lot): void {
    if (this.method === 'average') {
      this.addToPool(lot);
      return;
    }
    let i = this.lots.length;
    while (i > 0) {
      const prev = this.lots[i - 1] as Lot;
      if (prev.at < lot.at || (prev.at === lot.at && prev.seq <= lot.seq)) break;
      i--;
    }
    this.lots.splice(i, 0, lot);
  }

  /** Takes `quantity` units; whatever the book cannot cover comes back as an 'unmatched' piece. */
  take(quantity: Dec): Piece[] {
    if (this.method === 'average') return this.takeFromPool(quantity);
    const pieces: Piece[] = [];
    let remaining = quantity;
    while (remaining.gt(0)) {
      const index = this.nextIndex();
      if (index < 0) {
        pieces.push({
          kind: 'unmatched',
          acquisitionId: null,
          acquiredDay: null,
          at: null,
          quantity: remaining,
          cost: null,
        });
        break;
      }
      const lot = this.lots[index] as Lot;
      const take = Dec.min(remaining, lot.quantity);
      const whole = take.eq(lot.quantity);
      const cost = lot.cost === null ? null : whole ? lot.cost : lot.cost.mul(take).div(lot.quantity);
      pieces.push({
        kind: 'lot',
        acquisitionId: lot.acquisitionId,
        acquiredDay: lot.acquiredDay,
        at: lot.at,
        quantity: take,
        cost,
      });
      if (whole) this.lots.splice(index, 1);
      else {
        lot.quantity = lot.quantity.sub(take);
        lot.cost = lot.cost === null || cost === null ? null : lot.cost.sub(cost);
      }
      remaining = remaining.sub(take);
    }
    return pieces;
  }

  /**
   * Specific identification: the named units of each named acquisition, in the order named. Units
   * of one acquisition can sit in more than one lot of a book (some moved to another portfolio and
   * back carry that move's fee in their basis): they are taken highest unit cost first (unknown
   * cost last), so within one acquisition the tax per unit never falls as more is taken and a
   * choice made lot by lot (the minimiser's) names exactly the units taken here. What a named
   * acquisition cannot cover comes back as a shortfall; nothing is taken by the method here.
   */
  takeNamed(named: readonly NamedLot[]): { pieces: Piece[]; shortfalls: NamedShortfall[] } {
    const pieces: Piece[] = [];
    const shortfalls: NamedShortfall[] = [];
    if (this.method === 'average') {
      for (const n of named) shortfalls.push({ ...n, named: n.quantity, available: zero });
      return { pieces, shortfalls };
    }
    const byId = new Map<string, Lot[]>();
    for (const lot of this.lots) {
      const list = byId.get(lot.acquisitionId);
      if (list) list.push(lot);
      else byId.set(lot.acquisitionId, [lot]);
    }
    for (const list of byId.values()) if (list.length > 1) list.sort(dearestFirst);
    for (const n of named) {
      const lots = byId.get(n.acquisitionId) ?? [];
      let remaining = n.quantity;
      for (const lot of lots) {
        if (!remaining.gt(0)) break;
        if (lot.quantity.isZero()) continue;
        const take = Dec.min(remaining, lot.quantity);
        const whole = take.eq(lot.quantity);
        const cost = lot.cost === null ? null : whole ? lot.cost : lot.cost.mul(take).div(lot.quantity);
        pieces.push({
          kind: 'lot',
          acquisitionId: lot.acquisitionId,
          acquiredDay: lot.acquiredDay,
          at: lot.at,
          quantity: take,
          cost,
        });
        lot.quantity = lot.quantity.sub(take);
        lot.cost = whole
          ? lot.cost === null
            ? null
            : zero
          : lot.cost === null || cost === null
            ? null
            : lot.cost.sub(cost);
        remaining = remaining.sub(take);
      }
      if (remaining.gt(0))
        shortfalls.push({
          acquisitionId: n.acquisitionId,
          named: n.quantity,
          available: n.quantity.sub(remaining),
        });
    }
    // Spent lots leave the book in one pass: a sale naming many lots costs one sweep, not one per lot.
    this.lots = this.lots.filter((l) => l.quantity.gt(0));
    return { pieces, shortfalls };
  }

  open(): readonly Lot[] {
    return this.lots;
  }

  pool(): { quantity: Dec; cost: Dec | null } {
    return { quantity: this.poolQuantity, cost: this.poolCost };
  }

  private addToPool(lot: Lot): void {
    this.poolQuantity = this.poolQuantity.add(lot.quantity);
    this.poolCost = this.poolCost === null || lot.cost === null ? null : this.poolCost.add(lot.cost);
    const latest = this.poolLatest;
    if (latest === null || latest.at < lot.at || (latest.at === lot.at && latest.seq < lot.seq))
      this.poolLatest = {
        acquisitionId: lot.acquisitionId,
        acquiredDay: lot.acquiredDay,
        at: lot.at,
        seq: lot.seq,
      };
  }

  private takeFromPool(quantity: Dec): Piece[] {
    const pieces: Piece[] = [];
    const take = Dec.min(quantity, this.poolQuantity);
    if (take.gt(0)) {
      const taken = takeFromAveragePool({ quantity: this.poolQuantity, cost: this.poolCost }, take);
      pieces.push(taken.piece);
      this.poolQuantity = taken.rest.quantity;
      this.poolCost = taken.rest.cost;
    }
    const missing = quantity.sub(take);
    if (missing.gt(0)) {
      pieces.push({
        kind: 'unmatched',
        acquisitionId: null,
        acquiredDay: null,
        at: null,
        quantity: missing,
        cost: null,
      });
    }
    return pieces;
  }

  private nextIndex(): number {
    if (this.lots.length === 0) return -1;
    if (this.method === 'fifo') return 0;
    if (this.method === 'lifo') return this.lots.length - 1;
    let best = -1;
    let bestUnit: Dec | null = null;
    for (let i = 0; i < this.lots.length; i++) {
      const lot = this.lots[i] as Lot;
      if (lot.cost === null) {
        if (best < 0) best = i;
        continue;
      }
      const unit = lot.cost.div(lot.quantity);
      if (bestUnit === null || unit.gt(bestUnit)) {
        best = i;
        bestUnit = unit;
      }
    }
    return best;
  }
}
