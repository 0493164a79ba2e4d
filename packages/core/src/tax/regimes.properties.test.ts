import { costBasisMethods, taxRules } from '@app/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeTax } from './compute.ts';
import { ledgerArbitrary } from './fixtures/random-ledgers.ts';
import { buildTaxReport, taxYearsWithActivity } from './report.ts';
import type { TaxComputation } from './types.ts';

/** Pure computation over a few dozen ledgers; beside other workers it can take seconds. */
const cpuBound = 30_000;

const ruleArb = fc.constantFrom(...taxRules);
const methodArb = fc.constantFrom(...costBasisMethods);

/** Everything a report reads, without the history itself. */
function figures(c: TaxComputation) {
  return {
    options: c.options,
    method: c.method,
    zone: c.zone,
    disposals: c.disposals,
    income: c.income,
    holdings: c.holdings,
    needsPrice: c.needsPrice,
    transferFees: c.transferFees,
    lotChoices: c.lotChoices,
  };
}

function reports(c: TaxComputation, years: readonly number[]) {
  return years.map((year) =>
    buildTaxReport(c, {
      year,
      portfolioId: null,
      currency: 'usd',
      shortRate: '30',
      longRate: '15',
      yearlyAllowance: '50',
    }),
  );
}

describe('the settings by tax year (fast-check)', () => {
  it(
    'with one entry the engine gives exactly what it gave without a history, for every rule and method',
    () => {
      fc.assert(
        fc.property(
          ledgerArbitrary({ ownTransfers: true, maxRows: 40 }),
          ruleArb,
          methodArb,
          ({ transactions, links }, rule, method) => {
            const base = { transactions, links, rule, method, customThresholdDays: 200 };
            const single = computeTax(base);
            const history = computeTax({
              ...base,
              history: [{ fromYear: null, rule, method, customThresholdDays: 200 }],
            });
            expect(figures(history)).toEqual(figures(single));
            const years = taxYearsWithActivity(single, null);
            expect(reports(history, years)).toEqual(reports(single, years));
          },
        ),
        { numRuns: 40 },
      );
    },
    cpuBound,
  );

  it(
    'a change from a year leaves every earlier year as it was, and a change to the same settings changes nothing',
    () => {
      fc.assert(
        fc.property(
          ledgerArbitrary({ ownTransfers: true, maxRows: 40 }),
          fc.constantFrom('none', 'us', 'custom', 'de', 'uk' as const),
          methodArb,
          methodArb,
          fc.integer({ min: 2022, max: 2025 }),
          ({ transactions, links }, rule, first, then, from) => {
            const base = { transactions, links, rule, method: first, customThresholdDays: 200 };
            const single = computeTax(base);
            const years = taxYearsWithActivity(single, null);
            const changed = computeTax({
              ...base,
              history: [
                { fromYear: null, rule, method: first, customThresholdDays: 200 },
                { fromYear: from, rule, method: then, customThresholdDays: 200 },
              ],
            });
            const earlier = years.filter((y) => y < from);
            expect(reports(changed, earlier)).toEqual(reports(single, earlier));
            const same = computeTax({
              ...base,
              history: [
                { fromYear: null, rule, method: first, customThresholdDays: 200 },
                { fromYear: from, rule, method: first, customThresholdDays: 200 },
              ],
            });
            expect(reports(same, years)).toEqual(reports(single, years));
            expect(same.holdings).toEqual(single.holdings);
          },
        ),
        { numRuns: 40 },
      );
    },
    cpuBound,
  );
});
