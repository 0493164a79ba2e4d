import { describe, expect, it } from 'vitest';
import { Dec } from '../decimal.ts';
import { isoToDay } from './dates.ts';
import {
  bookOf,
  type ChoiceLot,
  type ChoiceSale,
  choiceFigures,
  methodLotChoice,
  minimiseLotChoice,
  piecesFigures,
} from './lot-minimiser.ts';

const lot = (acquisitionId: string, acquired: string, quantity: string, cost: string | null): ChoiceLot => ({
  acquisitionId,
  acquiredDay: isoToDay(acquired),
  quantity: new Dec(quantity),
  cost: cost === null ? null : new Dec(cost),
});

// Sold on 20 June 2024 (US rule): the 2023 lot is long-term, the 2024 ones short-term.
const long50k = lot('long-50k', '2023-01-05', '1', '50000');
const short68k = lot('short-68k', '2024-03-10', '1', '68000');
const short55k = lot('short-55k', '2024-05-02', '1', '55000');
const lots = [long50k, short68k, short55k];
const sale = (price: string, quantity = '1.5', rates: [string, string] = ['37', '15']): ChoiceSale => ({
  quantity: new Dec(quantity),
  pricePerCoin: new Dec(price),
  feesPercentage: new Dec(0),
  day: isoToDay('2024-06-20'),
  options: { rule: 'us', method: 'fifo' },
  shortRate: new Dec(rates[0]),
  longRate: new Dec(rates[1]),
});
const named = (choice: { acquisitionId: string; quantity: Dec }[]) =>
  choice.map((n) => [n.acquisitionId, n.quantity.toFixed()]);

describe('the lot choice with the lowest estimated tax (worked by hand)', () => {
  it('takes the lots in the order of the tax each coin adds, which beats every method here', () => {
    // At 64,000 a coin adds: short-68k (64,000 − 68,000) × 37 % = −1,480; long-50k 14,000 × 15 % = 2,100;
    // short-55k 9,000 × 37 % = 3,330. So all of short-68k, then half of long-50k: −1,480 + 1,050 = −430.
    const s = sale('64000');
    const best = minimiseLotChoice(lots, s);
    expect(named(best)).toEqual([
      ['short-68k', '1'],
      ['long-50k', '0.5'],
    ]);
    expect(choiceFigures(lots, best, s)).toMatchObject({
      tax: new Dec(-430),
      gain: new Dec(3000),
      quantity: new Dec(1.5),
    });
    // HIFO takes the dearest lots (68,000 then 55,000): −1,480 + 1,665 = 185. FIFO: 2,100 − 740 = 1,360.
    // LIFO: 3,330 − 740 = 2,590.
    const byMethod = (m: 'fifo' | 'lifo' | 'hifo') => piecesFigures(bookOf(lots, m).take(s.quantity), s).tax;
    expect([byMethod('hifo'), byMethod('fifo'), byMethod('lifo')]).toEqual([
      new Dec(185),
      new Dec(1360),
      new Dec(2590),
    ]);
    expect(named(methodLotChoice(lots, s.quantity, 'hifo'))).toEqual([
      ['short-68k', '1'],
      ['short-55k', '0.5'],
    ]);
  });

  it('at a loss, keeps the loss worth the most', () => {
    // At 50,000: short-68k loses 18,000 (−6,660 at 37 %), short-55k 5,000 (−1,850), long-50k nothing.
    const s = sale('50000', '1');
    const best = minimiseLotChoice(lots, s);
    expect(named(best)).toEqual([['short-68k', '1']]);
    expect(choiceFigures(lots, best, s)).toMatchObject({ tax: new Dec(-6660), gain: new Dec(-18000) });
  });

  it('with rates of 0, takes the smallest gain (the largest loss) first', () => {
    // Gains a coin at 64,000: −4,000 (short-68k), 9,000 (short-55k), 14,000 (long-50k).
    const s = sale('64000', '2', ['0', '0']);
    expect(named(minimiseLotChoice(lots, s))).toEqual([
      ['short-68k', '1'],
      ['short-55k', '1'],
    ]);
  });

  it('names lots of unknown cost last, and only when nothing else is left', () => {
    const unknown = lot('unknown', '2022-01-01', '1', null);
    const s = sale('64000', '3.25');
    const best = minimiseLotChoice([unknown, ...lots], s);
    expect(best.at(-1)).toEqual({ acquisitionId: 'unknown', quantity: new Dec('0.25') });
    expect(choiceFigures([unknown, ...lots], best, s).tax).toBeNull();
  });

  it('names units of one acquisition in two lots so that taking them by name takes the same units', () => {
    // Half of an acquisition moved away and back carries the move's fee: 101 a coin against 100.
    const split = [
      lot('g', '2024-01-02', '1', '100'),
      lot('g', '2024-01-02', '1', '101'),
      lot('h', '2024-02-01', '1', '100.5'),
    ];
    const s = sale('150', '1.5');
    const best = minimiseLotChoice(split, s);
    // Dearest first: the 101 half of g, then h (100.5), before g's 100 half.
    expect(named(best)).toEqual([
      ['g', '1'],
      ['h', '0.5'],
    ]);
    const taken = bookOf(split)
      .takeNamed(best)
      .pieces.map((p) => [p.acquisitionId, p.quantity.toFixed(), p.cost?.toFixed()]);
    expect(taken).toEqual([
      ['g', '1', '101'],
      ['h', '0.5', '50.25'],
    ]);
  });
});
