import { describe, expect, it } from 'vitest';
import { fixture } from './fixtures/load.ts';
import impactLowers from './fixtures/take-home/impact-lowers-each-rung.json' with { type: 'json' };
import wholePriceLost from './fixtures/take-home/whole-price-lost.json' with { type: 'json' };
import { recalculate } from './recalculate.ts';
import { createFastRecalculator } from './recalculate-fast.ts';
import type { SellRow } from './rows.ts';
import { rungTakeHome, takeHomeAfterImpact } from './take-home.ts';

interface TakeHomeScenario {
  name: string;
  rule: string;
  tokensOwned: string;
  sellTax: string;
  rows: SellRow[];
  expect: { cashOut: string; rows: string[]; total: string };
}

const scenarios = [impactLowers, wholePriceLost].map((json) => fixture<TakeHomeScenario>(json));

describe('take-home after price impact', () => {
  it.each(scenarios.map((s) => [s.name, s] as const))('%s', (_name, s) => {
    const figures = recalculate(s.rows, s.tokensOwned, s.sellTax);
    // The spec's cash out is untouched by the impact.
    expect(figures.totalCashOut).toBe(s.expect.cashOut);
    const takeHome = takeHomeAfterImpact(
      s.rows,
      (i) => figures.rows[i] ?? { counted: false, grossAtEffectivePrice: '0' },
      s.sellTax,
    );
    expect(takeHome).toEqual({ rows: s.expect.rows, total: s.expect.total });
    s.rows.forEach((row, i) => {
      const rowFigures = figures.rows[i];
      if (rowFigures) expect(rungTakeHome(rowFigures, row.fees_percentage, s.sellTax)).toBe(s.expect.rows[i]);
    });
  });

  it('reads the fast recalculator the same way, rows in any order', () => {
    const s = fixture<TakeHomeScenario>(impactLowers);
    const shuffled = [s.rows[2], s.rows[0], s.rows[3], s.rows[1]].filter(
      (r): r is SellRow => r !== undefined,
    );
    const fast = createFastRecalculator(false)(shuffled, s.tokensOwned, s.sellTax);
    const takeHome = takeHomeAfterImpact(shuffled, fast.rowFor, s.sellTax);
    expect(takeHome.rows).toEqual(['18', '6.444', '0', '17.355']);
    expect(takeHome.total).toBe('41.799');
  });

  it('stays exact where binary floats drift', () => {
    const row: SellRow = {
      id: 'a',
      coins_sold: '0.1',
      price_per_coin: '0.2',
      fees_percentage: '0.1',
      price_impact_percentage: '0.3',
      sell_tax: '0',
      transaction_order: 1,
    };
    const figures = recalculate([row], '1', '0.7');
    // 0.02 × 0.997 = 0.01994; less 0.1 % fee and 0.7 % tax: 0.01994 × 0.992.
    expect(
      rungTakeHome(figures.rows[0] ?? { counted: false, grossAtEffectivePrice: '0' }, '0.1', '0.7'),
    ).toBe('0.01978048');
  });
});
