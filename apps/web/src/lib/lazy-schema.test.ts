import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

describe('lazySchema (contracts in the browser build)', () => {
  it('builds the schema only when something first touches it, then once', () => {
    let builds = 0;
    const amount = lazySchema(() => {
      builds += 1;
      return z.string().regex(/^\d+(\.\d+)?$/);
    });
    expect(builds).toBe(0);
    expect(amount.parse('1.5')).toBe('1.5');
    expect(amount.safeParse('x').success).toBe(false);
    expect(builds).toBe(1);
  });

  it('behaves as the schema inside other schemas: fields, arrays, unions, extensions', () => {
    const amount = lazySchema(() => z.string().regex(/^\d+$/));
    const row = lazySchema(() => z.object({ id: z.string(), amount }));
    const page = lazySchema(() => z.object({ count: z.number(), results: z.array(row) }));
    const event = lazySchema(() =>
      z.discriminatedUnion('type', [
        z.object({ type: z.literal('buy'), amount }),
        z.object({ type: z.literal('sell'), amount, reason: z.string().optional() }),
      ]),
    );
    const extended = lazySchema(() => row.extend({ note: z.string().nullable() }));

    expect(page.parse({ count: 1, results: [{ id: 'a', amount: '2' }] })).toEqual({
      count: 1,
      results: [{ id: 'a', amount: '2' }],
    });
    const bad = page.safeParse({ count: 1, results: [{ id: 'a', amount: 'two' }] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['results', 0, 'amount']);
    expect(event.parse({ type: 'sell', amount: '3' })).toEqual({ type: 'sell', amount: '3' });
    expect(event.safeParse({ type: 'gift', amount: '3' }).success).toBe(false);
    expect(extended.parse({ id: 'b', amount: '4', note: null })).toEqual({
      id: 'b',
      amount: '4',
      note: null,
    });
    expect(row.optional().parse(undefined)).toBeUndefined();
    expect(Object.keys(row.shape)).toEqual(['id', 'amount']);
  });

  it('answers instanceof and `in` as the schema does', () => {
    const row = lazySchema(() => z.object({ id: z.string() }));
    expect(row instanceof z.ZodObject).toBe(true);
    expect(row instanceof z.ZodString).toBe(false);
    expect('_zod' in row).toBe(true);
  });
});
