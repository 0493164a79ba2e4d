import { describe, expect, it } from 'vitest';
import { fixture } from './fixtures/load.ts';
import { PlanGenerator, type RandomPlan, seededRandom } from './fixtures/random-plans.ts';
import incomplete from './fixtures/recalculate/incomplete-rows-skipped.json' with { type: 'json' };
import looseText from './fixtures/recalculate/loose-text-and-exact-decimals.json' with { type: 'json' };
import nothingLeft from './fixtures/recalculate/nothing-left-to-sell.json' with { type: 'json' };
import priceImpact from './fixtures/recalculate/price-impact-is-informative.json' with { type: 'json' };
import outOfOrder from './fixtures/recalculate/rows-out-of-order.json' with { type: 'json' };
import threeRungs from './fixtures/recalculate/three-rungs-last-exceeds-remaining.json' with { type: 'json' };
import zeroTax from './fixtures/recalculate/zero-tax.json' with { type: 'json' };
import { type ProjectionContext, recalculate } from './recalculate.ts';
import { createFastRecalculator, type FastProjectionFigures, recalculateFast } from './recalculate-fast.ts';
import type { SellRow } from './rows.ts';

interface RecalcScenario {
  name: string;
  tokensOwned: string;
  sellTax: string;
  context: ProjectionContext;
  rows: SellRow[];
  expect: Record<string, unknown>;
}

const scenarios = [threeRungs, zeroTax, outOfOrder, incomplete, priceImpact, looseText, nothingLeft].map(
  (json) => fixture<RecalcScenario>(json),
);

// The decimal oracle is the slow side; a busy two-core machine needs room.
const slow = 120_000;

const oracle = (p: RandomPlan) => recalculate(p.rows, p.tokensOwned, p.sellTax, p.context);

/** The fast figures must be the reference's, field for field, and rowFor must follow input order. */
function expectSame(plan: RandomPlan, fast: FastProjectionFigures, label: string) {
  const reference = oracle(plan);
  const figures = fast.toFigures();
  expect(figures, label).toEqual(reference);
  plan.rows.forEach((row, i) => {
    const figures = fast.rowFor(i);
    expect(figures.transaction_order, label).toBe(row.transaction_order);
    expect(figures.id, label).toBe(row.id === '' ? null : row.id);
  });
  return figures;
}

describe('recalculateFast equals the decimal reference', () => {
  it.each(scenarios.map((s) => [s.name, s] as const))('scenario %s', (_name, s) => {
    const fast = recalculateFast(s.rows, s.tokensOwned, s.sellTax, s.context);
    expect(fast.toFigures()).toMatchObject(s.expect);
    expectSame(s, fast, s.name);
  });

  it(
    'matches on 3,000 seeded random plans (≈30,000 rows), and every path is exercised',
    () => {
      const g = new PlanGenerator(seededRandom(5));
      const modes = { exact: 0, rounding: 0, reference: 0 };
      let capped = 0;
      let rows = 0;
      for (let i = 0; i < 3000; i++) {
        const plan = i % 5 === 4 ? g.wide() : g.plan(20);
        if (i % 71 === 0 && plan.rows[0] !== undefined) plan.rows[0].price_per_coin = '1e400';
        const fast = recalculateFast(plan.rows, plan.tokensOwned, plan.sellTax, plan.context);
        const figures = expectSame(plan, fast, `seeded plan ${i}`);
        modes[fast.mode] += 1;
        rows += plan.rows.length;
        capped += figures.rows.filter((r) => r.capped).length;
      }
      // Proof that the generator reaches each branch many times over.
      expect(modes.exact).toBeGreaterThan(600);
      expect(modes.rounding).toBeGreaterThan(600);
      expect(modes.reference).toBeGreaterThan(30);
      expect(capped).toBeGreaterThan(5000);
      expect(rows).toBeGreaterThan(25_000);
    },
    slow,
  );

  it(
    'matches on 1,000-row plans',
    () => {
      const g = new PlanGenerator(seededRandom(11));
      for (let i = 0; i < 6; i++) {
        const plan = g.plan(0);
        plan.rows = Array.from({ length: 1000 }, (_, k) => ({
          id: `local-${k + 1}`,
          coins_sold: g.coins(),
          price_per_coin: g.price(),
          fees_percentage: g.percent(),
          price_impact_percentage: g.percent(),
          sell_tax: '',
          transaction_order: k + 1,
        }));
        plan.tokensOwned = g.decimal(2, 6, 8);
        expectSame(
          plan,
          recalculateFast(plan.rows, plan.tokensOwned, plan.sellTax, plan.context),
          `big ${i}`,
        );
      }
    },
    slow,
  );

  it(
    'keeps equal through a live editing session (cached rows, edits, in-place changes)',
    () => {
      const g = new PlanGenerator(seededRandom(99));
      const live = createFastRecalculator();
      const plan = g.plan(40);
      for (let step = 0; step < 400; step++) {
        const roll = g.int(0, 5);
        const at = g.int(0, Math.max(0, plan.rows.length - 1));
        const row = plan.rows[at];
        if (roll === 0 || row === undefined) {
          plan.rows.push({
            id: `local-${step + 100}`,
            coins_sold: g.coins(),
            price_per_coin: g.price(),
            fees_percentage: g.percent(),
            price_impact_percentage: g.percent(),
            sell_tax: '',
            transaction_order: plan.rows.length + 1,
          });
        } else if (roll === 1) {
          plan.rows.splice(at, 1);
        } else if (roll === 2) {
          // A row object changed in place must not be served from the cache.
          row.price_per_coin = g.price();
        } else if (roll === 3) {
          plan.rows[at] = { ...row, coins_sold: g.coins() };
        } else if (roll === 4) {
          plan.rows[at] = { ...row, fees_percentage: g.percent(), price_impact_percentage: g.percent() };
        } else {
          plan.tokensOwned = g.decimal(-2, 6, 8);
        }
        expectSame(plan, live(plan.rows, plan.tokensOwned, plan.sellTax, plan.context), `step ${step}`);
      }
    },
    slow,
  );

  it('gives rows in input order through rowFor when the rows arrive unsorted', () => {
    const s = fixture<RecalcScenario>(outOfOrder);
    const fast = recalculateFast(s.rows, s.tokensOwned, s.sellTax, s.context);
    const reference = recalculate(s.rows, s.tokensOwned, s.sellTax, s.context);
    s.rows.forEach((row, i) => {
      expect(fast.rowFor(i)).toEqual(reference.rows.find((r) => r.id === row.id));
    });
  });

  it('falls back to the reference for values outside the scaled domain', () => {
    const rows: SellRow[] = [
      {
        id: 'a',
        coins_sold: '1',
        price_per_coin: '2',
        fees_percentage: '1e-200',
        price_impact_percentage: '',
        sell_tax: '',
        transaction_order: 1,
      },
    ];
    const fast = recalculateFast(rows, '1e500', '10', { currentPrice: '3' });
    expect(fast.mode).toBe('reference');
    expect(fast.toFigures()).toEqual(recalculate(rows, '1e500', '10', { currentPrice: '3' }));
  });
});
