import type { TaxCategory } from '@app/contracts';
import { Dec } from '../decimal.ts';
import type { CalendarDay } from './dates.ts';
import { LotBook, type NamedLot, type Piece } from './lot-book.ts';
import { categoryOf, type RuleOptions } from './rules.ts';

/** An open lot a sale could name, in book order. */
export interface ChoiceLot {
  acquisitionId: string;
  acquiredDay: CalendarDay;
  quantity: Dec;
  /** null: unknown cost (a coin received from outside without a price). */
  cost: Dec | null;
}

/** The sale a choice is for and the rates (percent) its tax is estimated at. */
export interface ChoiceSale {
  quantity: Dec;
  pricePerCoin: Dec;
  /** Percent of the proceeds paid in fees, shared by quantity like the proceeds. */
  feesPercentage: Dec;
  day: CalendarDay;
  options: RuleOptions;
  shortRate: Dec;
  longRate: Dec;
}

/** The sale's estimate over what it took: each piece's gain at its category's rate, losses lowering it. */
export interface ChoiceFigures {
  /** null when a piece's cost is unknown. */
  tax: Dec | null;
  gain: Dec | null;
  quantity: Dec;
  /** Per category: the units sold and their gain (null when a piece's cost is unknown). */
  categories: { category: TaxCategory; quantity: Dec; gain: Dec | null }[];
}

const zero = new Dec(0);
const hundred = new Dec(100);

function rateOf(category: TaxCategory, sale: ChoiceSale): Dec {
  if (category === 'tax_free') return zero;
  return category === 'long' ? sale.longRate : sale.shortRate;
}

/** Proceeds less fees per coin: what each unit sold brings, whichever lot it comes from. */
function netPerCoin(sale: ChoiceSale): Dec {
  return sale.pricePerCoin.mul(hundred.sub(sale.feesPercentage)).div(hundred);
}

/** Adds the taken units up per acquisition, in the order each was first taken: a choice a sale can name. */
function asChoice(taken: readonly { acquisitionId: string | null; quantity: Dec }[]): NamedLot[] {
  const byId = new Map<string, NamedLot>();
  for (const t of taken) {
    if (t.acquisitionId === null || !t.quantity.gt(0)) continue;
    const was = byId.get(t.acquisitionId);
    byId.set(t.acquisitionId, {
      acquisitionId: t.acquisitionId,
      quantity: was ? was.quantity.add(t.quantity) : t.quantity,
    });
  }
  return [...byId.values()];
}

/**
 * Takes up to `quantity` units from the lots in the given order of their indexes: the units taken
 * (a part of a lot with its share of the cost, as LotBook shares it) and the choice naming them.
 */
export function takeInOrder(
  lots: readonly ChoiceLot[],
  order: readonly number[],
  quantity: Dec,
): { choice: NamedLot[]; pieces: Piece[] } {
  const pieces: Piece[] = [];
  let left = quantity;
  for (const i of order) {
    if (!left.gt(0)) break;
    const lot = lots[i] as ChoiceLot;
    if (!lot.quantity.gt(0)) continue;
    const take = Dec.min(left, lot.quantity);
    const whole = take.eq(lot.quantity);
    pieces.push({
      kind: 'lot',
      acquisitionId: lot.acquisitionId,
      acquiredDay: lot.acquiredDay,
      at: null,
      quantity: take,
      cost: lot.cost === null ? null : whole ? lot.cost : lot.cost.mul(take).div(lot.quantity),
    });
    left = left.sub(take);
  }
  return { choice: asChoice(pieces), pieces };
}

/**
 * The choice of lots with the lowest estimated tax for the sale; at a loss, the loss worth the
 * most (a short-term loss offsets gains taxed at the short rate, so it is worth more than the same
 * loss long-term). Lots of unknown cost are named last, only when nothing else is left.
 *
 * Greedy by tax per coin is exact here. The sale's quantity is fixed, and a unit taken from lot i
 * adds the same t_i = rate of i's category × (proceeds less fees per coin − i's unit cost) to the
 * estimate whichever other units are taken (proceeds and fees are shared by quantity, and each
 * lot's gain is taxed at its own category's rate). Choosing x_i units, 0 ≤ x_i ≤ lot i's quantity,
 * Σ x_i = the sale's quantity, to minimise Σ t_i x_i is a fractional knapsack in which every unit
 * weighs the same: if a choice took a unit of lot j while a lot i with t_i < t_j still had units,
 * moving that unit from j to i would lower the estimate by t_j − t_i, so the best choice fills the
 * lots in increasing t. Equal t (rates of 0, say) are ordered by the gain per coin, smallest
 * first (the same argument makes that the largest loss, or the least gain, among the best
 * choices), then by book order, so the answer does not depend on how a sort treats ties.
 *
 * Units of one acquisition in several lots of a book (a move away and back) have one category,
 * so the dearer lot comes first here, as LotBook.takeNamed takes them: the choice, named by
 * acquisition, takes exactly the units chosen.
 */
export function minimiseLotChoice(lots: readonly ChoiceLot[], sale: ChoiceSale): NamedLot[] {
  return takeInOrder(lots, minimiseLotOrder(lots, sale), sale.quantity).choice;
}

/** The order minimiseLotChoice takes the lots in (their indexes). */
export function minimiseLotOrder(lots: readonly ChoiceLot[], sale: ChoiceSale): number[] {
  const net = netPerCoin(sale);
  const netF = net.toNumber();
  const keyed = lots.map((lot, index) => {
    const known = lot.cost !== null && !lot.quantity.isZero();
    const rate = known ? rateOf(categoryOf(sale.options, lot.acquiredDay, sale.day), sale) : zero;
    const unitF = known ? (lot.cost as Dec).toNumber() / lot.quantity.toNumber() : 0;
    const rateF = rate.toNumber();
    return {
      index,
      known,
      lot,
      rate,
      taxF: (netF - unitF) * rateF,
      gainF: netF - unitF,
      exact: null as Exact | null,
    };
  });
  // Exact keys only where doubles cannot tell two lots apart: the order is the exact one, at the
  // cost of a division per lot only for near-ties (a double's key is off by a few parts in 10^16).
  const exact = (k: (typeof keyed)[number]): Exact => {
    if (k.exact === null) {
      const gain = net.sub((k.lot.cost as Dec).div(k.lot.quantity));
      k.exact = { tax: gain.mul(k.rate), gain };
    }
    return k.exact;
  };
  keyed.sort((a, b) => {
    if (a.known !== b.known) return a.known ? -1 : 1;
    if (!a.known) return a.index - b.index;
    const byTax = apart(a.taxF, b.taxF) || exact(a).tax.cmp(exact(b).tax);
    if (byTax !== 0) return byTax;
    return apart(a.gainF, b.gainF) || exact(a).gain.cmp(exact(b).gain) || a.index - b.index;
  });
  return keyed.map((k) => k.index);
}

interface Exact {
  tax: Dec;
  gain: Dec;
}

/** -1 or 1 when two doubles are surely apart, 0 when they are too close to tell. */
function apart(a: number, b: number): number {
  const d = a - b;
  return Math.abs(d) > 1e-9 * (Math.abs(a) + Math.abs(b)) + 1e-12 ? Math.sign(d) : 0;
}

/**
 * What a method would take, as a choice: FIFO in book order, LIFO from the end, HIFO the highest
 * unit cost first (the earliest among equals, unknown cost last), as LotBook takes them. Sorted
 * once, so HIFO over many lots stays n log n.
 */
export function methodLotChoice(
  lots: readonly ChoiceLot[],
  quantity: Dec,
  method: 'fifo' | 'lifo' | 'hifo',
): NamedLot[] {
  return takeInOrder(lots, methodLotOrder(lots, method), quantity).choice;
}

/** The order methodLotChoice takes the lots in (their indexes). */
export function methodLotOrder(lots: readonly ChoiceLot[], method: 'fifo' | 'lifo' | 'hifo'): number[] {
  const order = lots.map((_, i) => i);
  if (method === 'lifo') order.reverse();
  if (method === 'hifo') {
    const unit = lots.map((l) =>
      l.cost === null || l.quantity.isZero() ? null : l.cost.toNumber() / l.quantity.toNumber(),
    );
    const exactUnit = (i: number) => {
      const l = lots[i] as ChoiceLot;
      return (l.cost as Dec).div(l.quantity);
    };
    order.sort((a, b) => {
      const ua = unit[a] ?? null;
      const ub = unit[b] ?? null;
      if (ua === null || ub === null) return ua === null ? (ub === null ? a - b : 1) : -1;
      return apart(ub, ua) || exactUnit(b).cmp(exactUnit(a)) || a - b;
    });
  }
  return order;
}

/** A book holding the lots in their order, as the engine and the what-if hold them. */
export function bookOf(lots: readonly ChoiceLot[], method: 'fifo' | 'lifo' | 'hifo' = 'fifo'): LotBook {
  const book = new LotBook(method);
  lots.forEach((l, i) => {
    book.add({
      acquisitionId: l.acquisitionId,
      acquiredDay: l.acquiredDay,
      at: i,
      seq: i,
      quantity: l.quantity,
      cost: l.cost,
    });
  });
  return book;
}

/** The estimate over the pieces a sale took (see ChoiceFigures). */
export function piecesFigures(pieces: readonly Piece[], sale: ChoiceSale): ChoiceFigures {
  // Per category only sums of units and of costs: the gain is net × units − cost, so each piece
  // costs two additions, not a multiplication of its own.
  const sums = new Map<TaxCategory, { quantity: Dec; cost: Dec | null }>();
  let quantity = zero;
  let known = true;
  for (const p of pieces) {
    quantity = quantity.add(p.quantity);
    const category = categoryOf(sale.options, p.kind === 'lot' ? p.acquiredDay : null, sale.day);
    const s = sums.get(category) ?? { quantity: zero, cost: zero };
    sums.set(category, s);
    s.quantity = s.quantity.add(p.quantity);
    if (p.cost === null || p.kind === 'unmatched' || s.cost === null) {
      s.cost = null;
      known = false;
    } else s.cost = s.cost.add(p.cost);
  }
  const net = netPerCoin(sale);
  let tax: Dec | null = known ? zero : null;
  let gain: Dec | null = known ? zero : null;
  const categories = [...sums].map(([category, s]) => {
    const g = s.cost === null ? null : net.mul(s.quantity).sub(s.cost);
    if (g !== null && tax !== null && gain !== null) {
      gain = gain.add(g);
      tax = tax.add(g.mul(rateOf(category, sale)).div(hundred));
    }
    return { category, quantity: s.quantity, gain: g };
  });
  return { tax, gain, quantity, categories };
}

/** The estimate of a choice, taken from the lots the way a sale naming it is taken. */
export function choiceFigures(
  lots: readonly ChoiceLot[],
  choice: readonly NamedLot[],
  sale: ChoiceSale,
): ChoiceFigures {
  return piecesFigures(bookOf(lots).takeNamed(choice).pieces, sale);
}
