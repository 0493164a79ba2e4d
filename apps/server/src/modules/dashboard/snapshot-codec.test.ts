import { type CoinCapital, dailyHoldings, type LedgerTotals } from '@app/core';
import { describe, expect, it } from 'vitest';
import { coinFingerprint } from './coin-fingerprint.ts';
import {
  decodeCapital,
  decodeHoldings,
  decodeTotals,
  encodeCapital,
  encodeHoldings,
  encodeTotals,
} from './snapshot-codec.ts';

const totals: LedgerTotals = {
  coin_id: 'bitcoin',
  quantity: '1.5',
  cost_basis: '150.75',
  average_cost: '100.5',
  realized_pnl: '-0.000000000000000001',
  cost_of_units_sold: '50.25',
  proceeds: '0',
  cost_transferred_out: '0',
  unknown_cost_quantity: '0.25',
  lots_without_cost: 1,
  disposals_with_unknown_cost: 2,
};

describe('snapshot encoding', () => {
  it('round-trips ledger totals exactly, decimal strings untouched', () => {
    const coins = [
      { fingerprint: 'abc', value: totals },
      { fingerprint: 'def', value: { ...totals, coin_id: 'ethereum', average_cost: null } },
    ];
    expect(decodeTotals(encodeTotals(coins))).toEqual(coins);
    expect(() => decodeTotals(new TextEncoder().encode('[["x"]]'))).toThrow();
    // A count that is not a whole number is a damaged snapshot, recomputed rather than trusted.
    const damaged = JSON.stringify([['abc', ...Object.values(totals).slice(0, 8), '0', 1.5, 0]]);
    expect(() => decodeTotals(new TextEncoder().encode(damaged))).toThrow();
  });

  it('round-trips daily holdings, also from a view into a larger buffer', () => {
    const btc = dailyHoldings([
      {
        id: 'a',
        coin_id: 'btc',
        type: 'buy',
        quantity: '0.1',
        price_per_coin: '1',
        fee: '0',
        executed_at: '2024-01-01T00:00:00.000Z',
      },
      {
        id: 'b',
        coin_id: 'btc',
        type: 'buy',
        quantity: '0.2',
        price_per_coin: '1',
        fee: '0',
        executed_at: '2024-01-03T00:00:00.000Z',
      },
    ]);
    const holdings = new Map([
      ['btc', { fingerprint: 'f1', value: btc }],
      ['døge', { fingerprint: 'f2', value: { days: new Int32Array(), quantities: new Float64Array() } }],
    ]);
    const bytes = encodeHoldings(holdings);
    const padded = new Uint8Array(bytes.length + 3);
    padded.set(bytes, 3);
    for (const payload of [bytes, padded.subarray(3), Buffer.from(bytes)]) {
      expect(decodeHoldings(payload)).toEqual(holdings);
    }
    expect(() => decodeHoldings(bytes.subarray(0, bytes.length - 1))).toThrow();
  });

  it('fingerprints a coin by content, whatever the order', () => {
    const a = {
      id: 'a',
      coin_id: 'x',
      type: 'buy',
      quantity: '1',
      price_per_coin: '2',
      fee: '0',
      executed_at: '2024-01-01T00:00:00.000Z',
    } as const;
    const b = { ...a, id: 'b', quantity: '3' };
    expect(coinFingerprint([a, b])).toBe(coinFingerprint([b, a]));
    expect(coinFingerprint([a, { ...b, quantity: '3.1' }])).not.toBe(coinFingerprint([a, b]));
    expect(coinFingerprint([a, { ...b, fee: '0.1' }])).not.toBe(coinFingerprint([a, b]));
    expect(coinFingerprint([a])).not.toBe(coinFingerprint([a, b]));
  });

  it('round-trips capital days per coin, negative and 18-decimal costs included', () => {
    const capital = new Map<string, { fingerprint: string; value: CoinCapital }>([
      [
        'bitcoin',
        { fingerprint: 'f1', value: { days: Int32Array.from([19_700, 19_702]), costs: [1n, -25n] } },
      ],
      ['empty', { fingerprint: 'f2', value: { days: new Int32Array(), costs: [] } }],
      [
        'ethereum',
        { fingerprint: 'f3', value: { days: Int32Array.from([19_701]), costs: [10n ** 30n + 7n] } },
      ],
    ]);
    const back = decodeCapital(encodeCapital(capital));
    expect([...back.keys()]).toEqual(['bitcoin', 'empty', 'ethereum']);
    for (const [id, c] of capital) {
      expect(back.get(id)?.fingerprint).toBe(c.fingerprint);
      expect([...(back.get(id)?.value.days ?? [])]).toEqual([...c.value.days]);
      expect(back.get(id)?.value.costs).toEqual(c.value.costs);
    }
    expect(() => decodeCapital(encodeCapital(capital).subarray(0, 20))).toThrow();
  });
});
