import type { CostBasisMethod, TaxCategory, TaxRule } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { Dec } from '../decimal.ts';
import type { CategoryFigures, YearFigures } from './allowance-types.ts';
import { buildYearSummary, yearSummaryFromFigures } from './allowances.ts';
import { computeTax } from './compute.ts';
import customAllowance from './fixtures/allowances-custom-yearly-allowance.json' with { type: 'json' };
import deLimit from './fixtures/allowances-de-exemption-limit.json' with { type: 'json' };
import deCarry from './fixtures/allowances-de-loss-carry-forward.json' with { type: 'json' };
import ukAeaChange from './fixtures/allowances-uk-aea-change-2022-2027.json' with { type: 'json' };
import ukCg18202 from './fixtures/allowances-uk-cg18202-losses-brought-forward.json' with { type: 'json' };
import usCarryover from './fixtures/allowances-us-capital-loss-carryover.json' with { type: 'json' };
import { buildTaxReport, categoryRate } from './report.ts';
import type { TaxTransaction } from './types.ts';

/**
 * Fixture format: `source` (where the figures come from), `rule`, `currency`, `rates` (percent,
 * short and long), `yearly_allowance` (custom), and either `transactions` (run through the tax
 * engine and the report) or `years` (each year's gains and losses per category), with `expected`
 * holding, per tax year, a subset of the report's `year_summary`.
 */
interface AllowanceScenario {
  scenario: string;
  source: string;
  rule: TaxRule;
  method?: CostBasisMethod;
  currency: string;
  rates: { short: string; long: string };
  yearly_allowance: string | null;
  transactions?: TaxTransaction[];
  years?: ({ year: number } & Partial<Record<TaxCategory, { gains: string; losses: string }>>)[];
  /** Per tax year, a subset of the year's summary (compared with toMatchObject). */
  expected: Record<string, Record<string, unknown>>;
}

const scenarios = [
  ukCg18202,
  ukAeaChange,
  deLimit,
  deCarry,
  usCarryover,
  customAllowance,
] as unknown as AllowanceScenario[];

function figures(years: NonNullable<AllowanceScenario['years']>): YearFigures[] {
  return years.map(({ year, ...byCategory }) => {
    const categories = new Map<TaxCategory, CategoryFigures>();
    for (const [category, f] of Object.entries(byCategory) as [
      TaxCategory,
      { gains: string; losses: string },
    ][])
      categories.set(category, { gains: new Dec(f.gains), losses: new Dec(f.losses) });
    return { year, categories };
  });
}

function summaryOf(fixture: AllowanceScenario, year: number, portfolioId: string | null = null) {
  const rates = { shortRate: fixture.rates.short, longRate: fixture.rates.long };
  if (fixture.transactions) {
    const computation = computeTax({
      transactions: fixture.transactions,
      rule: fixture.rule,
      method: fixture.method ?? 'fifo',
    });
    return buildTaxReport(computation, {
      year,
      portfolioId,
      currency: fixture.currency,
      ...rates,
      yearlyAllowance: fixture.yearly_allowance,
    }).year_summary;
  }
  return yearSummaryFromFigures(fixture.rule, figures(fixture.years ?? []), new Map(), {
    year,
    currency: fixture.currency,
    yearlyAllowance: fixture.yearly_allowance === null ? null : new Dec(fixture.yearly_allowance),
    rate: (category) => categoryRate(category, rates),
    portfolioId,
  });
}

describe.each(scenarios)('allowances and losses: $scenario', (fixture) => {
  it('names its source', () => {
    expect(fixture.source.length).toBeGreaterThan(80);
  });

  it.each(Object.keys(fixture.expected))('tax year %s matches the worked figures', (year) => {
    const summary = summaryOf(fixture, Number(year));
    expect(summary).toMatchObject(fixture.expected[year] ?? {});
  });

  it('explains every step with its source, and every amount it names is given', () => {
    for (const year of Object.keys(fixture.expected)) {
      const summary = summaryOf(fixture, Number(year));
      expect(summary?.allowance.source.length).toBeGreaterThan(20);
      for (const step of summary?.steps ?? []) {
        for (const m of step.text.matchAll(/\{(\w+)\}/g))
          expect(step.amounts, step.text).toHaveProperty(m[1] ?? '');
        // Money only ever travels as an amount, so the page can format and mask it.
        expect(step.text).not.toMatch(/[£$€]\s?\d/);
      }
      const named = (summary?.steps ?? []).map((s) => s.text).join(' ');
      expect(named).toMatch(/HMRC|EStG|IRS|Schedule D|custom rule/);
    }
  });
});

const tx = (
  id: string,
  type: 'buy' | 'sell',
  price: string,
  at: string,
  portfolio: string,
): TaxTransaction => ({
  id,
  portfolio_id: portfolio,
  coin_id: 'bitcoin',
  type,
  quantity: '1',
  price_per_coin: price,
  fee: '0',
  executed_at: at,
});

describe('the year summary is the person’s', () => {
  // A 2023/24 loss of £4,000 in one portfolio, a 2024/25 gain of £10,000 in another.
  const transactions = [
    tx('b1', 'buy', '9000', '2023-06-01T10:00:00.000Z', 'p1'),
    tx('s1', 'sell', '5000', '2023-08-01T10:00:00.000Z', 'p1'),
    tx('b2', 'buy', '1000', '2024-05-01T10:00:00.000Z', 'p2'),
    tx('s2', 'sell', '11000', '2024-07-01T10:00:00.000Z', 'p2'),
  ];
  const computation = computeTax({ transactions, rule: 'uk', method: 'fifo' });
  const report = (portfolioId: string | null, currency = 'gbp') =>
    buildTaxReport(computation, { year: 2024, portfolioId, currency, shortRate: '20', longRate: '0' });

  it('a report of one portfolio still sets the other portfolios’ losses and the allowance against its gain', () => {
    for (const scope of [null, 'p2', 'p1']) {
      expect(report(scope).year_summary).toMatchObject({
        scope: 'all_portfolios',
        net_gain: '10000',
        allowance: { amount: '3000', used: '3000' },
        losses_brought_forward: '4000',
        losses_used: '4000',
        losses_carried_forward: '0',
        taxable_gain: '3000',
        estimated_tax: '600',
      });
    }
    expect(report('p1').total_gain).toBe('0');
    expect(
      report('p1')
        .year_summary?.steps.map((s) => s.text)
        .join(' '),
    ).toMatch(/not only the one this report lists/);
  });

  it('the law’s fixed amounts apply only in their own currency; losses still carry', () => {
    expect(report(null, 'usd').year_summary).toMatchObject({
      allowance: { kind: 'annual_exempt_amount', amount: null, used: '0', left: null },
      losses_used: '4000',
      taxable_gain: '6000',
    });
  });

  it('no rule, no summary', () => {
    const none = computeTax({ transactions, rule: 'none', method: 'fifo' });
    expect(
      buildTaxReport(none, { year: 2024, portfolioId: null, currency: 'gbp', shortRate: '0', longRate: '0' })
        .year_summary,
    ).toBeNull();
  });

  it('a sale without a known gain is left out and counted, never taken as 0', () => {
    const eth = (t: TaxTransaction): TaxTransaction => ({ ...t, coin_id: 'ethereum' });
    const run = computeTax({
      transactions: [
        ...transactions,
        eth(tx('b0', 'buy', '100', '2023-05-01T10:00:00.000Z', 'p1')),
        eth({ ...tx('s0', 'sell', '0', '2023-07-01T10:00:00.000Z', 'p1'), price_per_coin: null }),
      ],
      rule: 'uk',
      method: 'fifo',
    });
    const summary = buildYearSummary(run, {
      year: 2024,
      currency: 'gbp',
      yearlyAllowance: null,
      rate: () => new Dec(20),
      portfolioId: null,
    });
    expect(summary?.incomplete_disposals).toBe(1);
    expect(summary?.losses_brought_forward).toBe('4000');
    expect(summary?.steps.at(-1)?.text).toMatch(/^1 sale in this or an earlier tax year has no known gain/);
  });
});
