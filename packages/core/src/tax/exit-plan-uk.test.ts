import { describe, expect, it } from 'vitest';
import { computeTax } from './compute.ts';
import { isoToDay } from './dates.ts';
import { planTax } from './exit-plan.ts';
import type { TaxTransaction } from './types.ts';
import { ukAnnualExemptAmount } from './uk-exempt.ts';

/*
 * UK exit plans, figures worked by hand. Rule facts:
 * - Share identification for cryptoassets: same day, then acquisitions in the 30 days after the
 *   disposal, then the Section 104 pool (HMRC Cryptoassets Manual CRYPTO22200-CRYPTO22250;
 *   HS284 "Shares and Capital Gains Tax"; TCGA 1992 ss. 104-106A).
 * - Annual exempt amount: £12,300 up to 2022/23, £6,000 for 2023/24, £3,000 from 2024/25
 *   (HMRC, "Capital Gains Tax: what you pay it on, rates and allowances"; see uk-exempt.ts for
 *   how it was checked). Tax years run 6 April to 5 April; the year's losses are deducted from
 *   its gains before the allowance.
 * - Rate: the rule's configured rate (Settings, short rate), here 24 % and 20 %.
 */
const tx = (
  id: string,
  type: 'buy' | 'sell',
  coin: string,
  quantity: string,
  price: string,
  at: string,
): TaxTransaction => ({
  id,
  portfolio_id: 'p',
  coin_id: coin,
  type,
  quantity,
  price_per_coin: price,
  fee: '0',
  executed_at: at,
});
const rung = (id: string, coinsSold: string, pricePerCoin: string, day?: string) => ({
  id,
  coinsSold,
  pricePerCoin,
  feesPercentage: '0',
  priceImpactPercentage: '0',
  day: day === undefined ? undefined : isoToDay(day),
});

describe('UK exit plans: 30-day rule and annual exempt amount (worked by hand)', () => {
  it('allowances per tax year', () => {
    expect([2022, 2023, 2024, 2026].map((y) => ukAnnualExemptAmount(y)?.toFixed())).toEqual([
      '12300',
      '6000',
      '3000',
      '3000',
    ]);
  });

  it('a buy 10 days after a planned sale is matched before the Section 104 pool', () => {
    // Pool: 2 BTC for 40,000 (bought 10 Jan 2024). Recorded buy on 11 June 2024: 1 BTC for 50,000.
    const transactions = [
      tx('a', 'buy', 'bitcoin', '2', '20000', '2024-01-10T10:00:00.000Z'),
      tx('c', 'buy', 'bitcoin', '1', '50000', '2024-06-11T10:00:00.000Z'),
    ];
    const computation = computeTax({ transactions, rule: 'uk', method: 'fifo' });
    const options = {
      portfolioId: null,
      coinId: 'bitcoin',
      asOfDay: isoToDay('2024-06-01'),
      shortRate: '24',
      longRate: '24',
    };
    const plan = planTax(computation, [rung('r1', '1', '70000'), rung('r2', '1', '70000')], options);
    // r1 (1 June): the 11 June buy, 10 days later, at its own cost 50,000: gain 20,000 (the pool
    // would have given 30,000 per BTC, gain 40,000). Less the 3,000 allowance: 17,000 × 24 % = 4,080.
    expect(plan.sales[0]?.lots.map((l) => [l.acquisition_id, l.acquired_on, l.quantity, l.cost])).toEqual([
      ['c', '2024-06-11', '1', '50000'],
    ]);
    // r2: the pool, 2 BTC for 40,000: cost 20,000, gain 50,000, no allowance left: 12,000.
    expect(plan.sales.map((s) => [s.cost, s.gain, s.tax_year, s.exempt_used, s.tax, s.net])).toEqual([
      ['50000', '20000', '2024/25', '3000', '4080', '65920'],
      ['20000', '50000', '2024/25', '0', '12000', '58000'],
    ]);
    expect(plan.total_tax).toBe('16080');
  });

  it('allowance across two tax years, part used by a gain already realized that year', () => {
    // 2 BTC for 20,000 in Jan 2023; 0.2 BTC sold 1 May 2024 for 4,000: realized gain 2,000 in
    // 2024/25 (pool cost 10,000/BTC), leaving 1,000 of the 3,000 allowance.
    const transactions = [
      tx('a', 'buy', 'bitcoin', '2', '10000', '2023-01-10T10:00:00.000Z'),
      tx('s', 'sell', 'bitcoin', '0.2', '20000', '2024-05-01T10:00:00.000Z'),
    ];
    const computation = computeTax({ transactions, rule: 'uk', method: 'fifo' });
    const options = {
      portfolioId: 'p',
      coinId: 'bitcoin',
      asOfDay: isoToDay('2024-06-01'),
      shortRate: '20',
      longRate: '20',
    };
    // Each rung: 0.5 BTC for 15,000, cost 5,000, gain 10,000.
    const plan = planTax(
      computation,
      [
        rung('r1', '0.5', '30000'),
        rung('r2', '0.5', '30000', '2025-04-06'),
        rung('r3', '0.5', '30000', '2025-04-05'),
      ],
      options,
    );
    // r1 (2024/25): 1,000 left, taxable 9,000 → 1,800. r3 (5 April 2025, still 2024/25): none
    // left, 10,000 → 2,000. r2 (6 April 2025, 2025/26): the new year's 3,000, 7,000 → 1,400.
    expect(plan.sales.map((s) => [s.id, s.gain, s.tax_year, s.exempt_used, s.tax])).toEqual([
      ['r1', '10000', '2024/25', '1000', '1800'],
      ['r2', '10000', '2025/26', '3000', '1400'],
      ['r3', '10000', '2024/25', '0', '2000'],
    ]);
    expect(plan.tax_years).toEqual([
      {
        tax_year: '2024/25',
        exempt_amount: '3000',
        realized_gain: '2000',
        exempt_used_by_realized: '2000',
        exempt_used_by_plan: '1000',
      },
      {
        tax_year: '2025/26',
        exempt_amount: '3000',
        realized_gain: '0',
        exempt_used_by_realized: '0',
        exempt_used_by_plan: '3000',
      },
    ]);
    expect(plan.total_tax).toBe('5200');
  });

  it('losses of the year net against gains before the allowance', () => {
    // Realized ETH loss in 2024/25: 10 ETH bought for 30,000, sold for 25,000: -5,000.
    // BTC pool: 1 BTC for 50,000.
    const transactions = [
      tx('e1', 'buy', 'ethereum', '10', '3000', '2024-04-10T10:00:00.000Z'),
      tx('e2', 'sell', 'ethereum', '10', '2500', '2024-05-10T10:00:00.000Z'),
      tx('b1', 'buy', 'bitcoin', '1', '50000', '2024-04-10T10:00:00.000Z'),
    ];
    const computation = computeTax({ transactions, rule: 'uk', method: 'fifo' });
    const options = {
      portfolioId: null,
      coinId: 'bitcoin',
      asOfDay: isoToDay('2024-06-01'),
      shortRate: '20',
      longRate: '20',
    };
    const plan = planTax(computation, [rung('r1', '0.5', '80000'), rung('r2', '0.5', '40000')], options);
    // r1: 40,000 − 25,000 = 15,000; the year's net -5,000 → 10,000; allowance 3,000; taxable
    // 7,000 → 1,400. r2: 20,000 − 25,000 = -5,000; the year's net 5,000, taxable 2,000: it lowers
    // the taxable total by 5,000 → -1,000. Year: (15,000 − 5,000 − 5,000 − 3,000) × 20 % = 400.
    expect(plan.sales.map((s) => [s.gain, s.exempt_used, s.tax, s.net])).toEqual([
      ['15000', '3000', '1400', '38600'],
      ['-5000', '0', '-1000', '21000'],
    ]);
    expect(plan.total_tax).toBe('400');
    expect(plan.tax_years?.[0]).toMatchObject({ realized_gain: '-5000', exempt_used_by_realized: '0' });
  });
});
