import { describe, expect, it } from 'vitest';
import { Dec } from '../decimal.ts';
import ladders from './fixtures/ladders.json' with { type: 'json' };
import { fixture } from './fixtures/load.ts';
import { generateLadder, type LadderErrors, type LadderParams, validateLadder } from './ladder.ts';
import { normaliseForSave, type SellRow } from './rows.ts';

const spec = fixture<{
  cases: { name: string; params: LadderParams; total: string; expect: Partial<SellRow>[] }[];
  invalid: { name: string; params: LadderParams; errors: LadderErrors }[];
}>(ladders);

const sum = (rows: SellRow[]) => rows.reduce((acc, r) => acc.plus(String(r.coins_sold)), new Dec(0));

describe('generateLadder', () => {
  it.each(spec.cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const rows = generateLadder(c.params);
    expect(rows).toHaveLength(c.params.rungs);
    expect(rows).toMatchObject(c.expect);
    expect(sum(rows).toFixed()).toBe(c.total);
    expect(rows.map((r) => r.transaction_order)).toEqual(rows.map((_, i) => i + 1));
  });

  it.each(spec.invalid.map((c) => [c.name, c] as const))('refuses %s', (_name, c) => {
    expect(validateLadder(c.params)).toEqual(c.errors);
    expect(() => generateLadder(c.params)).toThrow(RangeError);
  });

  it('ladder-sums-exact for awkward inputs, every weighting and rung count', () => {
    const holdings = ['1', '0.33333333', '12345.6789', '7', '0.00000097'];
    for (const tokensOwned of holdings) {
      for (const weighting of ['equal', 'front', 'back'] as const) {
        for (const rungs of [1, 2, 3, 7, 13, 100]) {
          const rows = generateLadder({
            startPrice: '0.1',
            endPrice: '9',
            rungs,
            weighting,
            shareOfHoldings: '33.3',
            tokensOwned,
          });
          const expected = new Dec(tokensOwned).times('0.333').toDecimalPlaces(8, Dec.ROUND_DOWN);
          expect(sum(rows).eq(expected)).toBe(true);
          for (const r of rows) expect(new Dec(String(r.coins_sold)).decimalPlaces()).toBeLessThanOrEqual(8);
        }
      }
    }
  });

  it('front-loaded rungs never grow, back-loaded never shrink (before the remainder)', () => {
    const front = generateLadder({
      startPrice: 1,
      endPrice: 2,
      rungs: 5,
      weighting: 'front',
      shareOfHoldings: 100,
      tokensOwned: 15,
    });
    expect(front.map((r) => r.coins_sold)).toEqual(['5', '4', '3', '2', '1']);
    const back = generateLadder({
      startPrice: 1,
      endPrice: 2,
      rungs: 5,
      weighting: 'back',
      shareOfHoldings: 100,
      tokensOwned: 15,
    });
    expect(back.map((r) => r.coins_sold)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('gives local ids unique against the existing table, and the rows survive save normalisation', () => {
    const existing: SellRow[] = [
      {
        id: 'local-4',
        coins_sold: '',
        price_per_coin: '',
        fees_percentage: '',
        price_impact_percentage: '',
        sell_tax: '5',
        transaction_order: 1,
      },
    ];
    const rows = generateLadder(
      {
        startPrice: '1',
        endPrice: '3',
        rungs: 3,
        weighting: 'equal',
        shareOfHoldings: '100',
        tokensOwned: '3',
        sellTax: '5',
      },
      existing,
    );
    expect(rows.map((r) => r.id)).toEqual(['local-5', 'local-6', 'local-7']);
    expect(normaliseForSave(rows)).toEqual([
      {
        id: undefined,
        coins_sold: '1',
        price_per_coin: '1',
        fees_percentage: '0',
        price_impact_percentage: '0',
        transaction_order: 1,
      },
      {
        id: undefined,
        coins_sold: '1',
        price_per_coin: '2',
        fees_percentage: '0',
        price_impact_percentage: '0',
        transaction_order: 2,
      },
      {
        id: undefined,
        coins_sold: '1',
        price_per_coin: '3',
        fees_percentage: '0',
        price_impact_percentage: '0',
        transaction_order: 3,
      },
    ]);
  });
});
