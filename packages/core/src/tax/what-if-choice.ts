import {
  effectiveMethodLabel,
  type LowestTaxChoice,
  type TaxCategory,
  type WhatIfSale,
  whatIfWords,
} from '@app/contracts';
import { Dec } from '../decimal.ts';
import { toDecimalString, toDecimalStringOrNull } from '../ledger/format.ts';
import { dayToIso } from './dates.ts';
import type { NamedLot, Piece } from './lot-book.ts';
import {
  bookOf,
  type ChoiceLot,
  type ChoiceSale,
  methodLotOrder,
  minimiseLotOrder,
  piecesFigures,
  takeInOrder,
} from './lot-minimiser.ts';
import { categoryOf } from './rules.ts';
import type { TaxComputation } from './types.ts';
import type { WhatIfSaleInput } from './what-if-input.ts';

type SaleFigures = Omit<WhatIfSale, 'lowest_tax_choice'>;

/** How the what-if figures a sale's tax from its gains per category (its year's arithmetic). */
export interface SaleFigurer {
  tax(figures: {
    sold: Dec;
    gain: Dec | null;
    perCategory: readonly { category: TaxCategory; quantity: Dec; gain: Dec | null }[];
  }): Dec | null;
}

interface Candidate {
  choice: NamedLot[];
  pieces: Piece[];
  /** What the sale would add to the year's estimate. */
  exactTax: Dec | null;
  /** The same to 10 places, to rank by: residues of a division never decide. */
  tax: Dec | null;
  linear: Dec | null;
  gain: Dec | null;
}

/** Lower first; an unknown figure is worse than any known one. */
function compareKnown(a: string | Dec | null, b: string | Dec | null): number {
  if (a === null || b === null) return a === null ? (b === null ? 0 : 1) : -1;
  return new Dec(a).cmp(b);
}

/** What a sale's lines take per acquisition, as one comparable text. */
function takenKey(lots: readonly { acquisitionId: string | null; quantity: string | Dec }[]): string {
  const per = new Map<string, Dec>();
  for (const l of lots) {
    const id = l.acquisitionId ?? '';
    per.set(id, (per.get(id) ?? new Dec(0)).add(l.quantity));
  }
  return [...per.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id, q]) => `${id}:${q.toFixed()}`)
    .join(',');
}

/**
 * US rule: the choice of lots with the lowest estimated tax for the what-if sale, beside the
 * method of the year (`method`, the sale figured without named lots). The minimiser's choice is
 * exact for the tax it minimises, each lot's gain at its category's rate (lot-minimiser.ts); the
 * what-if's tax is what the sale adds to its year, where gains and losses net across categories,
 * earlier losses are carried and an allowance applies, which is not linear. So the minimiser's
 * choice is weighed with the year's figures beside what FIFO, LIFO and HIFO would take, and the
 * lowest of them is the answer: it is never worse than the method of the year, whatever the year
 * holds. Each choice is weighed from its gains per category (the what-if's year arithmetic without
 * writing every line), and the answer's lines come from the units it takes.
 */
export function lowestTaxChoice(
  computation: TaxComputation,
  input: WhatIfSaleInput,
  method: SaleFigures,
  figurer: SaleFigurer,
): LowestTaxChoice | null {
  const quantity = new Dec(method.quantity);
  if (!quantity.gt(0)) return null;
  // In the order the what-if's book holds them (acquisition day, then the books' order), so the
  // minimiser's ties fall as the book's do.
  const lots: ChoiceLot[] = [];
  const holders = new Set<string>();
  for (const h of computation.holdings) {
    if (h.coinId !== input.coinId || h.acquisitionId === null || h.acquiredDay === null) continue;
    if (input.portfolioId !== null && h.portfolioId !== input.portfolioId) continue;
    lots.push({
      acquisitionId: h.acquisitionId,
      acquiredDay: h.acquiredDay,
      quantity: h.quantity,
      cost: h.cost,
    });
    holders.add(h.portfolioId);
  }
  if (lots.length === 0) return null;
  const ordered = lots
    .map((l, i) => ({ l, i }))
    .sort((a, b) => a.l.acquiredDay - b.l.acquiredDay || a.i - b.i);
  const book = ordered.map((x) => x.l);
  const shortRate = new Dec(input.shortRate);
  const longRate = new Dec(input.longRate);
  const sale: ChoiceSale = {
    quantity,
    pricePerCoin: new Dec(input.pricePerCoin),
    feesPercentage: new Dec(input.feesPercentage),
    day: input.day,
    options: computation.options,
    shortRate,
    longRate,
  };

  const orders = [
    minimiseLotOrder(book, sale),
    methodLotOrder(book, 'fifo'),
    methodLotOrder(book, 'lifo'),
    methodLotOrder(book, 'hifo'),
  ];
  // Units of one acquisition in two lots are taken by name dearest first (LotBook.takeNamed);
  // only then can what a choice takes differ from the order it was made in, so only then is it
  // taken again by name.
  const grouped = new Set(book.map((l) => l.acquisitionId)).size < book.length;
  const seen = new Set<string>();
  let best: Candidate | null = null;
  for (const order of orders) {
    const taken = takeInOrder(book, order, quantity);
    const choice = taken.choice;
    const key = choice.map((n) => `${n.acquisitionId}:${n.quantity.toFixed()}`).join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    const pieces = grouped ? bookOf(book).takeNamed(choice).pieces : taken.pieces;
    const f = piecesFigures(pieces, sale);
    const tax = figurer.tax({ sold: f.quantity, gain: f.gain, perCategory: f.categories });
    const candidate: Candidate = {
      choice,
      pieces,
      exactTax: tax,
      tax: tax === null ? null : tax.toDecimalPlaces(10),
      linear: f.tax === null ? null : f.tax.toDecimalPlaces(10),
      gain: f.gain,
    };
    if (
      best === null ||
      (compareKnown(candidate.tax, best.tax) ||
        compareKnown(candidate.linear, best.linear) ||
        compareKnown(candidate.gain, best.gain)) < 0
    )
      best = candidate;
  }
  if (best === null) return null;
  const same =
    takenKey(best.choice) ===
    takenKey(method.lots.map((l) => ({ acquisitionId: l.acquisition_id, quantity: l.quantity })));
  // The choice's own figures, from the units it takes: a whole answer per choice (thousands of
  // lines with proceeds and fees shared out) would be figured only to keep the few shown.
  const net = sale.pricePerCoin.mul(new Dec(100).sub(sale.feesPercentage)).div(100);
  const gross = quantity.mul(sale.pricePerCoin);
  const fee = gross.mul(sale.feesPercentage).div(100);
  const gain = best.gain;
  const tax = best.exactTax;
  // The same lots figured by two paths (the year's replay, this choice's units) may differ in the
  // last of 18 places: a difference that small is no saving either way.
  const difference =
    tax === null || method.estimated_tax === null ? null : new Dec(method.estimated_tax).sub(tax);
  const saving =
    difference === null ? null : same || difference.abs().lt('1e-12') ? '0' : toDecimalString(difference);
  const notes = [
    "Found by taking the lots in the order of the tax each coin adds at your rates (each lot's gain at its short- or long-term rate, a loss lowering it), then set beside what FIFO, LIFO and HIFO would take, each with the year's other sales, losses carried and allowance: the lowest estimate is shown.",
  ];
  if (shortRate.isZero() && longRate.isZero())
    notes.push(
      'Your tax rates are 0 %, so no choice changes the estimate: the choice shown has the smallest gain (or the largest loss).',
    );
  else if (gain?.isNegative())
    notes.push(
      'At a loss the choice keeps the loss worth the most in tax: a short-term loss offsets gains taxed at the short-term rate.',
    );
  if (input.portfolioId === null && holders.size > 1)
    notes.push(
      'A real sale is made in one portfolio and can name only its lots: choose the portfolio to name these lots on a sale.',
    );
  return {
    lots: best.choice.map((n) => ({
      acquisition_id: n.acquisitionId,
      quantity: toDecimalString(n.quantity),
    })),
    lines: best.pieces.map((p) => {
      const category = categoryOf(computation.options, p.acquiredDay, input.day);
      return {
        acquisition_id: p.acquisitionId ?? '',
        acquired_on: p.acquiredDay === null ? null : dayToIso(p.acquiredDay),
        quantity: toDecimalString(p.quantity),
        cost: toDecimalStringOrNull(p.cost),
        gain: p.cost === null ? null : toDecimalString(net.mul(p.quantity).sub(p.cost)),
        category,
        category_label: whatIfWords.category[category],
      };
    }),
    estimated_tax: toDecimalStringOrNull(tax),
    gain: toDecimalStringOrNull(gain),
    after_tax: tax === null ? null : toDecimalString(gross.sub(fee).sub(tax)),
    method: computation.method,
    method_label: effectiveMethodLabel(computation.method),
    method_estimated_tax: method.estimated_tax,
    method_gain: method.gain,
    tax_saving: saving,
    same_as_method: same,
    notes,
  };
}
