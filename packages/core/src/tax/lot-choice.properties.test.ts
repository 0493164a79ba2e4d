import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../decimal.ts';
import { parseInstant } from '../ledger/timeline.ts';
import { computeTax } from './compute.ts';
import { dayInZone, dayToIso, ruleTimeZone, taxYearOf } from './dates.ts';
import { ledgerArbitrary } from './fixtures/random-ledgers.ts';
import type { LotChoiceInput } from './lot-choice.ts';
import {
  bookOf,
  type ChoiceLot,
  type ChoiceSale,
  choiceFigures,
  minimiseLotChoice,
  piecesFigures,
} from './lot-minimiser.ts';
import { buildTaxReport } from './report.ts';
import type { TaxTransaction } from './types.ts';
import { whatIfSale } from './what-if.ts';

const runs = 40;
/** Pure computation; beside the other test workers on a busy machine it can take several seconds. */
const cpuBound = 30_000;
const methods = ['fifo', 'lifo', 'hifo'] as const;

/**
 * Per sale of a ledger: how many lots it names (0: none), which, and what part of the sale each.
 * A fitting choice names earlier lots of the sale's book, adding up to the sale; any other names
 * any acquisition at all (another coin or portfolio, a later one) in any quantity.
 */
const namingArbitrary = fc.array(
  fc.record({
    fitting: fc.boolean(),
    count: fc.integer({ min: 0, max: 3 }),
    picks: fc.array(fc.nat(), { minLength: 3, maxLength: 3 }),
    parts: fc.array(fc.integer({ min: 1, max: 120 }), { minLength: 3, maxLength: 3 }),
  }),
  { minLength: 60, maxLength: 60 },
);

describe('specific identification on random ledgers (fast-check)', () => {
  it(
    'never uses more of a lot than it holds: every acquisition is sold or held, exactly, whatever is named',
    () => {
      fc.assert(
        fc.property(
          ledgerArbitrary({ ownTransfers: false, maxRows: 40 }),
          namingArbitrary,
          (ledger, naming) => {
            const acquisitions = ledger.transactions.filter((t) => t.type !== 'sell');
            const choices = new Map<string, LotChoiceInput[]>();
            let n = 0;
            for (const t of ledger.transactions) {
              if (t.type !== 'sell') continue;
              const how = naming[n++ % naming.length];
              if (!how || how.count === 0) continue;
              const pool = how.fitting
                ? acquisitions.filter(
                    (a) =>
                      a.coin_id === t.coin_id &&
                      a.portfolio_id === t.portfolio_id &&
                      parseInstant(a.executed_at) < parseInstant(t.executed_at),
                  )
                : acquisitions;
              const picked = [
                ...new Set(how.picks.slice(0, how.count).map((p) => pool[p % Math.max(1, pool.length)])),
              ];
              const parts = how.parts.slice(0, picked.length);
              const partSum = parts.reduce((a, b) => a + b, 0);
              const lines = new Map<string, LotChoiceInput>();
              let left = new Dec(t.quantity);
              picked.forEach((a, i) => {
                if (!a) return;
                const share = new Dec(t.quantity).mul(parts[i] ?? 1);
                const quantity = how.fitting
                  ? i === picked.length - 1
                    ? left
                    : share.div(partSum).toDecimalPlaces(4)
                  : share.div(100).toDecimalPlaces(4);
                left = left.sub(quantity);
                if (quantity.gt(0)) lines.set(a.id, { acquisitionId: a.id, quantity: quantity.toFixed() });
              });
              if (lines.size > 0) choices.set(t.id, [...lines.values()]);
            }
            for (const method of methods) {
              const tax = computeTax({
                transactions: ledger.transactions,
                rule: 'us',
                method,
                lotChoices: choices,
              });
              const used = new Map<string, Dec>();
              const add = (id: string | null, q: Dec) => {
                if (id !== null) used.set(id, (used.get(id) ?? new Dec(0)).add(q));
              };
              for (const d of tax.disposals) {
                const lineTotal = d.lines.reduce((s, l) => s.add(l.quantity), new Dec(0));
                expect(lineTotal.eq(d.quantity), `${method} ${d.transactionId}`).toBe(true);
                expect(
                  d.lines.some((l) => l.basis === 'unmatched'),
                  method,
                ).toBe(false);
                const named = new Map(
                  (choices.get(d.transactionId) ?? []).map((c) => [c.acquisitionId, c.quantity]),
                );
                for (const l of d.lines) {
                  expect(l.quantity.gt(0), method).toBe(true);
                  add(l.acquisitionId, l.quantity);
                  if (l.basis === 'chosen' && l.acquisitionId !== null)
                    expect(l.quantity.lte(named.get(l.acquisitionId) ?? 0), method).toBe(true);
                }
              }
              for (const h of tax.holdings) {
                expect(h.quantity.gt(0), method).toBe(true);
                add(h.acquisitionId, h.quantity);
              }
              for (const a of acquisitions)
                expect((used.get(a.id) ?? new Dec(0)).eq(a.quantity), `${method} ${a.id}`).toBe(true);
            }
          },
        ),
        { numRuns: runs },
      );
    },
    cpuBound,
  );
});

const lotArbitrary = fc.record({
  group: fc.nat(6),
  units: fc.integer({ min: 1, max: 50_000 }),
  costCents: fc.integer({ min: 0, max: 9_000_000 }),
  unknown: fc.integer({ min: 0, max: 19 }),
});

/** Lots of up to seven acquisitions, some in two lots (a move away and back), some of unknown cost. */
const lotsArbitrary = fc.array(lotArbitrary, { minLength: 1, maxLength: 25 }).map((raw) => {
  const lots: ChoiceLot[] = raw.map((r) => ({
    acquisitionId: `a${r.group}`,
    // One acquisition, one day: from a year and a half before the sale to a month before it.
    acquiredDay: 19_000 + r.group * 90,
    quantity: new Dec(r.units).div(10_000),
    cost: r.unknown === 0 ? null : new Dec(r.costCents).div(100).mul(r.units).div(10_000),
  }));
  // In book order (by day), as a book holds them.
  return lots.sort((a, b) => a.acquiredDay - b.acquiredDay);
});

const saleArbitrary = fc.record({
  percent: fc.integer({ min: 1, max: 100 }),
  priceCents: fc.integer({ min: 0, max: 9_000_000 }),
  feeBasisPoints: fc.integer({ min: 0, max: 300 }),
  shortRate: fc.integer({ min: 0, max: 50 }),
  longRate: fc.integer({ min: 0, max: 50 }),
  order: fc.array(fc.nat(), { minLength: 25, maxLength: 25 }),
});

describe('the lowest-tax choice (fast-check)', () => {
  it('is never worse than FIFO, LIFO, HIFO or any order of taking the lots, and takes what it names', () => {
    fc.assert(
      fc.property(lotsArbitrary, saleArbitrary, (lots, s) => {
        const held = lots.reduce((sum, l) => sum.add(l.quantity), new Dec(0));
        const sale: ChoiceSale = {
          quantity: Dec.max(
            held.mul(s.percent).div(100).toDecimalPlaces(4, Dec.ROUND_DOWN),
            new Dec('0.0001'),
          ),
          pricePerCoin: new Dec(s.priceCents).div(100),
          feesPercentage: new Dec(s.feeBasisPoints).div(100),
          day: 19_000 + 600,
          options: { rule: 'us', method: 'fifo' },
          shortRate: new Dec(s.shortRate),
          longRate: new Dec(s.longRate),
        };
        const choice = minimiseLotChoice(lots, sale);
        const best = choiceFigures(lots, choice, sale);
        // It adds up to the sale and never names more of an acquisition than its lots hold.
        expect(best.quantity.eq(sale.quantity)).toBe(true);
        for (const n of choice) {
          const holds = lots
            .filter((l) => l.acquisitionId === n.acquisitionId)
            .reduce((sum, l) => sum.add(l.quantity), new Dec(0));
          expect(n.quantity.lte(holds)).toBe(true);
        }
        const noWorse = (other: ReturnType<typeof piecesFigures>, label: string) => {
          // A choice that needs a lot of unknown cost has no known tax; so does every other then.
          if (best.tax === null) {
            expect(other.tax, label).toBeNull();
            return;
          }
          if (other.tax !== null) expect(best.tax.lte(other.tax), label).toBe(true);
        };
        for (const method of methods)
          noWorse(piecesFigures(bookOf(lots, method).take(sale.quantity), sale), method);
        // Any order at all: a random permutation of the lots, filled in turn.
        const order = lots.map((_, i) => i).sort((a, b) => (s.order[a] ?? 0) - (s.order[b] ?? 0) || a - b);
        const book = bookOf(lots);
        let left = sale.quantity;
        const pieces = [];
        for (const i of order) {
          const l = lots[i] as ChoiceLot;
          if (!left.gt(0)) break;
          const take = Dec.min(left, l.quantity);
          left = left.sub(take);
          pieces.push({ ...l, take });
        }
        const anyOrder = piecesFigures(
          pieces.map((p) => ({
            kind: 'lot' as const,
            acquisitionId: p.acquisitionId,
            acquiredDay: p.acquiredDay,
            at: null,
            quantity: p.take,
            cost: p.cost === null ? null : p.cost.mul(p.take).div(p.quantity),
          })),
          sale,
        );
        noWorse(anyOrder, 'any order');
        expect(book.quantity.eq(held)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('a what-if sale naming its lots is the sale the report shows once it is entered (fast-check)', () => {
  it(
    "same lots, cost, gain and categories, and the tax it adds to the year's estimate, under every method",
    () => {
      fc.assert(
        fc.property(
          ledgerArbitrary({ ownTransfers: true, maxRows: 30 }),
          fc.record({
            coin: fc.constantFrom('bitcoin', 'ethereum'),
            percent: fc.integer({ min: 1, max: 100 }),
            priceCents: fc.integer({ min: 0, max: 9_000_000 }),
            feeBasisPoints: fc.integer({ min: 0, max: 300 }),
            daysAfter: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 500 })),
            holder: fc.nat(5),
            /** 0: the lowest-tax choice; otherwise a choice in an order drawn from this seed. */
            seed: fc.nat(1000),
          }),
          (ledger, s) => {
            const last = Math.max(...ledger.transactions.map((t) => parseInstant(t.executed_at)));
            for (const method of methods) {
              const label = `us/${method}`;
              const options = { rule: 'us' as const, method, links: ledger.links };
              const before = computeTax({ transactions: ledger.transactions, ...options });
              const holders = [
                ...new Set(before.holdings.filter((h) => h.coinId === s.coin).map((h) => h.portfolioId)),
              ].sort();
              const portfolioId = holders[s.holder % Math.max(1, holders.length)];
              if (portfolioId === undefined) continue;
              const open = before.holdings.filter(
                (h) => h.coinId === s.coin && h.portfolioId === portfolioId,
              );
              const held = open.reduce((sum, h) => sum.add(h.quantity), new Dec(0));
              const asked = Dec.max(
                held.mul(s.percent).div(100).toDecimalPlaces(4, Dec.ROUND_DOWN),
                new Dec('0.0001'),
              );
              const zone = ruleTimeZone('us');
              const soon = last + 60_000;
              const day = s.daysAfter === 0 ? dayInZone(soon, zone) : dayInZone(last, zone) + s.daysAfter;
              const price = new Dec(s.priceCents).div(100).toFixed();
              const feesPercentage = new Dec(s.feeBasisPoints).div(100).toFixed();
              const rates = { shortRate: '30', longRate: '10', currency: 'usd' };
              const sale = {
                coinId: s.coin,
                portfolioId,
                quantity: asked.toFixed(),
                pricePerCoin: price,
                feesPercentage,
                day,
                ...rates,
              };
              let lots: LotChoiceInput[];
              const proposed = s.seed === 0 ? whatIfSale(before, sale).lowest_tax_choice : null;
              if (s.seed === 0) {
                lots = (proposed?.lots ?? []).map((l) => ({
                  acquisitionId: l.acquisition_id,
                  quantity: l.quantity,
                }));
              } else {
                // The lots in a seeded order, filled in turn and named per acquisition.
                const order = open
                  .map((_, i) => i)
                  .sort((a, b) => ((a * 7919 + s.seed) % 97) - ((b * 7919 + s.seed) % 97) || a - b);
                const per = new Map<string, Dec>();
                let left = asked;
                for (const i of order) {
                  const h = open[i];
                  if (!h || h.acquisitionId === null || !left.gt(0)) continue;
                  const take = Dec.min(left, h.quantity);
                  per.set(h.acquisitionId, (per.get(h.acquisitionId) ?? new Dec(0)).add(take));
                  left = left.sub(take);
                }
                lots = [...per].map(([acquisitionId, q]) => ({ acquisitionId, quantity: q.toFixed() }));
              }
              const w = whatIfSale(before, { ...sale, lots });
              expect(w.lots_chosen, label).toBe(true);
              // The lowest-tax choice's own figures are those of the sale naming it.
              if (proposed) {
                expect(proposed.gain === null, label).toBe(w.gain === null);
                expect(proposed.estimated_tax === null, label).toBe(w.estimated_tax === null);
                if (proposed.gain !== null && w.gain !== null)
                  expect(new Dec(proposed.gain).sub(w.gain).abs().lte('1e-15'), `${label} gain`).toBe(true);
                if (proposed.estimated_tax !== null && w.estimated_tax !== null)
                  expect(
                    new Dec(proposed.estimated_tax).sub(w.estimated_tax).abs().lte('1e-15'),
                    `${label} tax`,
                  ).toBe(true);
                expect(
                  proposed.lines.map((l) => [l.acquisition_id, l.quantity, l.category]),
                  label,
                ).toEqual(w.lots.map((l) => [l.acquisition_id, l.quantity, l.category]));
              }
              expect(
                w.lots.every((l) => l.basis === 'chosen'),
                label,
              ).toBe(true);

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
              const after = computeTax({
                transactions: [...ledger.transactions, entered],
                ...options,
                lotChoices: new Map([['entered-sale', lots]]),
              });
              expect(after.lotChoices?.issues, label).toEqual([]);
              const reportOptions = { year: taxYearOf('us', day), portfolioId, ...rates };
              const report = buildTaxReport(after, reportOptions);
              const d = report.disposals.find((x) => x.transaction_id === 'entered-sale');
              expect(d, label).toBeDefined();
              if (!d) continue;
              expect([d.proceeds, d.fee, d.cost, d.gain], label).toEqual([
                w.proceeds,
                w.fees,
                w.cost,
                w.gain,
              ]);
              const figures = (l: (typeof d.lines)[number] | (typeof w.lots)[number]) => [
                l.basis,
                l.acquisition_id,
                l.acquired_on,
                l.quantity,
                l.proceeds,
                l.fee,
                l.cost,
                l.gain,
                l.category,
              ];
              expect(d.lines.map(figures), label).toEqual(w.lots.map(figures));
              const yearBefore = buildTaxReport(before, reportOptions).year_summary;
              if (yearBefore && report.year_summary && w.estimated_tax !== null) {
                const added = new Dec(report.year_summary.estimated_tax).sub(yearBefore.estimated_tax);
                expect(added.sub(w.estimated_tax).abs().lte('1e-15'), `${label} tax`).toBe(true);
              }
              // The lowest-tax choice is never worse than the method of the year.
              const lowest = w.lowest_tax_choice;
              if (lowest?.tax_saving != null) expect(new Dec(lowest.tax_saving).gte(0), label).toBe(true);
            }
          },
        ),
        { numRuns: 30 },
      );
    },
    cpuBound,
  );
});
