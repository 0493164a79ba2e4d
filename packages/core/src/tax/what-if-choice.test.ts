import { describe, expect, it } from 'vitest';
import { computeTax } from './compute.ts';
import { isoToDay } from './dates.ts';
import type { TaxTransaction } from './types.ts';
import { whatIfSale } from './what-if.ts';

const buy = (id: string, quantity: string, price: string, at: string): TaxTransaction => ({
  id,
  portfolio_id: 'p',
  coin_id: 'bitcoin',
  type: 'buy',
  quantity,
  price_per_coin: price,
  fee: '0',
  executed_at: at,
});
// Lot A (1 BTC for 20,000) is over a year old on 1 June 2024; lot B (1 BTC for 60,000) is not.
const books = [
  buy('a', '1', '20000', '2023-01-10T10:00:00.000Z'),
  buy('b', '1', '60000', '2024-03-01T10:00:00.000Z'),
];
const sale = {
  coinId: 'bitcoin',
  portfolioId: 'p',
  quantity: '1.5',
  pricePerCoin: '70000',
  feesPercentage: '1',
  day: isoToDay('2024-06-01'),
  shortRate: '37',
  longRate: '15',
  currency: 'usd',
};

describe('the what-if sale with the lowest-tax choice of lots (worked by hand)', () => {
  const us = computeTax({ transactions: books, rule: 'us', method: 'fifo' });

  it('names the lots with the lowest tax and sets them beside the method of the year', () => {
    // Proceeds less 1 % fees: 69,300 a coin. A coin of A (long-term) adds 49,300 × 15 % = 7,395; a coin of
    // B (short-term) 9,300 × 37 % = 3,441. So all of B, then half of A: 3,441 + 3,697.5 = 7,138.5,
    // against FIFO's 9,115.5 (A whole, half of B: 7,395 + 1,720.5).
    const w = whatIfSale(us, sale);
    expect(w.estimated_tax).toBe('9115.5');
    expect(w.lowest_tax_choice).toMatchObject({
      lots: [
        { acquisition_id: 'b', quantity: '1' },
        { acquisition_id: 'a', quantity: '0.5' },
      ],
      estimated_tax: '7138.5',
      gain: '33950',
      method_estimated_tax: '9115.5',
      tax_saving: '1977',
      same_as_method: false,
    });
    expect(w.lowest_tax_choice?.lines.map((l) => [l.acquisition_id, l.quantity, l.gain, l.category])).toEqual(
      [
        ['b', '1', '9300', 'short'],
        ['a', '0.5', '24650', 'long'],
      ],
    );
  });

  it('figures a sale that names its lots, still beside the method of the year', () => {
    const w = whatIfSale(us, {
      ...sale,
      lots: [
        { acquisitionId: 'b', quantity: '1' },
        { acquisitionId: 'a', quantity: '0.5' },
      ],
    });
    expect(w).toMatchObject({ lots_chosen: true, estimated_tax: '7138.5', gain: '33950' });
    expect(w.lots.map((l) => [l.basis, l.basis_label, l.acquisition_id])).toEqual([
      ['chosen', 'Chosen lot', 'b'],
      ['chosen', 'Chosen lot', 'a'],
    ]);
    expect(w.lowest_tax_choice?.method_estimated_tax).toBe('9115.5');
  });

  it('says the method already does best, and has no choice under rules that fix the matching', () => {
    const cheapLast = whatIfSale(us, { ...sale, pricePerCoin: '10000' });
    // At 10,000 both lots lose; B loses more (short-term, 37 %), and FIFO takes A first.
    expect(cheapLast.lowest_tax_choice?.lots[0]).toEqual({ acquisition_id: 'b', quantity: '1' });
    const one = whatIfSale(us, { ...sale, quantity: '2' });
    expect(one.lowest_tax_choice?.same_as_method).toBe(true);
    for (const rule of ['de', 'uk', 'none', 'custom'] as const) {
      const w = whatIfSale(computeTax({ transactions: books, rule, method: 'fifo' }), {
        ...sale,
        lots: [{ acquisitionId: 'b', quantity: '1.5' }],
      });
      expect(w.lowest_tax_choice, rule).toBeNull();
      expect(w.lots_chosen, rule).toBe(false);
    }
  });
});
