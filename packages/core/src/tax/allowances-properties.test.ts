import type { TaxCategory, TaxRule } from '@app/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../decimal.ts';
import type { CategoryFigures, YearFigures, YearSummaryCalc } from './allowance-types.ts';
import { summarizeYears } from './allowances.ts';
import { computeTax } from './compute.ts';
import { ledgerArbitrary } from './fixtures/random-ledgers.ts';
import { buildTaxReport, taxYearsWithActivity } from './report.ts';
import { ruleCategories } from './rules.ts';
import { ukAnnualExemptAmount } from './uk-exempt.ts';

const rules = ['uk', 'de', 'us', 'custom'] as const;
const ruleCurrency: Record<(typeof rules)[number], string> = {
  uk: 'gbp',
  de: 'eur',
  us: 'usd',
  custom: 'usd',
};

const cents = fc.integer({ min: 0, max: 2_000_000 }).map((n) => new Dec(n).div(100));

/** Up to eight tax years between 2018 and 2030, each with random gains and losses per category. */
const yearsArbitrary = (rule: TaxRule): fc.Arbitrary<YearFigures[]> =>
  fc.uniqueArray(fc.integer({ min: 2018, max: 2030 }), { minLength: 1, maxLength: 8 }).chain((years) =>
    fc.tuple(
      ...years.map((year) =>
        fc
          .tuple(...ruleCategories(rule).map(() => fc.record({ gains: cents, losses: cents })))
          .map((figures) => ({
            year,
            categories: new Map<TaxCategory, CategoryFigures>(
              ruleCategories(rule).map((c, i) => [c, figures[i] as CategoryFigures]),
            ),
          })),
      ),
    ),
  );

interface Case {
  rule: (typeof rules)[number];
  years: YearFigures[];
  allowance: Dec | null;
  currency: string;
}

const caseArbitrary: fc.Arbitrary<Case> = fc.constantFrom(...rules).chain((rule) =>
  fc.record({
    rule: fc.constant(rule),
    years: yearsArbitrary(rule),
    allowance: fc.option(cents, { nil: null }),
    // Mostly the law's own currency; sometimes another, where fixed amounts are not applied.
    currency: fc.oneof(
      { weight: 4, arbitrary: fc.constant(ruleCurrency[rule]) },
      { weight: 1, arbitrary: fc.constant('chf') },
    ),
  }),
);

function run(c: Case): YearSummaryCalc[] {
  return (
    summarizeYears(c.years, {
      rule: c.rule,
      currency: c.currency,
      yearlyAllowance: c.allowance,
      rate: (category) => new Dec(category === 'long' ? 15 : 30),
    }) ?? []
  );
}

const nonNegative = (x: Dec) => !x.isNegative() || x.isZero();

describe('allowances and losses over random years (fast-check)', () => {
  it('losses carried are never negative, and each year brings forward what the one before carried', () => {
    fc.assert(
      fc.property(caseArbitrary, (c) => {
        const years = run(c);
        let carried = new Dec(0);
        for (const y of years) {
          expect(y.lossesBroughtForward.eq(carried), `${c.rule} ${y.year}`).toBe(true);
          for (const x of [y.lossesBroughtForward, y.lossesUsed, y.lossesCarriedForward])
            expect(nonNegative(x)).toBe(true);
          expect(y.lossesUsed.lte(y.lossesBroughtForward)).toBe(true);
          for (const l of y.lossesByCategory)
            for (const x of [l.broughtForward, l.used, l.carriedForward]) expect(nonNegative(x)).toBe(true);
          carried = y.lossesCarriedForward;
        }
      }),
      { numRuns: 300 },
    );
  });

  it('the taxable gain is never negative, and never more than the year’s net gain', () => {
    fc.assert(
      fc.property(caseArbitrary, (c) => {
        for (const y of run(c)) {
          let taxable = new Dec(0);
          for (const t of y.taxable) {
            expect(nonNegative(t.amount), `${c.rule} ${y.year} ${t.category}`).toBe(true);
            taxable = taxable.add(t.amount);
          }
          expect(taxable.lte(Dec.max(y.net, 0)), `${c.rule} ${y.year}`).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('UK: losses brought forward never take the net gain below the annual exempt amount, and nothing is lost', () => {
    fc.assert(
      fc.property(yearsArbitrary('uk'), (years) => {
        const out: YearSummaryCalc[] =
          summarizeYears(years, {
            rule: 'uk',
            currency: 'gbp',
            yearlyAllowance: null,
            rate: () => new Dec(20),
          }) ?? [];
        for (const y of out) {
          const aea = ukAnnualExemptAmount(y.year) ?? new Dec(0);
          if (y.lossesUsed.gt(0)) expect(y.net.sub(y.lossesUsed).gte(aea), String(y.year)).toBe(true);
          // Unused losses carry on: none is used while any of the allowance is left.
          if (y.net.lte(aea)) expect(y.lossesUsed.isZero()).toBe(true);
          const added = y.net.lt(0) ? y.net.neg() : new Dec(0);
          expect(y.lossesCarriedForward.eq(y.lossesBroughtForward.sub(y.lossesUsed).add(added))).toBe(true);
          expect(y.taxable[0]?.amount.eq(Dec.max(0, y.net.sub(aea).sub(y.lossesUsed)))).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('US: what a net loss leaves after the $3,000 deduction is carried over, split by character', () => {
    fc.assert(
      fc.property(yearsArbitrary('us'), (years) => {
        const out =
          summarizeYears(years, {
            rule: 'us',
            currency: 'usd',
            yearlyAllowance: null,
            rate: () => new Dec(20),
          }) ?? [];
        for (const y of out) {
          const after = y.net.sub(y.lossesBroughtForward);
          const deduction = y.allowance.used;
          expect(deduction.lte(3000)).toBe(true);
          if (after.lt(0))
            expect(y.lossesCarriedForward.add(deduction).eq(after.neg()), String(y.year)).toBe(true);
          else expect(y.lossesCarriedForward.isZero() && deduction.isZero()).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('on random ledgers, every year of every rule has a summary with nothing negative', () => {
    fc.assert(
      fc.property(ledgerArbitrary({ ownTransfers: true, maxRows: 40 }), ({ transactions, links }) => {
        for (const rule of rules) {
          const computation = computeTax({
            transactions,
            rule,
            method: 'fifo',
            customThresholdDays: 200,
            links,
          });
          for (const year of taxYearsWithActivity(computation, null)) {
            const summary = buildTaxReport(computation, {
              year,
              portfolioId: 'p2',
              currency: ruleCurrency[rule],
              shortRate: '30',
              longRate: '15',
              yearlyAllowance: '500',
            }).year_summary;
            expect(summary, `${rule} ${year}`).not.toBeNull();
            for (const v of [
              summary?.taxable_gain,
              summary?.estimated_tax,
              summary?.losses_brought_forward,
              summary?.losses_carried_forward,
            ])
              expect(v?.startsWith('-'), `${rule} ${year}`).toBe(false);
          }
        }
      }),
      { numRuns: 15 },
    );
  }, 20_000);
});
