import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeLedger } from './engine.ts';
import { runningBalanceOversells } from './running-balance.ts';
import { LedgerInputError } from './timeline.ts';
import type { LedgerTransaction } from './types.ts';

const day0 = Date.UTC(2024, 0, 1);

/** A NUMERIC(38,18)-shaped amount: up to 20 integer digits and 18 decimals, sometimes padded. */
const amount = fc
  .record({
    digits: fc.oneof(fc.bigInt({ min: 1n, max: 1_000n }), fc.bigInt({ min: 1n, max: 10n ** 30n })),
    places: fc.integer({ min: 0, max: 18 }),
    padded: fc.boolean(),
  })
  .map(({ digits, places, padded }) => {
    const s = digits.toString().padStart(places + 1, '0');
    const plain = places === 0 ? s : `${s.slice(0, -places)}.${s.slice(-places)}`;
    return padded ? `${plain}${places === 0 ? '.' : ''}${'0'.repeat(18 - places)}` : plain;
  });

/** Several coins' rows with oversells among them, many on shared instants (entry order decides). */
const ledger = fc
  .array(
    fc.record({
      coin: fc.constantFrom('bitcoin', 'ethereum', 'solana'),
      type: fc.constantFrom('buy', 'reward', 'transfer_in', 'sell', 'sell', 'transfer_out'),
      quantity: amount,
      unknownCost: fc.boolean(),
      minute: fc.integer({ min: 0, max: 200 }),
      created: fc.option(fc.integer({ min: 0, max: 20 }), { freq: 6 }),
    }),
    { minLength: 1, maxLength: 60 },
  )
  .map((rows) =>
    rows.map(
      (r, i): LedgerTransaction => ({
        id: `t${String(i).padStart(3, '0')}`,
        coin_id: r.coin,
        type: r.type,
        quantity: r.quantity,
        price_per_coin: r.type === 'transfer_in' && r.unknownCost ? null : '1.5',
        fee: '0',
        executed_at: new Date(day0 + r.minute * 60_000).toISOString(),
        ...(r.created === null ? {} : { created_at: new Date(day0 + r.created).toISOString() }),
      }),
    ),
  );

describe('oversells from running balances', () => {
  it('are the replay’s violations, in its order and words, for every method', () => {
    let withOversell = 0;
    fc.assert(
      fc.property(ledger, fc.constantFrom('average', 'fifo', 'lifo', 'hifo'), (txs, method) => {
        const replay = computeLedger(txs, { method, explain: false }).violations;
        if (replay.length > 0) withOversell++;
        expect(runningBalanceOversells(txs)).toEqual(replay);
      }),
      { numRuns: 600 },
    );
    // The generator must reach the case it is about.
    expect(withOversell).toBeGreaterThan(100);
  }, 30_000);

  it('leaves the balance as it was after a refused disposal, as the replay skips it', () => {
    const row = (id: string, type: LedgerTransaction['type'], quantity: string, minute: number) => ({
      id,
      coin_id: 'bitcoin',
      type,
      quantity,
      price_per_coin: '10',
      fee: '0',
      executed_at: new Date(day0 + minute * 60_000).toISOString(),
    });
    const found = runningBalanceOversells([
      row('a', 'buy', '1', 0),
      row('b', 'sell', '2', 1),
      row('c', 'sell', '1', 2),
      row('d', 'transfer_out', '0.5', 3),
    ]);
    expect(found.map((v) => [v.transaction_id, v.requested, v.available])).toEqual([
      ['b', '2', '1'],
      ['d', '0.5', '0'],
    ]);
    expect(found[0]?.message).toBe(
      computeLedger([row('a', 'buy', '1', 0), row('b', 'sell', '2', 1)]).violations[0]?.message,
    );
  });

  it('refuses a quantity of zero as the replay does', () => {
    const zero = {
      id: 'z',
      coin_id: 'bitcoin',
      type: 'buy' as const,
      quantity: '0',
      price_per_coin: '1',
      fee: '0',
      executed_at: new Date(day0).toISOString(),
    };
    expect(() => runningBalanceOversells([zero])).toThrow(LedgerInputError);
    expect(() => computeLedger([zero])).toThrow(LedgerInputError);
  });
});
