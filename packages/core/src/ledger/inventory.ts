import type { CostBasisMethod, Lot, TransactionType } from '@app/contracts';
import { Dec } from '../decimal.ts';
import { toDecimalString } from './format.ts';

export interface Acquisition {
  transactionId: string;
  type: TransactionType;
  acquiredAt: string;
  quantity: Dec;
  /** quantity × price + fee: everything paid to acquire the units. */
  cost: Dec;
}

export interface Consumption {
  transactionId: string;
  quantity: Dec;
  cost: Dec;
}

export interface Removal {
  cost: Dec;
  consumed: Consumption[];
}

/** Units held of one coin and their cost basis, under one cost-basis method. */
export interface Inventory {
  readonly quantity: Dec;
  readonly cost: Dec;
  add(acquisition: Acquisition): void;
  /** The caller has checked `quantity <= this.quantity` (oversell is reported before this). */
  remove(quantity: Dec): Removal;
  /** Lots still held, in acquisition order (empty for the average pool). */
  lots(): Lot[];
}

export function createInventory(method: CostBasisMethod): Inventory {
  return method === 'average' ? new AveragePool() : new LotQueue(method);
}

/**
 * Average cost (UK s104-style pool): a disposal takes cost × (sold ÷ held). Selling everything
 * takes the whole remaining cost, so no rounding residue survives a position closed to zero.
 */
class AveragePool implements Inventory {
  quantity = new Dec(0);
  cost = new Dec(0);

  add(a: Acquisition): void {
    this.quantity = this.quantity.add(a.quantity);
    this.cost = this.cost.add(a.cost);
  }

  remove(quantity: Dec): Removal {
    const cost = quantity.eq(this.quantity) ? this.cost : this.cost.mul(quantity).div(this.quantity);
    this.quantity = this.quantity.sub(quantity);
    this.cost = this.quantity.isZero() ? new Dec(0) : this.cost.sub(cost);
    return { cost, consumed: [] };
  }

  lots(): Lot[] {
    return [];
  }
}

interface OpenLot {
  seq: number;
  acquisition: Acquisition;
  unitCost: Dec;
  left: Dec;
  /** Cost basis of the units left; a partial take removes cost × take ÷ left. */
  cost: Dec;
}

/**
 * FIFO, LIFO and HIFO over explicit lots. FIFO and LIFO keep acquisition order and take from
 * the front or back. HIFO keeps lots sorted by unit cost ascending (ties: later acquisitions
 * first), so the next lot to take is always the last one: highest cost, earliest among equals.
 */
class LotQueue implements Inventory {
  quantity = new Dec(0);
  cost = new Dec(0);
  private open: OpenLot[] = [];
  private head = 0;
  private seq = 0;

  constructor(private readonly method: 'fifo' | 'lifo' | 'hifo') {}

  add(a: Acquisition): void {
    const lot: OpenLot = {
      seq: this.seq++,
      acquisition: a,
      unitCost: a.cost.div(a.quantity),
      left: a.quantity,
      cost: a.cost,
    };
    if (this.method === 'hifo') this.open.splice(this.hifoInsertIndex(lot.unitCost), 0, lot);
    else this.open.push(lot);
    this.quantity = this.quantity.add(a.quantity);
    this.cost = this.cost.add(a.cost);
  }

  remove(quantity: Dec): Removal {
    let remaining = quantity;
    let cost = new Dec(0);
    const consumed: Consumption[] = [];
    while (!remaining.isZero() && !remaining.isNegative()) {
      const lot = this.next();
      if (!lot) break;
      const take = Dec.min(remaining, lot.left);
      const takeCost = take.eq(lot.left) ? lot.cost : lot.cost.mul(take).div(lot.left);
      lot.left = lot.left.sub(take);
      lot.cost = lot.cost.sub(takeCost);
      if (lot.left.isZero()) this.drop();
      remaining = remaining.sub(take);
      cost = cost.add(takeCost);
      consumed.push({ transactionId: lot.acquisition.transactionId, quantity: take, cost: takeCost });
    }
    this.quantity = this.quantity.sub(quantity);
    this.cost = this.quantity.isZero() ? new Dec(0) : this.cost.sub(cost);
    return { cost, consumed };
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
        unit_cost: toDecimalString(lot.unitCost),
        cost_basis: toDecimalString(lot.cost),
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

  /** First index whose unit cost is >= the new one, so equal-cost older lots stay nearer the end. */
  private hifoInsertIndex(unitCost: Dec): number {
    let lo = 0;
    let hi = this.open.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const probe = this.open[mid];
      if (probe?.unitCost.lt(unitCost)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
