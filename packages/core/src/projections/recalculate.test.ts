import { describe, expect, it } from 'vitest';
import { fixture } from './fixtures/load.ts';
import incomplete from './fixtures/recalculate/incomplete-rows-skipped.json' with { type: 'json' };
import looseText from './fixtures/recalculate/loose-text-and-exact-decimals.json' with { type: 'json' };
import nothingLeft from './fixtures/recalculate/nothing-left-to-sell.json' with { type: 'json' };
import priceImpact from './fixtures/recalculate/price-impact-is-informative.json' with { type: 'json' };
import outOfOrder from './fixtures/recalculate/rows-out-of-order.json' with { type: 'json' };
import threeRungs from './fixtures/recalculate/three-rungs-last-exceeds-remaining.json' with { type: 'json' };
import zeroTax from './fixtures/recalculate/zero-tax.json' with { type: 'json' };
import { type ProjectionContext, recalculate } from './recalculate.ts';
import type { SellRow } from './rows.ts';
import { figuresForProjection, figuresToWire } from './wire.ts';

interface RecalcScenario {
  name: string;
  rule: string;
  tokensOwned: string;
  sellTax: string;
  context: ProjectionContext;
  rows: SellRow[];
  expect: Record<string, unknown>;
}

const scenarios = [threeRungs, zeroTax, outOfOrder, incomplete, priceImpact, looseText, nothingLeft].map(
  (json) => fixture<RecalcScenario>(json),
);

describe('recalculate (sold, gross, fee, tax and cash out per row)', () => {
  it.each(scenarios.map((s) => [s.name, s] as const))('%s', (_name, scenario) => {
    const result = recalculate(scenario.rows, scenario.tokensOwned, scenario.sellTax, scenario.context);
    expect(result).toMatchObject(scenario.expect);
    expect(result.rows).toHaveLength(scenario.rows.length);
  });

  it('uses the projection sell tax, not a stale copy on the row', () => {
    const s = fixture<RecalcScenario>(threeRungs);
    const stale = s.rows.map((row) => ({ ...row, sell_tax: '99' }));
    expect(recalculate(stale, s.tokensOwned, s.sellTax, s.context).totalCashOut).toBe('267.2');
  });

  it('maps to the wire shape without changing a figure', () => {
    const s = fixture<RecalcScenario>(threeRungs);
    const wire = figuresToWire(recalculate(s.rows, s.tokensOwned, s.sellTax, s.context));
    expect(wire).toMatchObject({ total_cash_out: '267.2', average_sell_price: '3', remaining_tokens: '0' });
    expect(wire.rows[2]).toMatchObject({ capped: true, coins_sold: '20', cumulative_cash_out: '267.2' });
    const server = figuresForProjection(
      { invested_capital: '100', tokens_owned: '100', sell_tax: '10', circulating_supply: '1000000' },
      s.rows,
      { currentPrice: '2.5', athPrice: '4' },
    );
    expect(server).toEqual(wire);
  });

  it('recalculates 1,000 rows (timing is printed by bench/, not asserted here)', () => {
    const rows: SellRow[] = Array.from({ length: 1000 }, (_, i) => ({
      id: `r${i}`,
      coins_sold: '0.5',
      price_per_coin: String(1 + i / 100),
      fees_percentage: '0.1',
      price_impact_percentage: '1',
      sell_tax: '10',
      transaction_order: i + 1,
    }));
    const result = recalculate(rows, '400', '10', { investedCapital: '1000', circulatingSupply: '1000000' });
    expect(result.totalCoinsSold).toBe('400');
    expect(result.rows.filter((r) => r.capped)).toHaveLength(200);
  });
});
