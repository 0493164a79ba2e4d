import { harvestCatches, taxDecisionWords } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { computeTax } from './compute.ts';
import { isoToDay } from './dates.ts';
import { taxDecisions } from './decisions.ts';
import type { TaxTransaction } from './types.ts';

const tx = (
  id: string,
  type: 'buy' | 'sell',
  quantity: string,
  price: string,
  at: string,
): TaxTransaction => ({
  id,
  portfolio_id: 'p',
  coin_id: 'bitcoin',
  type,
  quantity,
  price_per_coin: price,
  fee: '0',
  executed_at: at,
});

const rates = (shortRate: string, longRate: string) => () => ({ shortRate, longRate, yearlyAllowance: null });

describe('decisions this year (worked by hand)', () => {
  // Lot A: 1 BTC for 20,000 (long-term since January); half of it sold in June for 60,000 a coin.
  // Lot B: 1 BTC for 50,000 on 20 December 2025, long-term from 21 December 2026.
  // Lot C: 1 BTC for 100,000 in March 2026, below its cost at 80,000.
  const us = computeTax({
    transactions: [
      tx('a', 'buy', '1', '20000', '2025-01-10T10:00:00.000Z'),
      tx('b', 'buy', '1', '50000', '2025-12-20T10:00:00.000Z'),
      tx('c', 'buy', '1', '100000', '2026-03-01T10:00:00.000Z'),
      tx('s', 'sell', '0.5', '60000', '2026-06-01T10:00:00.000Z'),
    ],
    rule: 'us',
    method: 'fifo',
  });
  const options = {
    portfolioId: null,
    currency: 'usd',
    prices: new Map([['bitcoin', '80000']]),
    today: isoToDay('2026-12-09'),
    ratesOf: rates('32', '15'),
  };

  it('US: "wait 12 days" on lot B saves 5,100 at 32 % short and 15 % long', () => {
    const d = taxDecisions(us, options);
    // The June sale took 0.5 of lot A: 30,000 − 10,000 = 20,000 long-term, 3,000 of tax so far.
    // Lot B sold alone now: 80,000 − 50,000 = 30,000 short-term, adding 30,000 × 32 % = 9,600.
    // Sold on 21 December it is long-term: 30,000 × 15 % = 4,500. Waiting saves 9,600 − 4,500 = 5,100.
    expect(d.waits).toEqual([
      {
        coin_id: 'bitcoin',
        portfolio_id: 'p',
        acquisition_id: 'b',
        acquired_on: '2025-12-20',
        quantity: '1',
        cost: '50000',
        price: '80000',
        value: '80000',
        unrealized: '30000',
        qualifies_on: '2026-12-21',
        days_to_wait: 12,
        sale_quantity: '1',
        lot_named: true,
        tax_year_now: '2026',
        tax_year_after: '2026',
        tax_now: '9600',
        tax_after: '4500',
        saving: '5100',
      },
    ]);
    expect(d).toMatchObject({
      rule: 'us',
      rule_label: 'United States',
      qualifying_label: 'long-term',
      as_of: '2026-12-09',
      tax_year: { year: 2026, label: '2026', start: '2026-01-01', end: '2026-12-31' },
      window_days: 30,
      needs_rule: false,
      disclaimer: taxDecisionWords.disclaimer,
    });
    expect(d.notes).toContain(taxDecisionWords.waitsNamed);
  });

  it('US: lot C harvested now nets its 20,000 short-term loss against the 20,000 long-term gain', () => {
    const d = taxDecisions(us, options);
    // 80,000 − 100,000 = −20,000 short-term; the year's taxable gain falls from 20,000 to 0, so
    // the estimate falls by the 3,000 of tax on the June sale.
    expect(d.harvest.lots).toEqual([
      {
        coin_id: 'bitcoin',
        portfolio_id: 'p',
        basis: 'lot',
        acquisition_id: 'c',
        acquired_on: '2026-03-01',
        quantity: '1',
        cost: '100000',
        value: '80000',
        unrealized: '-20000',
        category: 'short',
        category_label: 'Short-term',
        tax_effect: '-3000',
      },
    ]);
    expect(d.harvest.total).toBe('-20000');
    expect(d.harvest.catch).toEqual(harvestCatches.us);
    expect(d.harvest.catch?.as_of).toBe('2026-12-04');
    expect(d.harvest.catch?.text).toContain('IRC §1091');
    // The year so far: the June gain, nothing of the $3,000 loss deduction used.
    expect(d.year).toMatchObject({
      net_gain: '20000',
      estimated_tax: '3000',
      allowance: { kind: 'loss_deduction_limit', amount: '3000', used: '0', left: '3000' },
    });
  });

  it('DE: FIFO sells the older lot first; waiting for the second saves nothing, its loss offsets the first', () => {
    // Lot A: 1 BTC for 30,000 on 1 December 2025 (tax-free from 2 December 2026); lot B: 1 BTC for
    // 40,000 on 15 December 2025 (tax-free from 16 December). The price now is 35,000.
    const de = computeTax({
      transactions: [
        tx('a', 'buy', '1', '30000', '2025-12-01T10:00:00.000Z'),
        tx('b', 'buy', '1', '40000', '2025-12-15T10:00:00.000Z'),
      ],
      rule: 'de',
      method: 'hifo',
    });
    const d = taxDecisions(de, {
      ...options,
      currency: 'eur',
      prices: new Map([['bitcoin', '35000']]),
      today: isoToDay('2026-11-25'),
      ratesOf: rates('42', '0'),
    });
    // A alone now: 5,000 taxable, at or above the 1,000 Freigrenze so all of it: 5,000 × 42 % = 2,100;
    // on 2 December it is tax-free: 0. B can only be sold after A (FIFO is the law): 2 BTC now is
    // 5,000 − 5,000 = 0 taxable; on 16 December both are tax-free. Waiting for B saves 0.
    expect(
      d.waits.map((w) => [
        w.acquisition_id,
        w.days_to_wait,
        w.sale_quantity,
        w.lot_named,
        w.tax_now,
        w.tax_after,
        w.saving,
      ]),
    ).toEqual([
      ['a', 7, '1', false, '2100', '0', '2100'],
      ['b', 21, '2', false, '0', '0', '0'],
    ]);
    expect(d.method).toBe('fifo');
    expect(d.notes).toContain(taxDecisionWords.waitsMethod('FIFO (first in, first out)'));
    // B is below its cost and still within its year, so its loss counts; a sale of 1 BTC would take
    // A under FIFO, so there is no tax effect of selling B alone.
    expect(d.harvest.lots.map((l) => [l.acquisition_id, l.unrealized, l.category, l.tax_effect])).toEqual([
      ['b', '-5000', 'taxable', null],
    ]);
    expect(d.harvest.catch).toEqual(harvestCatches.de);
    expect(d.year?.allowance).toMatchObject({ kind: 'exemption_limit', amount: '1000', used: '0' });
  });

  it('UK: no holding period, so nothing to wait for; the loss names the 30-day rule', () => {
    const uk = computeTax({
      transactions: [tx('a', 'buy', '1', '50000', '2026-05-01T10:00:00.000Z')],
      rule: 'uk',
      method: 'fifo',
    });
    const d = taxDecisions(uk, { ...options, currency: 'gbp', ratesOf: rates('24', '24') });
    expect(d.qualifying_label).toBeNull();
    expect(d.waits).toEqual([]);
    expect(d.notes).toContain(taxDecisionWords.noHoldingPeriod);
    // The pool sold whole at 80,000 is a gain: nothing to harvest, but the catch is still named.
    expect(d.harvest.lots).toEqual([]);
    expect(d.harvest.catch?.text).toContain('within 30 days after the sale');
    expect(d.year?.allowance).toMatchObject({
      kind: 'annual_exempt_amount',
      amount: '3000',
      used: '0',
      left: '3000',
    });
  });

  it('no rule: nothing is figured, the answer asks for one', () => {
    const none = computeTax({
      transactions: [tx('a', 'buy', '1', '50000', '2026-05-01T10:00:00.000Z')],
      rule: 'none',
      method: 'fifo',
    });
    const d = taxDecisions(none, options);
    expect(d).toMatchObject({ needs_rule: true, waits: [], year: null, notes: [taxDecisionWords.needsRule] });
    expect(d.harvest).toEqual({ lots: [], lots_omitted: 0, total: '0', catch: null });
  });

  it('a coin without a price now is not figured and says so', () => {
    const d = taxDecisions(us, { ...options, prices: new Map() });
    expect(d.waits).toEqual([]);
    expect(d.harvest.lots).toEqual([]);
    expect(d.notes).toContain(taxDecisionWords.noPrice(3));
  });
});
