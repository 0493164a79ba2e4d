import { Dec } from '../decimal.ts';
import type { CalendarDay } from './dates.ts';
import type { BookMethod } from './lot-book.ts';

/**
 * Per-portfolio cost basis for the US from 2025 on: the lots left at the end of 2024 are placed
 * in the portfolios (wallets, accounts) that held the units that day, the safe-harbour
 * allocation of IRS Rev. Proc. 2024-28. This file holds the pure parts: the proposal, the check
 * of an allocation the person submits, and turning either into lot-level pieces.
 */

/** The first instant governed by per-portfolio lots: 1 January 2025, 00:00 UTC (the US rule counts UTC days). */
export const perPortfolioFromMs = Date.UTC(2025, 0, 1);

/** A lot left at the end of 2024, in the portfolio whose books held it then. */
export interface YearEndLot {
  portfolioId: string;
  coinId: string;
  acquisitionId: string;
  acquiredDay: CalendarDay;
  at: number;
  seq: number;
  quantity: Dec;
  cost: Dec | null;
}

/** One line of an allocation: units of one acquisition placed in one portfolio. */
export interface AllocationLine {
  acquisitionId: string;
  portfolioId: string;
  quantity: string;
}

/** A part of one year-end lot placed in a portfolio, with its share of the lot's cost. */
export interface PlacedPiece {
  portfolioId: string;
  lot: YearEndLot;
  quantity: Dec;
  cost: Dec | null;
}

/** One coin's year-end lots and what each portfolio held of it on 31 December 2024. */
export interface CoinYearEnd {
  coinId: string;
  lots: YearEndLot[];
  /** Portfolio id → units held (the lots its books held), in first-seen order. */
  held: Map<string, Dec>;
}

const zero = new Dec(0);

/** The lots of each coin with what each portfolio held, coins and portfolios in first-seen order. */
export function yearEndByCoin(lots: readonly YearEndLot[]): CoinYearEnd[] {
  const coins = new Map<string, CoinYearEnd>();
  for (const lot of lots) {
    let c = coins.get(lot.coinId);
    if (!c) {
      c = { coinId: lot.coinId, lots: [], held: new Map() };
      coins.set(lot.coinId, c);
    }
    c.lots.push(lot);
    c.held.set(lot.portfolioId, (c.held.get(lot.portfolioId) ?? zero).add(lot.quantity));
  }
  return [...coins.values()];
}

/** Lots in the order the method would take them: FIFO oldest first, LIFO newest, HIFO dearest. */
export function inMethodOrder(lots: readonly YearEndLot[], method: BookMethod): YearEndLot[] {
  const byTime = (a: YearEndLot, b: YearEndLot) => a.at - b.at || a.seq - b.seq;
  const sorted = [...lots];
  if (method === 'lifo') sorted.sort((a, b) => byTime(b, a));
  else if (method === 'hifo')
    sorted.sort((a, b) => {
      if (a.cost === null || b.cost === null)
        return a.cost === null ? (b.cost === null ? byTime(a, b) : 1) : -1;
      return b.cost.div(b.quantity).cmp(a.cost.div(a.quantity)) || byTime(a, b);
    });
  else sorted.sort(byTime);
  return sorted;
}

/** Takes units from lots, each lot's pieces splitting its cost so they add up to it exactly. */
class LotTaker {
  private readonly left = new Map<YearEndLot, { quantity: Dec; cost: Dec | null }>();

  constructor(lots: readonly YearEndLot[]) {
    for (const lot of lots) this.left.set(lot, { quantity: lot.quantity, cost: lot.cost });
  }

  remaining(lot: YearEndLot): Dec {
    return this.left.get(lot)?.quantity ?? zero;
  }

  take(lot: YearEndLot, portfolioId: string, want: Dec): PlacedPiece | null {
    const rest = this.left.get(lot);
    if (!rest || !want.gt(0) || !rest.quantity.gt(0)) return null;
    const quantity = Dec.min(want, rest.quantity);
    const whole = quantity.eq(rest.quantity);
    const cost =
      rest.cost === null || lot.cost === null
        ? null
        : whole
          ? rest.cost
          : lot.cost.mul(quantity).div(lot.quantity);
    rest.quantity = rest.quantity.sub(quantity);
    rest.cost = rest.cost === null || cost === null ? null : rest.cost.sub(cost);
    return { portfolioId, lot, quantity, cost };
  }
}

/**
 * The proposed allocation of one coin. Each portfolio must end up with exactly the units it held
 * on 31 December 2024. It first receives the pieces of the lots its own books held that day (the
 * units that really sat there, with their own dates and costs), taken in the method's order up to
 * what it held. Whatever a portfolio still lacks after that is filled, portfolio by portfolio in
 * first-seen order, from the lots nobody has taken yet, again in the order of the year's method
 * (FIFO: oldest first). When the books held each portfolio's units in its own lots, the proposal
 * is exactly those lots; the second step matters only for lots not sitting where they are held.
 */
export function proposeCoinAllocation(
  lots: readonly YearEndLot[],
  held: ReadonlyMap<string, Dec>,
  method: BookMethod,
): PlacedPiece[] {
  const ordered = inMethodOrder(lots, method);
  const taker = new LotTaker(ordered);
  const need = new Map([...held].map(([p, q]) => [p, q]));
  const pieces: PlacedPiece[] = [];
  const give = (portfolioId: string, lot: YearEndLot) => {
    const piece = taker.take(lot, portfolioId, need.get(portfolioId) ?? zero);
    if (!piece) return;
    pieces.push(piece);
    need.set(portfolioId, (need.get(portfolioId) ?? zero).sub(piece.quantity));
  };
  for (const portfolioId of held.keys())
    for (const lot of ordered) if (lot.portfolioId === portfolioId) give(portfolioId, lot);
  for (const portfolioId of held.keys()) for (const lot of ordered) give(portfolioId, lot);
  return pieces;
}

/**
 * Lot-level pieces of a checked allocation: each line draws on its acquisition's lots, those
 * the portfolio's own books held first (so confirming the proposal changes no lot), then the
 * others in the method's order.
 */
export function placeLines(
  coin: CoinYearEnd,
  lines: readonly AllocationLine[],
  method: BookMethod,
): PlacedPiece[] {
  const ordered = inMethodOrder(coin.lots, method);
  const taker = new LotTaker(ordered);
  const pieces: PlacedPiece[] = [];
  const byAcquisition = new Map<string, YearEndLot[]>();
  for (const lot of ordered) {
    const list = byAcquisition.get(lot.acquisitionId);
    if (list) list.push(lot);
    else byAcquisition.set(lot.acquisitionId, [lot]);
  }
  for (const line of lines) {
    let want = new Dec(line.quantity);
    const own = byAcquisition.get(line.acquisitionId) ?? [];
    const sources = [
      ...own.filter((l) => l.portfolioId === line.portfolioId),
      ...own.filter((l) => l.portfolioId !== line.portfolioId),
    ];
    for (const lot of sources) {
      const piece = taker.take(lot, line.portfolioId, want);
      if (!piece) continue;
      pieces.push(piece);
      want = want.sub(piece.quantity);
    }
  }
  return pieces;
}

/** What is wrong with a submitted allocation, on the line or the portfolio it is about. */
export type AllocationProblem =
  | { kind: 'unknown_acquisition'; index: number }
  | { kind: 'unknown_portfolio'; index: number }
  | { kind: 'duplicate'; index: number }
  | { kind: 'bad_quantity'; index: number }
  | { kind: 'over_lot'; index: number; acquisitionId: string; placed: Dec; available: Dec }
  | { kind: 'portfolio_total'; coinId: string; portfolioId: string; placed: Dec; held: Dec };

/**
 * Checks an allocation against the year-end lots: every line names an acquisition with units
 * left at the end of 2024 and one of the person's portfolios, once per pair; the units placed
 * from an acquisition are at most what was left of it; and for each coin the units placed in a
 * portfolio add up exactly to what it held on 31 December 2024 (so none is lost or invented).
 */
export function allocationProblems(
  coins: readonly CoinYearEnd[],
  lines: readonly AllocationLine[],
  portfolios: ReadonlySet<string>,
): AllocationProblem[] {
  const problems: AllocationProblem[] = [];
  const coinOf = new Map<string, CoinYearEnd>();
  const available = new Map<string, Dec>();
  for (const c of coins)
    for (const lot of c.lots) {
      coinOf.set(lot.acquisitionId, c);
      available.set(lot.acquisitionId, (available.get(lot.acquisitionId) ?? zero).add(lot.quantity));
    }
  const seen = new Set<string>();
  const placedOf = new Map<string, { index: number; placed: Dec }>();
  const placedIn = new Map<string, Dec>();
  const lineProblem = (line: AllocationLine, index: number): AllocationProblem | null => {
    const coin = coinOf.get(line.acquisitionId);
    if (!coin) return { kind: 'unknown_acquisition', index };
    if (!portfolios.has(line.portfolioId)) return { kind: 'unknown_portfolio', index };
    const pair = `${line.acquisitionId}\u0000${line.portfolioId}`;
    if (seen.has(pair)) return { kind: 'duplicate', index };
    seen.add(pair);
    let quantity: Dec;
    try {
      quantity = new Dec(line.quantity);
    } catch {
      return { kind: 'bad_quantity', index };
    }
    if (!quantity.isFinite() || !quantity.gt(0)) return { kind: 'bad_quantity', index };
    const acq = placedOf.get(line.acquisitionId);
    placedOf.set(line.acquisitionId, {
      index: acq?.index ?? index,
      placed: (acq?.placed ?? zero).add(quantity),
    });
    const key = `${coin.coinId}\u0000${line.portfolioId}`;
    placedIn.set(key, (placedIn.get(key) ?? zero).add(quantity));
    return null;
  };
  for (const [index, line] of lines.entries()) {
    const problem = lineProblem(line, index);
    if (problem) problems.push(problem);
  }
  for (const [acquisitionId, { index, placed }] of placedOf) {
    const left = available.get(acquisitionId) ?? zero;
    if (placed.gt(left)) problems.push({ kind: 'over_lot', index, acquisitionId, placed, available: left });
  }
  for (const c of coins) {
    const targets = new Set([...c.held.keys()]);
    for (const key of placedIn.keys()) {
      const [coinId = '', portfolioId = ''] = key.split('\u0000');
      if (coinId === c.coinId) targets.add(portfolioId);
    }
    for (const portfolioId of targets) {
      const held = c.held.get(portfolioId) ?? zero;
      const placed = placedIn.get(`${c.coinId}\u0000${portfolioId}`) ?? zero;
      if (!placed.eq(held))
        problems.push({ kind: 'portfolio_total', coinId: c.coinId, portfolioId, placed, held });
    }
  }
  return problems;
}

/** Pieces of one portfolio and acquisition added up, as an allocation line states them. */
export interface AllocationPieceCalc {
  portfolioId: string;
  acquisitionId: string;
  acquiredDay: CalendarDay;
  /** The acquisition's instant (ms); the earliest of its lots'. */
  at: number;
  quantity: Dec;
  cost: Dec | null;
}

/** Lot-level pieces summed per portfolio and acquisition, in the pieces' order. */
export function piecesByAcquisition(pieces: readonly PlacedPiece[]): AllocationPieceCalc[] {
  const out = new Map<string, AllocationPieceCalc>();
  for (const p of pieces) {
    const key = `${p.portfolioId}\u0000${p.lot.acquisitionId}`;
    const had = out.get(key);
    if (!had)
      out.set(key, {
        portfolioId: p.portfolioId,
        acquisitionId: p.lot.acquisitionId,
        acquiredDay: p.lot.acquiredDay,
        at: p.lot.at,
        quantity: p.quantity,
        cost: p.cost,
      });
    else {
      had.quantity = had.quantity.add(p.quantity);
      had.cost = had.cost === null || p.cost === null ? null : had.cost.add(p.cost);
      had.acquiredDay = Math.min(had.acquiredDay, p.lot.acquiredDay);
      had.at = Math.min(had.at, p.lot.at);
    }
  }
  return [...out.values()];
}
