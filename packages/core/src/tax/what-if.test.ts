import { describe, expect, it } from 'vitest';
import { computeTax } from './compute.ts';
import { isoToDay } from './dates.ts';
import { buildTaxReport } from './report.ts';
import type { TaxTransaction } from './types.ts';
import { heldQuantity, whatIfSale } from './what-if.ts';

const buy = (id: string, quantity: string, price: string | null, at: string): TaxTransaction => ({
  id,
  portfolio_id: 'p',
  coin_id: 'bitcoin',
  type: price === null ? 'transfer_in' : 'buy',
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

describe('a what-if sale (worked by hand)', () => {
  it('US, FIFO: the old lot is long-term, the new one short-term; each category taxed at its rate', () => {
    const w = whatIfSale(computeTax({ transactions: books, rule: 'us', method: 'fifo' }), sale);
    // Gross 1.5 × 70,000 = 105,000, fee 1 % = 1,050, shared by quantity: 700 on lot A, 350 on B.
    // A: 70,000 − 700 − 20,000 = 49,300 long-term; B (half): 35,000 − 350 − 30,000 = 4,650 short-term.
    expect(w).toMatchObject({
      sale_date: '2024-06-01',
      quantity: '1.5',
      held: '2',
      capped: false,
      proceeds: '105000',
      fees: '1050',
      cost: '50000',
      gain: '53950',
      // 4,650 × 37 % = 1,720.5 and 49,300 × 15 % = 7,395.
      estimated_tax: '9115.5',
      after_tax: '94834.5',
      all_qualify_on: '2025-03-02',
      rule_label: 'United States',
      qualifying_label: 'long-term',
      method: 'fifo',
      uk: null,
    });
    expect(w.lots).toEqual([
      {
        basis: 'lot',
        basis_label: 'Lot',
        acquisition_id: 'a',
        acquired_on: '2023-01-10',
        quantity: '1',
        proceeds: '70000',
        fee: '700',
        cost: '20000',
        gain: '49300',
        category: 'long',
        category_label: 'Long-term',
        qualifies_on: '2024-01-11',
      },
      {
        basis: 'lot',
        basis_label: 'Lot',
        acquisition_id: 'b',
        acquired_on: '2024-03-01',
        quantity: '0.5',
        proceeds: '35000',
        fee: '350',
        cost: '30000',
        gain: '4650',
        category: 'short',
        category_label: 'Short-term',
        qualifies_on: '2025-03-02',
      },
    ]);
    expect(w.categories).toEqual([
      {
        category: 'short',
        label: 'Short-term',
        quantity: '0.5',
        proceeds: '35000',
        fees: '350',
        cost: '30000',
        gain: '4650',
        rate: '37',
        estimated_tax: '1720.5',
      },
      {
        category: 'long',
        label: 'Long-term',
        quantity: '1',
        proceeds: '70000',
        fees: '700',
        cost: '20000',
        gain: '49300',
        rate: '15',
        estimated_tax: '7395',
      },
    ]);
  });

  it('caps a sale at what is held and says so', () => {
    const w = whatIfSale(computeTax({ transactions: books, rule: 'us', method: 'fifo' }), {
      ...sale,
      quantity: '3',
      feesPercentage: '0',
    });
    expect(w).toMatchObject({ quantity_requested: '3', quantity: '2', capped: true, proceeds: '140000' });
    expect(w.notes[0]).toBe(
      'That is more than you hold in this portfolio: the figures are for selling all of it.',
    );
  });

  it('a lot of unknown cost leaves the cost, gain and tax unknown, never 0', () => {
    const stray = [...books, buy('x', '0.5', null, '2024-04-01T10:00:00.000Z')];
    const w = whatIfSale(computeTax({ transactions: stray, rule: 'us', method: 'fifo' }), {
      ...sale,
      quantity: '2.5',
    });
    expect(w).toMatchObject({
      cost: null,
      gain: null,
      estimated_tax: null,
      after_tax: null,
      lots_without_cost: 1,
    });
    expect(w.lots.map((l) => [l.acquisition_id, l.cost, l.gain])).toEqual([
      ['a', '20000', '49300'],
      ['b', '60000', '9300'],
      ['x', null, null],
    ]);
    // The long-term lot's gain is known, but the year's tax with the sale is not.
    expect(w.categories.map((c) => [c.category, c.gain, c.estimated_tax])).toEqual([
      ['short', null, null],
      ['long', '49300', null],
    ]);
    expect(w.year).toMatchObject({ estimated_tax_before: '0', estimated_tax_after: null });
    expect(w.notes).toContain(
      '1 lot the sale would use has no known cost, so the gain and the tax are unknown until it is given a price.',
    );
  });

  it('Germany: FIFO by law, the lot held over a year is tax-free', () => {
    const w = whatIfSale(computeTax({ transactions: books, rule: 'de', method: 'hifo' }), {
      ...sale,
      feesPercentage: '0',
      shortRate: '42',
      currency: 'eur',
    });
    expect(w.method).toBe('fifo');
    expect(w.categories.map((c) => [c.category, c.gain, c.estimated_tax])).toEqual([
      ['taxable', '5000', '2100'],
      ['tax_free', '50000', '0'],
    ]);
    expect(w.estimated_tax).toBe('2100');
  });

  it('UK: the Section 104 pool at its average cost, less the annual exempt amount of the tax year', () => {
    const w = whatIfSale(computeTax({ transactions: books, rule: 'uk', method: 'fifo' }), {
      ...sale,
      quantity: '1',
      feesPercentage: '0',
      shortRate: '24',
      longRate: '24',
      currency: 'gbp',
    });
    // Pool: 2 BTC for 80,000. 70,000 − 40,000 = 30,000; less 3,000 (2024/25): 27,000 × 24 % = 6,480.
    expect(w).toMatchObject({ cost: '40000', gain: '30000', estimated_tax: '6480', method: 'uk_pooling' });
    expect(w.lots).toMatchObject([
      { basis: 'section_104', basis_label: 'Section 104 pool', acquisition_id: null, quantity: '1' },
    ]);
    expect(w.uk).toEqual({
      tax_year: '2024/25',
      exempt_amount: '3000',
      realized_gain: '0',
      exempt_used_by_realized: '0',
      exempt_used: '3000',
    });
    expect(w.categories).toMatchObject([{ category: 'gain', gain: '30000', estimated_tax: '6480' }]);
  });

  it("US: the tax is what the sale adds to the year's: an earlier loss that year lowers it", () => {
    // 1 April 2024: half of lot A sold for 5,000, a long-term loss of 5,000.
    const loss = [
      ...books,
      { ...buy('s', '0.5', '10000', '2024-04-01T10:00:00.000Z'), type: 'sell' as const },
    ];
    const w = whatIfSale(computeTax({ transactions: loss, rule: 'us', method: 'fifo' }), sale);
    // Gross 105,000, fee 1,050 (350 : 700). A's other half: 35,000 − 350 − 10,000 = 24,650
    // long-term; B: 70,000 − 700 − 60,000 = 9,300 short-term. The year nets each term first:
    // long 24,650 − 5,000 = 19,650 × 15 % = 2,947.5, short 9,300 × 37 % = 3,441. Before the sale
    // the year was a net loss (no tax), so the sale adds 6,388.5, not the 7,138.5 it would alone.
    expect(w.lots.map((l) => [l.acquisition_id, l.gain, l.category])).toEqual([
      ['a', '24650', 'long'],
      ['b', '9300', 'short'],
    ]);
    expect(w.estimated_tax).toBe('6388.5');
    expect(w.categories.map((c) => [c.category, c.estimated_tax])).toEqual([
      ['short', '3441'],
      ['long', '2947.5'],
    ]);
    expect(w.year).toEqual({
      tax_year: '2024',
      estimated_tax_before: '0',
      estimated_tax_after: '6388.5',
      allowance_kind: 'loss_deduction_limit',
      allowance_amount: '3000',
      allowance_used_before: '3000',
      allowance_used_after: '0',
      losses_brought_forward: '0',
      incomplete_disposals: 0,
    });
  });

  it('UK: a sale on the day of a purchase is matched with it first', () => {
    const today = [...books, buy('c', '0.5', '68000', '2024-06-01T09:00:00.000Z')];
    const w = whatIfSale(computeTax({ transactions: today, rule: 'uk', method: 'fifo' }), {
      ...sale,
      quantity: '1',
      feesPercentage: '0',
    });
    expect(w.lots.map((l) => [l.basis, l.acquisition_id, l.quantity, l.cost])).toEqual([
      ['same_day', 'c', '0.5', '34000'],
      ['section_104', null, '0.5', '20000'],
    ]);
  });

  it("UK: a sale that takes an earlier sale's 30-day purchase changes that sale's gain too", () => {
    const ledger = [
      buy('a', '1', '10000', '2024-01-02T10:00:00.000Z'),
      { ...buy('s', '0.5', '20000', '2024-05-01T10:00:00.000Z'), type: 'sell' as const },
      buy('b', '0.5', '30000', '2024-05-20T09:00:00.000Z'),
    ];
    const tax = computeTax({ transactions: ledger, rule: 'uk', method: 'fifo' });
    const options = { ...sale, quantity: '0.5', pricePerCoin: '40000', feesPercentage: '0' };
    const w = whatIfSale(tax, { ...options, day: isoToDay('2024-05-20'), shortRate: '20', currency: 'gbp' });
    // The 1 May sale was matched with B (bought within 30 days): 10,000 − 15,000 = −5,000. A sale
    // on B's day takes B first (same day), so the May sale falls back to the pool: 10,000 − 5,000
    // = 5,000. The year: 5,000 + (20,000 − 15,000) = 10,000, less 3,000: 7,000 × 20 % = 1,400,
    // where it had a net loss and no tax before.
    expect(w.lots.map((l) => [l.basis, l.acquisition_id, l.cost, l.gain])).toEqual([
      ['same_day', 'b', '15000', '5000'],
    ]);
    expect(w.estimated_tax).toBe('1400');
    expect(w.uk).toEqual({
      tax_year: '2024/25',
      exempt_amount: '3000',
      realized_gain: '-5000',
      exempt_used_by_realized: '0',
      exempt_used: '3000',
    });
    // The report once the sale is entered later that day says the same.
    const entered = computeTax({
      transactions: [
        ...ledger,
        { ...buy('w', '0.5', '40000', '2024-05-20T15:00:00.000Z'), type: 'sell' as const },
      ],
      rule: 'uk',
      method: 'fifo',
    });
    const report = buildTaxReport(entered, {
      year: 2024,
      portfolioId: null,
      currency: 'gbp',
      shortRate: '20',
      longRate: '20',
    });
    expect(report.year_summary?.estimated_tax).toBe('1400');
    expect(report.disposals.map((d) => [d.transaction_id, d.gain])).toEqual([
      ['s', '5000'],
      ['w', '5000'],
    ]);
  });

  it('adds up what a scope holds: one portfolio or all of them', () => {
    const two = [...books, { ...buy('d', '0.25', '10000', '2023-05-05T10:00:00.000Z'), portfolio_id: 'q' }];
    const tax = computeTax({ transactions: two, rule: 'us', method: 'fifo' });
    expect(heldQuantity(tax, 'bitcoin', 'p').toFixed()).toBe('2');
    expect(heldQuantity(tax, 'bitcoin', null).toFixed()).toBe('2.25');
    expect(heldQuantity(tax, 'ethereum', null).toFixed()).toBe('0');
    const all = whatIfSale(tax, { ...sale, portfolioId: null });
    expect(all.notes.some((n) => n.startsWith('Across all portfolios'))).toBe(true);
  });
});
