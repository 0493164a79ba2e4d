import type { CostBasisMethod, TaxRule } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { computeTax } from './compute.ts';
import { form8949Csv } from './csv.ts';
import { isoToDay } from './dates.ts';
import deOneYear from './fixtures/de-one-year.json' with { type: 'json' };
import transferCarriesLots from './fixtures/transfer-carries-lots.json' with { type: 'json' };
import transferNetworkFee from './fixtures/transfer-network-fee.json' with { type: 'json' };
import ukDay31 from './fixtures/uk-cg51560-day-31.json' with { type: 'json' };
import ukSection104 from './fixtures/uk-crypto22251-section-104.json' with { type: 'json' };
import ukSameDay from './fixtures/uk-crypto22252-same-day.json' with { type: 'json' };
import ukBedAndBreakfast from './fixtures/uk-crypto22253-bed-and-breakfast.json' with { type: 'json' };
import ukAllRules from './fixtures/uk-crypto22256-all-rules.json' with { type: 'json' };
import usPub550 from './fixtures/us-pub550-holding-period.json' with { type: 'json' };
import { buildLotsView } from './lots-view.ts';
import { buildTaxReport, disposalOut } from './report.ts';
import type { TaxTransaction } from './types.ts';

/**
 * Fixture format: `source` (where the figures come from), `rule`, `method`, `transactions`,
 * and `expected` with any of: `disposals.<tx id>` (a Disposal subset; `lines` compared in
 * order), `holdings` (open lots/pools in order), `report` (the report for `report.year`),
 * `lots` (the lots view as of `lots.as_of`), `form8949` (the CSV of the report's year),
 * `links` (own transfers found), `uk.<tx id>` (the same ledger under the UK rule).
 */
interface Scenario {
  scenario: string;
  source: string;
  rule: TaxRule;
  method: CostBasisMethod;
  transactions: TaxTransaction[];
  expected: {
    disposals?: Record<string, object>;
    holdings?: object[];
    report?: { year: number } & Record<string, unknown>;
    lots?: { as_of: string; lots: object[]; summary: object };
    form8949?: string;
    links?: Record<string, string>;
    uk?: Record<string, object>;
  };
}

const scenarios = [
  ukSection104,
  ukSameDay,
  ukBedAndBreakfast,
  ukAllRules,
  ukDay31,
  usPub550,
  deOneYear,
  transferCarriesLots,
  transferNetworkFee,
] as unknown as Scenario[];

describe.each(scenarios)('tax scenario $scenario', (fixture) => {
  const run = (rule: TaxRule = fixture.rule) =>
    computeTax({ transactions: fixture.transactions, rule, method: fixture.method });

  it('names its source', () => {
    expect(fixture.source.length).toBeGreaterThan(40);
  });

  it('matches the published disposals', () => {
    const result = run();
    const byId = new Map(result.disposals.map((d) => [d.transactionId, disposalOut(d)]));
    for (const [id, expected] of Object.entries(fixture.expected.disposals ?? {})) {
      expect(byId.get(id), id).toMatchObject(expected);
    }
  });

  it('leaves the published holdings', () => {
    if (!fixture.expected.holdings) return;
    const held = buildLotsView(run(), {
      portfolioId: null,
      prices: new Map(),
      asOfDay: isoToDay('2026-01-01'),
      currency: 'gbp',
    }).coins.flatMap((c) => c.lots);
    expect(held).toMatchObject(fixture.expected.holdings);
  });

  it('reports the tax year', () => {
    const expected = fixture.expected.report;
    if (!expected) return;
    const report = buildTaxReport(run(), {
      year: expected.year,
      portfolioId: null,
      currency: 'usd',
      shortRate: '0',
      longRate: '0',
    });
    expect(report).toMatchObject(expected);
    if (fixture.expected.form8949) expect(form8949Csv(report)).toBe(fixture.expected.form8949);
  });

  it('shows the lots view', () => {
    const expected = fixture.expected.lots;
    if (!expected) return;
    const view = buildLotsView(run(), {
      portfolioId: null,
      prices: new Map(),
      asOfDay: isoToDay(expected.as_of),
      currency: 'eur',
    });
    const { lots, summary } = expected;
    expect(view.coins[0]?.lots).toMatchObject(lots);
    expect(view.coins[0]?.summary).toMatchObject(summary);
  });

  it('links own transfers and matches the UK pool', () => {
    if (fixture.expected.links) expect(Object.fromEntries(run().links)).toEqual(fixture.expected.links);
    if (!fixture.expected.uk) return;
    const uk = new Map(run('uk').disposals.map((d) => [d.transactionId, disposalOut(d)]));
    for (const [id, expected] of Object.entries(fixture.expected.uk))
      expect(uk.get(id), id).toMatchObject(expected);
  });

  it('gives the same answer whatever order the rows arrive in', () => {
    const reversed = computeTax({
      transactions: [...fixture.transactions].reverse(),
      rule: fixture.rule,
      method: fixture.method,
    });
    expect(reversed.disposals.map(disposalOut)).toEqual(run().disposals.map(disposalOut));
  });
});
