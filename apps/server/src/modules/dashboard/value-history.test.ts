import {
  type DailyCloseSeries,
  type DailyHoldings,
  dailyHoldings,
  dailyValueSeries,
  type LedgerTransaction,
} from '@app/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createValueHistory, type HeldCoin } from './value-history.ts';

const dayMs = 86_400_000;
const day0 = 19_700;
const coins = ['btc', 'eth', 'sol', 'ada'];
const portfolios = ['p1', 'p2'];

interface Row {
  portfolio: string;
  coin: string;
  sell: boolean;
  quantity: number;
  day: number;
}

const row = fc.record({
  portfolio: fc.constantFrom(...portfolios),
  coin: fc.constantFrom(...coins),
  sell: fc.boolean(),
  quantity: fc.integer({ min: 1, max: 4000 }),
  day: fc.integer({ min: 0, max: 59 }),
});

type Edit =
  | { kind: 'create'; row: Row }
  | { kind: 'update'; at: number; row: Row }
  | { kind: 'delete'; at: number }
  | { kind: 'import'; rows: Row[] }
  | { kind: 'close'; coin: string; day: number; close: number }
  | { kind: 'currency' }
  | { kind: 'new day' };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), row }),
  fc.record({ kind: fc.constant('update' as const), at: fc.nat(), row }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('import' as const), rows: fc.array(row, { maxLength: 8 }) }),
  fc.record({
    kind: fc.constant('close' as const),
    coin: fc.constantFrom(...coins),
    day: fc.integer({ min: -3, max: 70 }),
    close: fc.oneof(fc.double({ min: 0.01, max: 1e5, noNaN: true }), fc.constant(0)),
  }),
  fc.record({ kind: fc.constant('currency' as const) }),
  fc.record({ kind: fc.constant('new day' as const) }),
);

const closeSeries = fc.record({
  offset: fc.integer({ min: -5, max: 20 }),
  closes: fc.array(fc.double({ min: 0.01, max: 1e5, noNaN: true }), { minLength: 1, maxLength: 70 }),
});

function toTx(r: Row, i: number): LedgerTransaction {
  return {
    id: `t${i}`,
    coin_id: r.coin,
    type: r.sell ? 'sell' : 'buy',
    quantity: (r.quantity / 1000).toString(),
    price_per_coin: '1',
    fee: '0',
    executed_at: new Date((day0 + r.day) * dayMs + (i % 1000) * 1000).toISOString(),
    created_at: new Date(day0 * dayMs + i).toISOString(),
  };
}

/**
 * Holdings per (portfolio, coin) as the figures cache hands them out: the same object while a
 * coin's rows are unchanged, a new one after a write touched them.
 */
function holdingsOf(
  rows: readonly (Row & { id: number })[],
  before: Map<string, { key: string; h: DailyHoldings }>,
) {
  const out = new Map<string, { key: string; h: DailyHoldings }>();
  for (const portfolio of portfolios)
    for (const coin of coins) {
      const mine = rows.filter((r) => r.portfolio === portfolio && r.coin === coin);
      if (mine.length === 0) continue;
      const key = mine.map((r) => `${r.id}:${r.day}:${r.quantity}:${r.sell}`).join(',');
      const slot = `${portfolio}|${coin}`;
      const was = before.get(slot);
      out.set(slot, was?.key === key ? was : { key, h: dailyHoldings(mine.map((r) => toTx(r, r.id))) });
    }
  return out;
}

describe('value history kept between reads', () => {
  it('equals the full recomputation after every kind of write, price correction and currency change', () => {
    fc.assert(
      fc.property(
        fc.array(row, { maxLength: 40 }),
        fc.array(closeSeries, { minLength: coins.length, maxLength: coins.length }),
        fc.array(closeSeries, { minLength: coins.length, maxLength: coins.length }),
        fc.array(edit, { minLength: 1, maxLength: 12 }),
        fc.constantFrom('all', 'p1'),
        (initial, usd, eur, edits, scope) => {
          const history = createValueHistory();
          let next = 0;
          let rows = initial.map((r) => ({ ...r, id: next++ }));
          let holdings = holdingsOf(rows, new Map());
          const closes = {
            usd: new Map<string, DailyCloseSeries>(),
            eur: new Map<string, DailyCloseSeries>(),
          };
          coins.forEach((coin, i) => {
            const a = usd[i] ?? { offset: 0, closes: [1] };
            const b = eur[i] ?? { offset: 0, closes: [1] };
            closes.usd.set(coin, { firstDay: day0 + a.offset, closes: Float64Array.from(a.closes) });
            closes.eur.set(coin, { firstDay: day0 + b.offset, closes: Float64Array.from(b.closes) });
          });
          let currency: 'usd' | 'eur' = 'usd';
          let today = day0 + 61;
          const check = () => {
            const held: HeldCoin[] = [];
            for (const [slot, { h }] of holdings) {
              const [owner = '', coinId = ''] = slot.split('|');
              if (scope === 'all' || owner === scope) held.push({ owner, coinId, holdings: h });
            }
            const firstDay = Math.min(...held.map((h) => h.holdings.days[0] ?? today)) - 1;
            const days = Math.max(2, today - firstDay);
            const kept = history.series(`${scope}|${currency}`, held, closes[currency], firstDay, days);
            const full = dailyValueSeries({ holdings: held, closes: closes[currency], firstDay, days });
            expect([...kept]).toEqual([...full]);
            // A shorter window reads the same days too.
            const week = history.series(`${scope}|${currency}`, held, closes[currency], today - 7, 7);
            expect([...week]).toEqual([
              ...dailyValueSeries({ holdings: held, closes: closes[currency], firstDay: today - 7, days: 7 }),
            ]);
          };
          check();
          for (const e of edits) {
            if (e.kind === 'create') rows = [...rows, { ...e.row, id: next++ }];
            else if (e.kind === 'import') rows = [...rows, ...e.rows.map((r) => ({ ...r, id: next++ }))];
            else if (e.kind === 'update' && rows.length > 0) {
              const at = e.at % rows.length;
              rows = rows.map((r, i) => (i === at ? { ...e.row, id: r.id } : r));
            } else if (e.kind === 'delete' && rows.length > 0) {
              const at = e.at % rows.length;
              rows = rows.filter((_, i) => i !== at);
            } else if (e.kind === 'close') {
              const series = closes[currency].get(e.coin);
              if (series) {
                const copy = Float64Array.from(series.closes);
                const i = e.day - (series.firstDay - day0);
                if (i >= 0 && i < copy.length) copy[i] = e.close;
                closes[currency].set(e.coin, { firstDay: series.firstDay, closes: copy });
              }
            } else if (e.kind === 'currency') currency = currency === 'usd' ? 'eur' : 'usd';
            else if (e.kind === 'new day') {
              today++;
              for (const [coin, s] of closes[currency]) {
                const longer = new Float64Array(s.closes.length + 1);
                longer.set(s.closes);
                longer[s.closes.length] = (s.closes[s.closes.length - 1] ?? 1) * 1.01;
                closes[currency].set(coin, { firstDay: s.firstDay, closes: longer });
              }
            }
            holdings = holdingsOf(rows, holdings);
            check();
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('recomputes only the days from a change on', () => {
    const history = createValueHistory();
    const h = (days: number[], quantities: number[]): DailyHoldings => ({
      days: Int32Array.from(days),
      quantities: Float64Array.from(quantities),
    });
    const closes = new Map([['btc', { firstDay: day0, closes: new Float64Array(100).fill(2) }]]);
    const first = [{ owner: 'p', coinId: 'btc', holdings: h([day0], [1]) }];
    history.series('k', first, closes, day0, 100);
    expect(history.lastRecomputed()).toBe(100);
    history.series('k', first, closes, day0, 100);
    expect(history.lastRecomputed()).toBe(0);
    const written = [{ owner: 'p', coinId: 'btc', holdings: h([day0, day0 + 90], [1, 3]) }];
    const values = history.series('k', written, closes, day0, 101);
    expect(history.lastRecomputed()).toBe(11);
    expect(values[95]).toBe(6);
  });
});
