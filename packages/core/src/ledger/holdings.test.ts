import { describe, expect, it } from 'vitest';
import { Dec } from '../decimal.ts';
import { computeLedger } from './engine.ts';
import {
  currentHolding,
  type DailyCloseSeries,
  type DailyHoldings,
  dailyHoldings,
  dailyHoldingsByCoin,
  dailyValueSeries,
} from './holdings.ts';
import { parseInstant } from './timeline.ts';
import type { LedgerTransaction } from './types.ts';

const dayMs = 86_400_000;
const day0 = Date.UTC(2024, 0, 1) / dayMs;

let seq = 0;
function tx(
  coin: string,
  type: LedgerTransaction['type'],
  quantity: string,
  at: string,
  price = '10',
): LedgerTransaction {
  seq++;
  return {
    id: `t${String(seq).padStart(4, '0')}`,
    coin_id: coin,
    type,
    quantity,
    price_per_coin: price,
    fee: '0',
    executed_at: at,
    created_at: `2024-06-01T00:00:00.${String(seq).padStart(3, '0')}Z`,
  };
}

const asLists = (h: DailyHoldings) => ({ days: [...h.days], quantities: [...h.quantities] });

describe('dailyHoldings', () => {
  it('keeps one entry per changed day with the holding at the end of that day', () => {
    const h = dailyHoldings([
      tx('btc', 'sell', '0.5', '2024-01-03T18:00:00.000Z'),
      tx('btc', 'buy', '1', '2024-01-01T10:00:00.000Z'),
      tx('btc', 'buy', '2', '2024-01-03T09:00:00.000Z'),
      tx('btc', 'transfer_in', '0.25', '2024-01-05T00:00:00.000Z'),
      tx('btc', 'reward', '0.25', '2024-01-05T23:59:59.999Z'),
      tx('btc', 'transfer_out', '3', '2024-01-07T12:00:00.000Z'),
    ]);
    expect(asLists(h)).toEqual({
      days: [day0, day0 + 2, day0 + 4, day0 + 6],
      quantities: [1, 2.5, 3, 0],
    });
    expect(currentHolding(h)).toBe(0);
  });

  it('sums exactly, so selling everything leaves exactly zero', () => {
    const buys = Array.from({ length: 10 }, (_, i) => tx('eth', 'buy', '0.1', `2024-01-01T0${i}:00:00.000Z`));
    const h = dailyHoldings([
      ...buys,
      tx('eth', 'sell', '0.3', '2024-01-02T00:00:00.000Z'),
      tx('eth', 'sell', '0.7', '2024-01-03T00:00:00.000Z'),
    ]);
    // A float running sum would show 0.9999999999999999 and then -1.1e-16.
    expect(asLists(h).quantities).toEqual([1, 0.7, 0]);
  });

  it('skips an oversell the way the ledger does', () => {
    const txs = [
      tx('sol', 'buy', '1', '2024-01-01T00:00:00.000Z'),
      tx('sol', 'sell', '5', '2024-01-02T00:00:00.000Z'),
      tx('sol', 'sell', '0.4', '2024-01-03T00:00:00.000Z'),
    ];
    expect(asLists(dailyHoldings(txs))).toEqual({ days: [day0, day0 + 2], quantities: [1, 0.6] });
    expect(computeLedger(txs).coins[0]?.quantity).toBe('0.6');
  });

  it('groups a portfolio by coin and reads 18-decimal stored quantities', () => {
    const byCoin = dailyHoldingsByCoin([
      tx('a', 'buy', '1.000000000000000001', '2024-01-01T00:00:00.000Z'),
      tx('b', 'buy', '2.500000000000000000', '2024-01-02T00:00:00.000Z'),
    ]);
    expect([...byCoin.keys()].sort()).toEqual(['a', 'b']);
    expect(
      currentHolding(byCoin.get('b') ?? { days: new Int32Array(), quantities: new Float64Array() }),
    ).toBe(2.5);
  });
});

/** The straightforward reference: every coin, every day, decimal holding × decimal close. */
function decimalSeries(
  portfolios: LedgerTransaction[][],
  closes: Record<string, { firstDay: number; closes: (number | null)[] }>,
  firstDay: number,
  days: number,
): Dec[] {
  const out: Dec[] = [];
  for (let d = 0; d < days; d++) {
    const end = (firstDay + d + 1) * dayMs;
    let total = new Dec(0);
    for (const txs of portfolios) {
      const coins = new Set(txs.map((t) => t.coin_id));
      for (const coin of coins) {
        const upTo = txs.filter((t) => t.coin_id === coin && Date.parse(t.executed_at) < end);
        const held = new Dec(computeLedger(upTo).coins[0]?.quantity ?? '0');
        const series = closes[coin];
        if (!series || held.lte(0)) continue;
        let close: number | null = null;
        for (let i = 0; i < series.closes.length && series.firstDay + i <= firstDay + d; i++)
          close = series.closes[i] ?? close;
        if (close !== null) total = total.add(held.mul(close));
      }
    }
    out.push(total);
  }
  return out;
}

describe('dailyValueSeries', () => {
  it('equals a day-by-day decimal computation of holding × close', () => {
    const first = [
      tx('btc', 'buy', '0.123456789', '2024-01-01T12:00:00.000Z'),
      tx('btc', 'buy', '1.5', '2024-01-04T01:00:00.000Z'),
      tx('btc', 'sell', '0.623456789', '2024-01-06T01:00:00.000Z'),
      tx('eth', 'buy', '10', '2024-01-02T00:00:00.000Z'),
      tx('eth', 'sell', '10', '2024-01-08T00:00:00.000Z'),
      tx('nohistory', 'buy', '5', '2024-01-01T00:00:00.000Z'),
    ];
    const second = [tx('btc', 'transfer_in', '2', '2024-01-03T00:00:00.000Z')];
    const closes = {
      // Day 3 has no candle (forward-filled); the series ends on day 7 (carried after).
      btc: { firstDay: day0, closes: [42000.5, 43100.25, 41000, null, 39999.99, 45000.01, 46000, 47123.456] },
      // The first close arrives on day 2: eth is worth nothing on day 1.
      eth: { firstDay: day0 + 1, closes: [2200.1, 2300.2, 2250, 2400.75] },
    };
    const series = new Map<string, DailyCloseSeries>();
    for (const [coin, s] of Object.entries(closes)) {
      let last = Number.NaN;
      series.set(coin, {
        firstDay: s.firstDay,
        closes: Float64Array.from(s.closes, (c) => {
          if (c !== null) last = c;
          return last;
        }),
      });
    }
    const holdings = [first, second].flatMap((txs) =>
      [...dailyHoldingsByCoin(txs)].map(([coinId, h]) => ({ coinId, holdings: h })),
    );
    const firstDay = day0 - 1;
    const days = 12;
    const values = dailyValueSeries({ holdings, closes: series, firstDay, days });
    const expected = decimalSeries([first, second], closes, firstDay, days);
    expect(values).toHaveLength(days);
    expected.forEach((e, d) => {
      const v = values[d] ?? Number.NaN;
      // Display precision: within 1e-12 of the exact value (the response rounds to 1e-8).
      expect(Math.abs(v - e.toNumber())).toBeLessThanOrEqual(1e-12 * Math.max(1, e.abs().toNumber()));
    });
    expect(values[0]).toBe(0);
    expect(values[1]).toBeGreaterThan(0);
  });

  it('adds nothing for a coin before its first close or without closes', () => {
    const holdings = [
      { coinId: 'x', holdings: dailyHoldings([tx('x', 'buy', '1', '2024-01-01T00:00:00.000Z')]) },
    ];
    const closes = new Map([['x', { firstDay: day0 + 2, closes: Float64Array.from([5]) }]]);
    expect([...dailyValueSeries({ holdings, closes, firstDay: day0, days: 4 })]).toEqual([0, 0, 5, 5]);
    expect([...dailyValueSeries({ holdings, closes: new Map(), firstDay: day0, days: 2 })]).toEqual([0, 0]);
  });
});

describe('parseInstant', () => {
  it('agrees with Date.parse', () => {
    for (const iso of [
      '2024-02-29T12:00:00.000Z',
      '2023-02-29T12:00:00.000Z',
      '2024-04-31T00:00:00.000Z',
      '2024-13-01T00:00:00.000Z',
      '2024-01-01T24:00:00.000Z',
      '2024-01-01T00:00:00Z',
      '2024-01-01T00:00:00+02:00',
      '0099-01-01T00:00:00.000Z',
      'not a date',
    ]) {
      expect(Object.is(parseInstant(iso), Date.parse(iso))).toBe(true);
    }
    for (let i = 0; i < 2000; i++) {
      const at = Math.floor(i * 2_000_000_000_000 * 0.000613) % 4_000_000_000_000;
      expect(parseInstant(new Date(at).toISOString())).toBe(at);
    }
  });
});
