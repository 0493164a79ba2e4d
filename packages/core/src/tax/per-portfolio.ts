import type { BookMethod, LotBook } from './lot-book.ts';
import {
  type AllocationLine,
  allocationProblems,
  type CoinYearEnd,
  type PlacedPiece,
  placeLines,
  proposeCoinAllocation,
  type YearEndLot,
  yearEndByCoin,
} from './wallet-allocation.ts';

/** Per-portfolio lots as the engine is asked to run them (see TaxInput.perPortfolio). */
export interface PerPortfolioInput {
  /** The confirmed allocation (every coin's lines); empty: none confirmed. */
  confirmed: readonly AllocationLine[];
  /**
   * Place the year-end lots as allocated from 2025 on. Off, the engine only reports the
   * allocation (the proposal a person may confirm) and matches as it always does.
   */
  apply: boolean;
}

/**
 * 'confirmed': the stored allocation fits the ledger and is used; 'proposed': none is stored, the
 * proposal is used (an estimate); 'outdated': one is stored but the ledger up to 2024 changed
 * since, so it no longer adds up and the proposal is used instead (also an estimate).
 */
export type AllocationStatus = 'confirmed' | 'proposed' | 'outdated';

export interface CoinAllocationCalc extends CoinYearEnd {
  /** The pieces used: the confirmed allocation's, or the proposal's. */
  pieces: PlacedPiece[];
  proposal: PlacedPiece[];
}

export interface WalletAllocationCalc {
  status: AllocationStatus;
  /** The lots were placed as allocated from 2025 on (the setting is on and the US rule governs 2025). */
  applied: boolean;
  /** The 2024 method, whose order the proposal follows. */
  method: BookMethod;
  coins: CoinAllocationCalc[];
}

/** Every open lot of the books (portfolio\0coin → book), in book order; average pools hold no lots. */
export function yearEndLots(books: ReadonlyMap<string, LotBook>): YearEndLot[] {
  const lots: YearEndLot[] = [];
  for (const [key, book] of books) {
    if (book.method === 'average') continue;
    const [portfolioId = '', coinId = ''] = key.split('\u0000');
    for (const lot of book.open()) lots.push({ ...lot, portfolioId, coinId });
  }
  return lots;
}

/** The allocation of the lots left at the end of 2024: the confirmed one when it still fits, else the proposal. */
export function allocateYearEnd(
  lots: readonly YearEndLot[],
  method: BookMethod,
  input: PerPortfolioInput,
  portfolios: ReadonlySet<string>,
): WalletAllocationCalc {
  const coins = yearEndByCoin(lots);
  const fits =
    input.confirmed.length > 0 && allocationProblems(coins, input.confirmed, portfolios).length === 0;
  const status: AllocationStatus =
    input.confirmed.length === 0 ? 'proposed' : fits ? 'confirmed' : 'outdated';
  const coinOf = new Map<string, string>();
  for (const lot of lots) coinOf.set(lot.acquisitionId, lot.coinId);
  return {
    status,
    applied: false,
    method,
    coins: coins.map((c) => {
      const proposal = proposeCoinAllocation(c.lots, c.held, method);
      const pieces = fits
        ? placeLines(
            c,
            input.confirmed.filter((l) => coinOf.get(l.acquisitionId) === c.coinId),
            method,
          )
        : proposal;
      return { ...c, pieces, proposal };
    }),
  };
}

/**
 * Refills the books of each allocated coin with its pieces: every piece a lot of its own in its
 * portfolio, with the original acquisition date, time and its share of the cost.
 */
export function placeAllocation(
  books: Map<string, LotBook>,
  allocation: WalletAllocationCalc,
  newBook: () => LotBook,
): void {
  for (const coin of allocation.coins) {
    for (const [key, book] of books)
      if (book.method !== 'average' && key.endsWith(`\u0000${coin.coinId}`)) books.delete(key);
    for (const piece of coin.pieces) {
      const key = `${piece.portfolioId}\u0000${coin.coinId}`;
      let book = books.get(key);
      if (!book) {
        book = newBook();
        books.set(key, book);
      }
      book.add({
        acquisitionId: piece.lot.acquisitionId,
        acquiredDay: piece.lot.acquiredDay,
        at: piece.lot.at,
        seq: piece.lot.seq,
        quantity: piece.quantity,
        cost: piece.cost,
      });
    }
  }
  allocation.applied = true;
}

/** Acquisition id → the portfolios its 2024 units were placed in, when the allocation applied. */
export function placedPortfolios(allocation: WalletAllocationCalc | undefined): Map<string, Set<string>> {
  const placed = new Map<string, Set<string>>();
  if (!allocation?.applied) return placed;
  for (const coin of allocation.coins)
    for (const piece of coin.pieces) {
      const set = placed.get(piece.lot.acquisitionId) ?? new Set<string>();
      set.add(piece.portfolioId);
      placed.set(piece.lot.acquisitionId, set);
    }
  return placed;
}
