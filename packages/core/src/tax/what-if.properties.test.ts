import { costBasisMethods, taxRules } from '@app/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../decimal.ts';
import { parseInstant } from '../ledger/timeline.ts';
import { computeTax } from './compute.ts';
import { dayInZone, dayToIso, ruleTimeZone, taxYearOf } from './dates.ts';
import { ledgerArbitrary } from './fixtures/random-ledgers.ts';
import { buildTaxReport } from './report.ts';
import type { TaxTransaction } from './types.ts';
import { heldQuantity, whatIfSale } from './what-if.ts';

const runs = 30;
/** Pure computation; beside the other test workers on a busy machine it can take several seconds. */
const cpuBound = 30_000;
/** Category totals add lot costs carried at 18 decimal places; the report adds them unrounded. */
const tolerance = new Dec('1e-15');

/** What a line of the report and a line of the what-if both say about one lot. */
const lineFigures = (l: {
  basis: string;
  acquisition_id: string | null;
  acquired_on: string | null;
  quantity: string;
  proceeds: string | null;
  fee: string | null;
  cost: string | null;
  gain: string | null;
  category: string;
}) => [l.basis, l.acquisition_id, l.acquired_on, l.quantity, l.proceeds, l.fee, l.cost, l.gain, l.category];

const saleArbitrary = fc.record({
  coin: fc.constantFrom('bitcoin', 'ethereum'),
  /** Percent of the holding asked for: over 100 asks for more than is held. */
  percent: fc.integer({ min: 1, max: 130 }),
  priceCents: fc.integer({ min: 0, max: 9_000_000 }),
  /** Hundredths of a percent of the proceeds. */
  feeBasisPoints: fc.integer({ min: 0, max: 300 }),
  /** 0: a minute after the last transaction, often the same day (UK same-day matching). */
  daysAfter: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 500 })),
  holder: fc.nat(5),
});

describe('a what-if sale is the sale the report shows once it is entered (fast-check)', () => {
  it(
    "same lots, cost, gain and categories, and the tax it adds to the year's estimate, for every rule and method",
    () => {
      fc.assert(
        fc.property(ledgerArbitrary({ ownTransfers: true, maxRows: 30 }), saleArbitrary, (ledger, s) => {
          const last = Math.max(...ledger.transactions.map((t) => parseInstant(t.executed_at)));
          for (const rule of taxRules) {
            for (const method of costBasisMethods) {
              const label = `${rule}/${method}`;
              const options = { rule, method, customThresholdDays: 200, links: ledger.links };
              const before = computeTax({ transactions: ledger.transactions, ...options });
              const holders = [
                ...new Set(
                  before.holdings
                    .filter((h) => h.coinId === s.coin && h.quantity.gt(0))
                    .map((h) => h.portfolioId),
                ),
              ].sort();
              const portfolioId = holders[s.holder % Math.max(1, holders.length)];
              if (portfolioId === undefined) continue;
              const held = heldQuantity(before, s.coin, portfolioId);
              const asked = Dec.max(
                held.mul(s.percent).div(100).toDecimalPlaces(4, Dec.ROUND_DOWN),
                new Dec('0.0001'),
              );
              const zone = ruleTimeZone(rule);
              const soon = last + 60_000;
              const day = s.daysAfter === 0 ? dayInZone(soon, zone) : dayInZone(last, zone) + s.daysAfter;
              const price = new Dec(s.priceCents).div(100).toFixed();
              const feesPercentage = new Dec(s.feeBasisPoints).div(100).toFixed();
              // Each rule in the currency of its fixed amounts (the UK's allowance is in pounds).
              const currency = rule === 'uk' ? 'gbp' : rule === 'de' ? 'eur' : 'usd';
              const rates = { shortRate: '30', longRate: '10', currency, yearlyAllowance: '500' };
              const w = whatIfSale(before, {
                coinId: s.coin,
                portfolioId,
                quantity: asked.toFixed(),
                pricePerCoin: price,
                feesPercentage,
                day,
                ...rates,
              });
              expect(new Dec(w.quantity).eq(Dec.min(asked, held)), label).toBe(true);

              // The same sale entered after the last transaction: a minute later, or at noon UTC of a
              // later day (the same calendar day in every rule's zone).
              const entered: TaxTransaction = {
                id: 'entered-sale',
                portfolio_id: portfolioId,
                coin_id: s.coin,
                type: 'sell',
                quantity: w.quantity,
                price_per_coin: price,
                fee: new Dec(w.fees).toFixed(),
                executed_at:
                  s.daysAfter === 0 ? new Date(soon).toISOString() : `${dayToIso(day)}T12:00:00.000Z`,
              };
              const after = computeTax({ transactions: [...ledger.transactions, entered], ...options });
              const reportOptions = { year: taxYearOf(rule, day), portfolioId, ...rates };
              const report = buildTaxReport(after, reportOptions);
              // The sale's tax is what entering it adds to the year's estimate.
              const yearBefore = buildTaxReport(before, reportOptions).year_summary;
              const yearAfter = report.year_summary;
              if (yearBefore && yearAfter && w.estimated_tax !== null) {
                const added = new Dec(yearAfter.estimated_tax).sub(yearBefore.estimated_tax);
                expect(added.sub(w.estimated_tax).abs().lte(tolerance), `${label} tax`).toBe(true);
              }
              expect(w.estimated_tax === null, label).toBe(w.gain === null);
              const d = report.disposals.find((x) => x.transaction_id === 'entered-sale');
              expect(d, label).toBeDefined();
              if (!d) continue;
              expect([d.proceeds, d.fee, d.cost, d.gain], label).toEqual([
                w.proceeds,
                w.fees,
                w.cost,
                w.gain,
              ]);
              expect(d.lines.map(lineFigures), label).toEqual(w.lots.map(lineFigures));
              // Per category, the sale's part of the report's lines.
              for (const c of w.categories) {
                const lines = d.lines.filter((l) => l.category === c.category);
                const gain = lines.reduce<Dec | null>(
                  (sum, l) => (sum === null || l.gain === null ? null : sum.add(l.gain)),
                  new Dec(0),
                );
                expect(c.gain === null, `${label} ${c.category}`).toBe(gain === null);
                if (gain !== null && c.gain !== null)
                  expect(gain.sub(c.gain).abs().lte(tolerance), `${label} ${c.category}`).toBe(true);
              }
            }
          }
        }),
        { numRuns: runs },
      );
    },
    cpuBound,
  );
});
