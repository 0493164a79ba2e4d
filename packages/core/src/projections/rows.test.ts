import { describe, expect, it } from 'vitest';
import blankRule from './fixtures/blank-row-rule.json' with { type: 'json' };
import deletes from './fixtures/delete-rows.json' with { type: 'json' };
import { fixture } from './fixtures/load.ts';
import saving from './fixtures/save-normalisation.json' with { type: 'json' };
import { recalculate } from './recalculate.ts';
import {
  deleteRow,
  nextLocalId,
  normaliseForSave,
  type SellRow,
  shouldAppendBlankRow,
  sortRows,
  withBlankRow,
} from './rows.ts';

const row = (over: Partial<SellRow>): SellRow => ({
  id: 'r',
  coins_sold: '',
  price_per_coin: '',
  fees_percentage: '',
  price_impact_percentage: '',
  sell_tax: '10',
  transaction_order: 1,
  ...over,
});

describe('blank-row rule', () => {
  const spec = fixture<{
    cases: {
      name: string;
      remaining: string;
      last: Pick<SellRow, 'coins_sold' | 'price_per_coin'>;
      append: boolean;
    }[];
  }>(blankRule);
  it.each(spec.cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const rows = [
      row({ id: 'first', coins_sold: '1', price_per_coin: '1' }),
      row({ id: 'last', transaction_order: 2, ...c.last }),
    ];
    expect(shouldAppendBlankRow(rows, c.remaining)).toBe(c.append);
  });

  it('an empty table always gets a row', () => {
    expect(shouldAppendBlankRow([], '0')).toBe(true);
  });

  it('withBlankRow appends one carrying the sell tax, with a fresh local id, after recalculation', () => {
    const rows = [row({ id: 'local-2', coins_sold: '4', price_per_coin: '3' })];
    const { remainingTokens } = recalculate(rows, '10', '10');
    const next = withBlankRow(rows, remainingTokens, '12.5');
    expect(next).toHaveLength(2);
    expect(next[1]).toEqual(row({ id: 'local-3', sell_tax: '12.5', transaction_order: 2 }));
    expect(withBlankRow(next, remainingTokens, '12.5')).toHaveLength(2);
  });
});

describe('deleting rows', () => {
  const spec = fixture<{
    cases: { name: string; sellTax: string; rows: SellRow[]; delete: string; expect: Partial<SellRow>[] }[];
  }>(deletes);
  it.each(spec.cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const result = deleteRow(c.rows, c.delete, c.sellTax);
    expect(result).toHaveLength(c.expect.length);
    expect(result).toMatchObject(c.expect);
  });

  it('local ids stay unique after renumbering', () => {
    const rows = [
      row({ id: 'local-1' }),
      row({ id: 'local-2', transaction_order: 2 }),
      row({ id: 'local-3', transaction_order: 3 }),
    ];
    const after = deleteRow(rows, 'local-1', '0');
    expect(nextLocalId(after)).toBe('local-4');
  });

  it('rows are kept sorted by transaction_order', () => {
    const sorted = sortRows([row({ id: 'b', transaction_order: 2 }), row({ id: 'a', transaction_order: 1 })]);
    expect(sorted.map((r) => r.id)).toEqual(['a', 'b']);
  });
});

describe('save normalisation', () => {
  const spec = fixture<{ rows: SellRow[]; expect: Record<string, unknown>[] }>(saving);
  it('save-normalisation', () => {
    const items = normaliseForSave(spec.rows);
    expect(items).toEqual(spec.expect.map((e) => ({ id: undefined, ...e })));
  });

  it('an all-blank table saves as an empty set', () => {
    expect(normaliseForSave([row({})])).toEqual([]);
  });
});
