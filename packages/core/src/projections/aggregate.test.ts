import { describe, expect, it } from 'vitest';
import { aggregateProjections, type ProjectionWithRows } from './aggregate.ts';
import all from './fixtures/all-projections.json' with { type: 'json' };
import { fixture } from './fixtures/load.ts';

const spec = fixture<{
  items: ProjectionWithRows[];
  selectedIds: string[];
  expect: {
    totalPositions: number;
    totalTransactions: number;
    totalCashOut: string;
    aggregatedData: unknown[];
    orderSort: string[];
    projectionSort: string[];
  };
}>(all);

describe('all-projections aggregation', () => {
  it('all-projections totals over the selected projections', () => {
    const result = aggregateProjections(spec.items, 'order', spec.selectedIds);
    expect(result).toMatchObject({
      totalPositions: spec.expect.totalPositions,
      totalTransactions: spec.expect.totalTransactions,
      totalCashOut: spec.expect.totalCashOut,
      aggregatedData: spec.expect.aggregatedData,
    });
  });

  it("sort mode 'order': by transaction_order, ties by list position", () => {
    const result = aggregateProjections(spec.items, 'order', spec.selectedIds);
    expect(result.transactions.map((t) => t.id)).toEqual(spec.expect.orderSort);
    expect(result.transactions[1]).toMatchObject({
      projectionId: 'p2',
      projectionName: 'ETH Position',
      coin_symbol: 'eth',
    });
  });

  it("sort mode 'projection': grouped by projection", () => {
    const result = aggregateProjections(spec.items, 'projection', spec.selectedIds);
    expect(result.transactions.map((t) => t.id)).toEqual(spec.expect.projectionSort);
  });

  it('without a selection every projection counts; with none selected nothing does', () => {
    expect(aggregateProjections(spec.items, 'order').totalPositions).toBe(3);
    expect(aggregateProjections(spec.items, 'order', [])).toMatchObject({
      totalPositions: 0,
      totalCashOut: '0',
    });
  });
});
