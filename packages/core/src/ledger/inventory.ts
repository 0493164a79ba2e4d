import type { CostBasisMethod, Lot, TransactionType } from '@app/contracts';
import { Dec } from '../decimal.ts';
import { toDecimalString } from './format.ts';

export interface Acquisition {
  transactionId: string;
  type: TransactionType;
  acquiredAt: string;
  quantity: Dec;
  /**
   * quantity × price + fee: everything paid to acquire the units. Null when nobody knows the
   * price (a transfer in from outside the books): the units are held, but their cost is left out
   * of every cost figure rather than taken as 0.
   */
  cost: Dec | null;
}

export interface Consumption {
  transactionId: string;
  quantity: Dec;
  /** Null when the lot's cost is unknown. */
  cost: Dec | null;
}

export interface Removal {
  /** Cost of the units of known cost that left. */
  cost: Dec;
  /** Units that left whose cost is unknown (they realize nothing). */
  unknownQuantity: Dec;
  consumed: Consumption[];
}

/** Units held of one coin and their cost basis, under one cost-basis method. */
export interface Inventory {
  /** Every unit held, whatever its cost. */
  readonly quantity: Dec;
  /** Cost basis of the units of known cost. */
  readonly cost: Dec;
  /** Units held whose cost is unknown (part of `quantity`, none of `cost`). */
  readonly unknownQuantity: Dec;
  /** Acquisitions without a cost that still have units held. */
  readonly lotsWithoutCost: number;
  add(acquisition: Acquisition): void;
  /** The caller has checked `quantity <= this.quantity` (oversell is reported before this). */
  remove(quantity: Dec): Removal;
  /** Lots still held, in acquisition order (empty for the average pool). */
  lots(): Lot[];
}

export function createInventory(method: CostBasisMethod): Inventory {
  return method === 'average' ? new AveragePool() : new LotQueue(method);
}

/** Decimals are immutable, so one zero serves every "nothing yet". */
const zero = new Dec(0);

/**
 * Average cost (UK s104-style pool): a disposal takes cost × (sold ÷ held). Selling everything
 * takes the whole remaining cost, so no rounding residue survives a position closed to zero.
 *
 * Units of unknown cost are a second pool beside the priced one, never averaged into it (that
 * would price them at the average, or at 0). A disposal takes from both pools in proportion to
 * their sizes: of q units sold out of H held, U of them of unknown cost, q × U ÷ H come from the
 * unknown pool and the rest from the priced pool at its average. The priced pool's average is
 * unchanged by a disposal, as without unknown units. `lotsWithoutCost` counts the unpriced
 * acquisitions with a share still in the pool: a disposal leaves each a smaller share, and the
 * count goes back to 0 only when the unknown pool is empty.
 */
class AveragePool implements Inventory {
  quantity = zero;
  cost = zero;
  unknownQuantity = zero;
  lotsWithoutCost = 0;

  add(a: Acquisition): void {
    // The total is kept as an exact sum of the stated quantities, so selling "everything" is
    // never an oversell by a rounding residue of the split below.
    this.quantity = this.quantity.add(a.quantity);
    if (a.cost === null) {
      this.unknownQuantity = this.unknownQuantity.add(a.quantity);
      this.lotsWithoutCost++;
    } else {
      this.cost = this.cost.add(a.cost);
    }
  }

  remove(quantity: Dec): Removal {
    const known = this.quantity.sub(this.unknownQuantity);
    let unknownTaken = quantity.eq(this.quantity)
      ? this.unknownQuantity
      : this.unknownQuantity.isZero()
        ? zero
        : Dec.min(quantity.mul(this.unknownQuantity).div(this.quantity), this.unknownQuantity);
    let knownTaken = quantity.sub(unknownTaken);
    // The division rounds (40 digits): never take more priced units than the pool has.
    if (knownTaken.gt(known)) {
      knownTaken = known;
      unknownTaken = quantity.sub(known);
    }
    const cost = knownTaken.eq(known) ? this.cost : this.cost.mul(knownTaken).div(known);
    this.quantity = this.quantity.sub(quantity);
    this.unknownQuantity = this.quantity.isZero() ? zero : this.unknownQuantity.sub(unknownTaken);
    if (this.unknownQuantity.isZero()) this.lotsWithoutCost = 0;
    this.cost = this.quantity.sub(this.unknownQuantity).isZero() ? zero : this.cost.sub(cost);
    return { cost, unknownQuantity: unknownTaken, consumed: [] };
  }

  lots(): Lot[] {
    return [];
  }
}

interface OpenLot {
  seq: number;
  acquisition: Acquisition;
  /** Null when the lot's cost is unknown. */
  unitCost: Dec | null;
  left: Dec;
  /** Cost basis of the units left; a partial take removes cost × take ÷ left. Null: unknown. */
  cost: Dec | null;
}

/**
 * FIFO, LIFO and HIFO over explicit lots. FIFO and LIFO keep acquisition order and take from
 * the front or back, whatever a lot's cost: a lot of unknown cost is taken in its turn, and the
 * units it gives realize nothing. HIFO keeps lots sorted by unit cost ascending (ties: later
 * acquisitions first), so the next lot to take is always the last one: highest cost, earliest
 * among equals. A lot of unknown cost cannot be ranked by cost, so HIFO takes it only once no
 * lot of known cost is left, the earliest of them first: they sit below every priced lot, the
 * latest at the very front.
 */
class LotQueue implements Inventory {
  quantity = zero;
  cost = zero;
  unknownQuantity = zero;
  lotsWithoutCost = 0;
  private open: OpenLot[] = [];
  private head = 0;
  private seq = 0;

  constructor(private readonly method: 'fifo' | 'lifo' | 'hifo') {}

  add(a: Acquisition): void {
    const lot: OpenLot = {
      seq: this.seq++,
      acquisition: a,
      unitCost: a.cost === null ? null : a.cost.div(a.quantity),
      left: a.quantity,
      cost: a.cost,
    };
    if (this.method === 'hifo') this.open.splice(this.hifoInsertIndex(lot.unitCost), 0, lot);
    else this.open.push(lot);
    this.quantity = this.quantity.add(a.quantity);
    if (a.cost === null) {
      this.unknownQuantity = this.unknownQuantity.add(a.quantity);
      this.lotsWithoutCost++;
    } else {
      this.cost = this.cost.add(a.cost);
    }
  }

  remove(quantity: Dec): Removal {
    let remaining = quantity;
    let cost = zero;
    let unknown = zero;
    const consumed: Consumption[] = [];
    while (!remaining.isZero() && !remaining.isNegative()) {
      const lot = this.next();
      if (!lot) break;
      const take = Dec.min(remaining, lot.left);
      let takeCost: Dec | null = null;
      if (lot.cost === null) {
        unknown = unknown.add(take);
      } else {
        takeCost = take.eq(lot.left) ? lot.cost : lot.cost.mul(take).div(lot.left);
        lot.cost = lot.cost.sub(takeCost);
        cost = cost.add(takeCost);
      }
      lot.left = lot.left.sub(take);
      if (lot.left.isZero()) {
        if (lot.cost === null) this.lotsWithoutCost--;
        this.drop();
      }
      remaining = remaining.sub(take);
      consumed.push({ transactionId: lot.acquisition.transactionId, quantity: take, cost: takeCost });
    }
    this.quantity = this.quantity.sub(quantity);
    this.unknownQuantity = this.unknownQuantity.sub(unknown);
    this.cost = this.quantity.sub(this.unknownQuantity).isZero() ? zero : this.cost.sub(cost);
    return { cost, unknownQuantity: unknown, consumed };
  }

  lots(): Lot[] {
    return this.open
      .slice(this.head)
      .sort((a, b) => a.seq - b.seq)
      .map((lot) => ({
        transaction_id: lot.acquisition.transactionId,
        type: lot.acquisition.type,
        acquired_at: lot.acquisition.acquiredAt,
        quantity_acquired: toDecimalString(lot.acquisition.quantity),
        quantity_left: toDecimalString(lot.left),
        unit_cost: lot.unitCost === null ? null : toDecimalString(lot.unitCost),
        cost_basis: lot.cost === null ? null : toDecimalString(lot.cost),
      }));
  }

  private next(): OpenLot | undefined {
    return this.method === 'fifo' ? this.open[this.head] : this.open[this.open.length - 1];
  }

  private drop(): void {
    if (this.method === 'fifo') {
      this.head++;
      // Compact now and then so a long FIFO history does not keep every closed lot alive.
      if (this.head > 1024 && this.head * 2 > this.open.length) {
        this.open = this.open.slice(this.head);
        this.head = 0;
      }
    } else {
      this.open.pop();
    }
  }

  /**
   * First index whose unit cost is >= the new one, so equal-cost older lots stay nearer the end.
   * Lots of unknown cost rank below every priced lot; a new one goes in front of the older ones,
   * so among them the earliest is nearest the end and taken first.
   */
  private hifoInsertIndex(unitCost: Dec | null): number {
    if (unitCost === null) return 0;
    let lo = 0;
    let hi = this.open.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const probe = this.open[mid];
      if (probe && (probe.unitCost === null || probe.unitCost.lt(unitCost))) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
