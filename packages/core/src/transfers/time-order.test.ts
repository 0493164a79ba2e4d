import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareIds, timeOrder } from './time-order.ts';

/** The order read from its definition: a comparator over (instant, id). */
function byComparator(ats: number[], ids: string[]): number[] {
  return ats
    .map((_, i) => i)
    .sort(
      (a, b) => (ats[a] as number) - (ats[b] as number) || compareIds(ids[a] as string, ids[b] as string),
    );
}

describe('timeOrder', () => {
  it('orders by instant, then id, whatever the input order', () => {
    const ats = [30, 10, 20, 10, 10];
    const ids = ['e', 'c', 'd', 'a', 'b'];
    expect([...timeOrder(Float64Array.from(ats), (i) => ids[i] as string)]).toEqual([3, 4, 1, 2, 0]);
  });

  it('gives the same order when the span is too wide to pack instants and positions into one number', () => {
    const ats = [Date.parse('9999-12-31T00:00:00Z'), Date.parse('0001-01-01T00:00:00Z'), 0, 0];
    const many = Array.from({ length: 100 }, (_, i) => ats[i % ats.length] as number);
    const ids = many.map((_, i) => `id-${(i * 37) % 100}`);
    expect([...timeOrder(Float64Array.from(many), (i) => ids[i] as string)]).toEqual(byComparator(many, ids));
  });

  it('agrees with the comparator on random instants with many ties', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 20 }), fc.string({ maxLength: 3 }))),
        (rows) => {
          const ats = rows.map(([at]) => 1_700_000_000_000 + at);
          const ids = rows.map(([, id], i) => `${id}#${i}`);
          expect([...timeOrder(Float64Array.from(ats), (i) => ids[i] as string)]).toEqual(
            byComparator(ats, ids),
          );
        },
      ),
    );
  });
});
