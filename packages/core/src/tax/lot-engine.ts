import type { EffectiveMethod } from '@app/contracts';
import { Dec } from '../decimal.ts';
import { dayInZone } from './dates.ts';
import { buildDisposal, type Match, NeedsPrice, networkFeeOf } from './disposal.ts';
import { type BookMethod, type Lot, LotBook, type Piece, splitAt } from './lot-book.ts';
import { LotChoiceLog, type LotChoices, namedLots, takeChosen } from './lot-choice.ts';
import {
  allocateYearEnd,
  type PerPortfolioInput,
  placeAllocation,
  type WalletAllocationCalc,
  yearEndLots,
} from './per-portfolio.ts';
import { type PreparedTx, splitByWeight } from './prepare.ts';
import type { RegimeCalc } from './regimes.ts';
import type { DisposalCalc, HoldingCalc, IncomeCalc, TaxComputation } from './types.ts';
import { perPortfolioFromMs } from './wallet-allocation.ts';

/**
 * Lot matching per portfolio and coin (each portfolio is a wallet: the IRS requires per-wallet
 * identification from 2025, Rev. Proc. 2024-28, and the BMF letter of 10 May 2022 lets FIFO run
 * per wallet). Used by every rule except the UK's person-wide identification.
 */
export function runLotRules(
  timeline: readonly PreparedTx[],
  regimes: readonly RegimeCalc[],
  links: ReadonlyMap<string, string>,
  zone: string,
  identify: {
    /** Sales' named lots; followed only under the US rule (other rules ignore them, and say so). */
    choices?: LotChoices | undefined;
    /** A row whose book's open lots are wanted as they stand just before it. */
    lotsBefore?: string | undefined;
    /** Per-portfolio lots from 2025 (US): the allocation of the lots left at the end of 2024. */
    perPortfolio?: PerPortfolioInput | undefined;
  } = {},
): TaxComputation {
  // Each stretch of the timeline is matched under the entry in force then; the books carry
  // their lots across a change and only pick by the new method from its first day on.
  let at = 0;
  let regime = regimes[0] as RegimeCalc;
  let method = bookMethod(regime.method);
  let options = regime.options;
  const books = new Map<string, LotBook>();
  const book = (portfolioId: string, coinId: string): LotBook => {
    const key = `${portfolioId}\u0000${coinId}`;
    let b = books.get(key);
    if (!b) {
      b = new LotBook(method);
      books.set(key, b);
    }
    return b;
  };
  const linkedIns = new Set(links.values());
  const inById = new Map<string, PreparedTx>();
  for (const p of timeline) if (linkedIns.has(p.tx.id)) inById.set(p.tx.id, p);

  const disposals: DisposalCalc[] = [];
  const income: IncomeCalc[] = [];
  const needs = new NeedsPrice();
  let transferFees = new Dec(0);
  let seq = 0;
  const choices = identify.choices;
  const latest = regimes.at(-1) as RegimeCalc;
  const log = new LotChoiceLog(latest.options.rule === 'us');
  let lotsBefore: Lot[] | undefined;
  // Per-portfolio lots: at the first row of 2025 (or the end, for a ledger that stops earlier)
  // the lots left are allocated to the portfolios and, when that applies, the books refilled.
  const perPortfolio = identify.perPortfolio;
  let allocation: WalletAllocationCalc | undefined;
  const yearEnd = (input: PerPortfolioInput): WalletAllocationCalc => {
    const portfolios = new Set(timeline.map((p) => p.tx.portfolio_id));
    const made = allocateYearEnd(yearEndLots(books), method, input, portfolios);
    if (input.apply && ruleOn(regimes, dayInZone(perPortfolioFromMs, zone)) === 'us')
      placeAllocation(books, made, () => new LotBook(method));
    return made;
  };

  for (const p of timeline) {
    if (perPortfolio && allocation === undefined && p.at >= perPortfolioFromMs)
      allocation = yearEnd(perPortfolio);
    while (at + 1 < regimes.length && p.day >= ((regimes[at + 1] as RegimeCalc).fromDay ?? 0)) {
      at++;
      regime = regimes[at] as RegimeCalc;
      method = bookMethod(regime.method);
      options = regime.options;
      for (const b of books.values()) b.switchTo(method);
    }
    // Named lots are followed only where the US rule is in force (the others fix the matching).
    const followsChoices = options.rule === 'us';
    const { tx } = p;
    const source = book(tx.portfolio_id, tx.coin_id);
    if (tx.id === identify.lotsBefore) lotsBefore = source.open().map((l) => ({ ...l }));
    const choice = choices?.get(tx.id);
    if (tx.type === 'buy' || tx.type === 'reward' || tx.type === 'transfer_in') {
      if (linkedIns.has(tx.id)) continue; // arrives with its lots when the departure is processed
      needs.check(p, true);
      source.add({
        acquisitionId: tx.id,
        acquiredDay: p.day,
        at: p.at,
        seq: seq++,
        quantity: p.quantity,
        cost: p.price === null || p.fee === null ? null : p.quantity.mul(p.price).add(p.fee),
      });
      if (tx.type === 'reward') income.push(incomeOf(p));
      continue;
    }
    if (tx.type === 'sell' && choice !== undefined) {
      if (!followsChoices) {
        log.ignored.add(tx.id);
      } else {
        const taken = takeChosen(source, p.quantity, namedLots(choice));
        log.applied.add(tx.id);
        const adds = taken.total.eq(p.quantity);
        if (taken.shortfalls.length > 0 || !adds)
          log.issues.push({
            saleId: tx.id,
            portfolioId: tx.portfolio_id,
            coinId: tx.coin_id,
            soldAt: tx.executed_at,
            soldDay: p.day,
            kind: taken.shortfalls.length > 0 ? 'lots_short' : 'total_mismatch',
            quantity: p.quantity,
            named: taken.total,
            shortfalls: taken.shortfalls,
          });
        if (taken.rest.some((x) => x.kind === 'unmatched')) needs.add(p, 'no_acquisition');
        needs.check(p, true);
        const matches = [...taken.chosen.map(chosenMatch), ...taken.rest.map(toMatch)];
        disposals.push(buildDisposal(p, matches, options));
        continue;
      }
    } else if (choice !== undefined && followsChoices) {
      // The row was a sale when its lots were named and is not one now (reclassified).
      log.issues.push({
        saleId: tx.id,
        portfolioId: tx.portfolio_id,
        coinId: tx.coin_id,
        soldAt: tx.executed_at,
        soldDay: p.day,
        kind: 'not_a_sale',
        quantity: p.quantity,
        named: new Dec(0),
        shortfalls: [],
      });
    }
    const pieces = source.take(p.quantity);
    if (pieces.some((x) => x.kind === 'unmatched')) needs.add(p, 'no_acquisition');
    if (tx.type === 'sell') {
      needs.check(p, true);
      disposals.push(buildDisposal(p, pieces.map(toMatch), options));
      continue;
    }
    const inId = links.get(tx.id);
    const arrival = inId === undefined ? undefined : inById.get(inId);
    if (!arrival) {
      // Out of the books (another person, an untracked wallet): not a sale; its fee is money spent.
      if (p.fee === null) needs.add(p, p.tx.unpriced_reason ?? 'no_price');
      else transferFees = transferFees.add(p.fee);
      continue;
    }
    // An own transfer moves the lots with their dates; its fee joins their basis (no disposal).
    // What left and did not arrive (out − in) paid the network: a disposal at no proceeds.
    if (p.fee === null) needs.add(p, p.tx.unpriced_reason ?? 'no_price');
    const { moved, spent } = splitAt(pieces, Dec.min(arrival.quantity, p.quantity));
    if (spent.length > 0) disposals.push(buildDisposal(networkFeeOf(p, spent), spent.map(toMatch), options));
    const movedQuantity = moved.reduce((sum, x) => sum.add(x.quantity), new Dec(0));
    const feeParts =
      p.fee === null
        ? null
        : splitByWeight(
            p.fee,
            moved.map((x) => x.quantity),
            movedQuantity,
          );
    const target = book(arrival.tx.portfolio_id, arrival.tx.coin_id);
    moved.forEach((piece, i) => {
      const fee = feeParts ? (feeParts[i] as Dec) : null;
      target.add({
        acquisitionId: piece.acquisitionId ?? arrival.tx.id,
        acquiredDay: piece.acquiredDay ?? arrival.day,
        at: piece.at ?? arrival.at,
        seq: seq++,
        quantity: piece.quantity,
        cost: piece.cost === null || fee === null ? null : piece.cost.add(fee),
      });
    });
  }

  if (perPortfolio && allocation === undefined) allocation = yearEnd(perPortfolio);
  const holdings: HoldingCalc[] = [];
  for (const [key, b] of books) {
    const [portfolioId = '', coinId = ''] = key.split('\u0000');
    if (b.method === 'average') {
      const pool = b.pool();
      if (pool.quantity.gt(0)) {
        holdings.push({
          portfolioId,
          coinId,
          basis: 'pool',
          acquisitionId: null,
          acquiredDay: null,
          ...pool,
        });
      }
      continue;
    }
    for (const lot of b.open()) {
      holdings.push({
        portfolioId,
        coinId,
        basis: 'lot',
        acquisitionId: lot.acquisitionId,
        acquiredDay: lot.acquiredDay,
        quantity: lot.quantity,
        cost: lot.cost,
      });
    }
  }
  return {
    options: latest.options,
    method: latest.method,
    regimes,
    zone,
    disposals,
    income,
    holdings,
    needsPrice: needs.items,
    transferFees,
    links,
    lotChoices: log.outcome(),
    ...(identify.lotsBefore === undefined ? {} : { lotsBefore: lotsBefore ?? [] }),
    ...(allocation === undefined ? {} : { walletAllocation: allocation }),
  };
}

/** The rule of the entry in force on `day`. */
function ruleOn(regimes: readonly RegimeCalc[], day: number): string {
  let rule = (regimes[0] as RegimeCalc).options.rule as string;
  for (const r of regimes) if (r.fromDay === null || r.fromDay <= day) rule = r.options.rule;
  return rule;
}

function bookMethod(method: EffectiveMethod): BookMethod {
  if (method === 'uk_pooling') throw new Error('the UK identification rules are not lot matching');
  return method;
}

function chosenMatch(piece: Piece): Match {
  return { ...toMatch(piece), basis: 'chosen' };
}

function toMatch(piece: Piece): Match {
  return {
    basis: piece.kind,
    acquisitionId: piece.acquisitionId,
    acquiredDay: piece.acquiredDay,
    quantity: piece.quantity,
    cost: piece.cost,
  };
}

export function incomeOf(p: PreparedTx): IncomeCalc {
  return {
    transactionId: p.tx.id,
    portfolioId: p.tx.portfolio_id,
    coinId: p.tx.coin_id,
    receivedAt: p.tx.executed_at,
    day: p.day,
    quantity: p.quantity,
    value: p.price === null ? null : p.quantity.mul(p.price),
  };
}
