import { describe, expect, it } from 'vitest';
import { computeTax } from './compute.ts';
import { isoToDay } from './dates.ts';
import { planTax, taxAwarePlan } from './exit-plan.ts';
import type { TaxTransaction } from './types.ts';

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
const transactions = [
  buy('a', '1', '20000', '2023-01-10T10:00:00.000Z'),
  buy('b', '1', '60000', '2024-03-01T10:00:00.000Z'),
];
const ladder = [
  { id: 'r1', coinsSold: '1', pricePerCoin: '70000', feesPercentage: '0', priceImpactPercentage: '0' },
  { id: 'r2', coinsSold: '1', pricePerCoin: '80000', feesPercentage: '0', priceImpactPercentage: '0' },
];
const asOfDay = isoToDay('2024-06-01');

describe('exit plans on real lots (worked by hand)', () => {
  it('Germany: the first rung sells the tax-free lot, the second the taxable one; waiting saves its tax', () => {
    const tax = computeTax({ transactions, rule: 'de', method: 'average' });
    const options = { portfolioId: null, coinId: 'bitcoin', asOfDay, shortRate: '42', longRate: '0' };
    const plan = planTax(tax, ladder, options);
    expect(plan.sales.map((s) => [s.lots[0]?.acquisition_id, s.lots[0]?.category, s.gain, s.tax])).toEqual([
      ['a', 'tax_free', '50000', '0'],
      ['b', 'taxable', '20000', '8400'],
    ]);
    expect(plan.sales[1]?.all_qualify_on).toBe('2025-03-02');
    const aware = taxAwarePlan(tax, ladder, options);
    expect(aware.order).toEqual([
      { id: 'r1', sale_date: '2024-06-01', delayed: false },
      { id: 'r2', sale_date: '2025-03-02', delayed: true },
    ]);
    expect([aware.tax_before, aware.tax_after, aware.saving]).toEqual(['8400', '0', '8400']);
  });

  it('US: short-term 37 %, long-term 15 %; fees and price impact come off before tax', () => {
    const tax = computeTax({ transactions, rule: 'us', method: 'fifo' });
    const options = { portfolioId: 'p', coinId: 'bitcoin', asOfDay, shortRate: '37', longRate: '15' };
    const plan = planTax(
      tax,
      [{ id: 'x', coinsSold: '2', pricePerCoin: '50000', feesPercentage: '1', priceImpactPercentage: '2' }],
      options,
    );
    // Price after impact 49,000; gross 98,000; fee 980 split 490/490; lot A gain 28,510 long,
    // lot B gain -11,490 short: tax 28,510 × 15 % = 4,276.5 (a short-term loss is not taxed).
    expect(plan.sales[0]).toMatchObject({
      effective_price: '49000',
      gross: '98000',
      fee: '980',
      gain: '17020',
      tax: '4276.5',
      net: '92743.5',
    });
    const aware = taxAwarePlan(tax, ladder, options);
    // Rung 1: 50,000 long-term at 15 % = 7,500; rung 2: 20,000 short-term at 37 % = 7,400, or 3,000 once long-term.
    expect([aware.tax_before, aware.tax_after, aware.saving]).toEqual(['14900', '10500', '4400']);
  });

  it('UK: a future sale draws on the Section 104 pool; no holding period, nothing to defer', () => {
    const tax = computeTax({ transactions, rule: 'uk', method: 'fifo' });
    const options = { portfolioId: null, coinId: 'bitcoin', asOfDay, shortRate: '24', longRate: '24' };
    const plan = planTax(tax, ladder, options);
    expect(plan.sales.map((s) => s.cost)).toEqual(['40000', '40000']);
    expect(taxAwarePlan(tax, ladder, options).saving).toBe('0');
  });

  it('UK: a sale today is matched with today’s purchase first (same-day rule), then the pool without it', () => {
    // Pool: 1 BTC for 20,000 and 1 for 60,000 (2 BTC, 80,000). Today, 1 June: 0.5 BTC for 34,000.
    const today = [...transactions, buy('c', '0.5', '68000', '2024-06-01T09:00:00.000Z')];
    const tax = computeTax({ transactions: today, rule: 'uk', method: 'fifo' });
    const options = { portfolioId: null, coinId: 'bitcoin', asOfDay, shortRate: '24', longRate: '24' };
    const plan = planTax(tax, ladder, options);
    // Rung 1: 0.5 same-day at 34,000 + 0.5 from the pool at 40,000/BTC = 54,000; gain 16,000,
    // less the 2024/25 annual exempt amount of 3,000: 13,000 × 24 % = 3,120. Rung 2: 40,000 × 24 %.
    expect(plan.sales[0]?.lots.map((l) => [l.acquisition_id, l.acquired_on, l.quantity, l.cost])).toEqual([
      ['c', '2024-06-01', '0.5', '34000'],
      [null, null, '0.5', '20000'],
    ]);
    expect(plan.sales.map((s) => [s.cost, s.gain, s.tax])).toEqual([
      ['54000', '16000', '3120'],
      ['40000', '40000', '9600'],
    ]);
    // Sold tomorrow, today's purchase has joined the pool: 2.5 BTC for 114,000, 45,600 per BTC.
    const tomorrow = planTax(
      tax,
      ladder.map((r) => ({ ...r, day: asOfDay + 1 })),
      options,
    );
    expect(tomorrow.sales.map((s) => s.cost)).toEqual(['45600', '45600']);
    // One portfolio of two: the person's pool average, the same-day part capped at its holding.
    const split = computeTax({
      transactions: [...today, { ...buy('d', '1', '10000', '2022-05-05T10:00:00.000Z'), portfolio_id: 'q' }],
      rule: 'uk',
      method: 'fifo',
    });
    const own = planTax(split, [{ ...(ladder[0] as (typeof ladder)[number]), coinsSold: '3' }], {
      ...options,
      portfolioId: 'p',
    });
    // p holds 2.5 of the person's 3.5; the pool without today: 3 BTC for 90,000 (30,000 each).
    expect(own.sales[0]?.lots.map((l) => [l.quantity, l.cost])).toEqual([
      ['0.5', '34000'],
      ['2', '60000'],
    ]);
  });
});

describe('exit plans under settings that change from a tax year on', () => {
  // US with FIFO until 2024; from 2025 the custom rule (long-term after 730 days) with HIFO.
  const history = [
    { fromYear: null, rule: 'us' as const, method: 'fifo' as const },
    { fromYear: 2025, rule: 'custom' as const, method: 'hifo' as const, customThresholdDays: 730 },
  ];
  const tax = computeTax({ transactions, rule: 'custom', method: 'hifo', history });
  const options = {
    portfolioId: null,
    coinId: 'bitcoin',
    asOfDay,
    // The latest entry's rates; each year's come from ratesOf.
    shortRate: '45',
    longRate: '20',
    ratesOf: (year: number) =>
      year < 2025 ? { shortRate: '37', longRate: '15' } : { shortRate: '45', longRate: '20' },
  };
  const later = isoToDay('2025-06-01');

  it('a rung sold today uses this year’s entry, a rung dated next year that year’s', () => {
    const plan = planTax(
      tax,
      [
        { ...(ladder[0] as (typeof ladder)[number]) },
        { ...(ladder[1] as (typeof ladder)[number]), day: later },
      ],
      options,
    );
    // Today (2024, US, FIFO): lot A, 70,000 − 20,000 = 50,000 long-term at 15 % = 7,500.
    // 1 June 2025 (custom, HIFO, 730 days): lot B, 80,000 − 60,000 = 20,000, held 457 days:
    // short-term at 45 % = 9,000; it turns long-term 731 days after 1 March 2024.
    expect(
      plan.sales.map((s) => [s.sale_date, s.lots[0]?.acquisition_id, s.lots[0]?.category, s.gain, s.tax]),
    ).toEqual([
      ['2024-06-01', 'a', 'long', '50000', '7500'],
      ['2025-06-01', 'b', 'short', '20000', '9000'],
    ]);
    expect(plan.sales[1]?.all_qualify_on).toBe('2026-03-02');
    expect(plan.total_tax).toBe('16500');
  });

  it('matches by the method of the sale’s year: FIFO today, HIFO in 2025', () => {
    const rung = ladder[1] as (typeof ladder)[number];
    const today = planTax(tax, [rung], options);
    expect(today.sales[0]?.lots.map((l) => [l.acquisition_id, l.category])).toEqual([['a', 'long']]);
    // 80,000 − 20,000 = 60,000 × 15 %.
    expect(today.sales[0]?.tax).toBe('9000');
    const next = planTax(tax, [{ ...rung, day: later }], options);
    expect(next.sales[0]?.lots.map((l) => [l.acquisition_id, l.category])).toEqual([['b', 'short']]);
  });

  it('weighs a delay into next year under next year’s entry', () => {
    const aware = taxAwarePlan(tax, ladder, options);
    // As entered, both today under the US rule: 7,500 + lot B's 20,000 short-term at 37 % = 14,900.
    // Waiting for B's US year (2 March 2025) lands in the custom rule's 2025: still short-term, at
    // 45 %, so the plan stays as it is.
    expect([aware.tax_before, aware.tax_after, aware.saving]).toEqual(['14900', '14900', '0']);
    expect(aware.order.map((o) => o.delayed)).toEqual([false, false]);
  });
});
