import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capitalHistory, coinCapital, dailyCapitalSeries, sampleCapital } from './capital.ts';
import type { LedgerTransaction } from './types.ts';

const dayMs = 86_400_000;
const day0 = Date.UTC(2024, 0, 1) / dayMs;
const methods = ['average', 'fifo', 'lifo', 'hifo'] as const;

const ledger = fc
  .array(
    fc.record({
      coin: fc.constantFrom('btc', 'eth', 'sol'),
      type: fc.constantFrom('buy', 'buy', 'sell', 'transfer_in', 'transfer_out', 'reward'),
      quantity: fc.integer({ min: 1, max: 5000 }),
      price: fc.option(fc.integer({ min: 0, max: 100_000 }), { freq: 6 }),
      fee: fc.integer({ min: 0, max: 300 }),
      minute: fc.integer({ min: 0, max: 60 * 24 * 40 }),
    }),
    { maxLength: 60 },
  )
  .map((rows) =>
    rows.map(
      (r, i): LedgerTransaction => ({
        id: `t${String(i).padStart(3, '0')}`,
        coin_id: r.coin,
        type: r.type,
        quantity: (r.quantity / 1000).toString(),
        // Only a transfer in may be of unknown cost.
        price_per_coin: r.price === null && r.type === 'transfer_in' ? null : ((r.price ?? 7) / 7).toFixed(9),
        fee: (r.fee / 100).toString(),
        executed_at: new Date(day0 * dayMs + r.minute * 60_000).toISOString(),
        created_at: new Date(day0 * dayMs + i).toISOString(),
      }),
    ),
  );

describe('capital kept per coin', () => {
  it('samples to exactly the full computation, for every method and window', () => {
    fc.assert(
      fc.property(
        ledger,
        fc.constantFrom(...methods),
        fc.integer({ min: -5, max: 45 }),
        fc.integer({ min: 1, max: 50 }),
        (txs, method, offset, days) => {
          const byCoin = new Map<string, LedgerTransaction[]>();
          for (const t of txs) byCoin.set(t.coin_id, [...(byCoin.get(t.coin_id) ?? []), t]);
          const history = capitalHistory([...byCoin.values()].map((list) => coinCapital(list, method)));
          const full = dailyCapitalSeries({ transactions: txs, method, firstDay: day0 + offset, days });
          const kept = sampleCapital(history, day0 + offset, days);
          expect([...kept.daily]).toEqual([...full.daily]);
          expect(kept.current).toBe(full.current);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('sums exactly: the total does not drift with the order of the coins', () => {
    const txs: LedgerTransaction[] = ['a', 'b', 'c'].map((coin, i) => ({
      id: `x${i}`,
      coin_id: coin,
      type: 'buy',
      quantity: '1',
      price_per_coin: ['0.1', '0.2', '0.3'][i] ?? '0',
      fee: '0',
      executed_at: '2024-01-01T00:00:00.000Z',
      created_at: `2024-01-01T00:00:00.00${i}Z`,
    }));
    const { current } = dailyCapitalSeries({ transactions: txs, method: 'fifo', firstDay: day0, days: 1 });
    expect(current).toBe(0.6);
  });
});
