import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoToDay } from '../tax/dates.ts';
import cfa from './fixtures/cfa-twr-mwr.json' with { type: 'json' };
import excel from './fixtures/excel-xirr.json' with { type: 'json' };
import { externalFlows } from './flows.ts';
import { periodStartDay } from './periods.ts';
import { benchmarkReturn, type DayFlows, periodReturns, ratioToPercent } from './returns.ts';
import { annualise, chainedReturn } from './twr.ts';
import { xirr } from './xirr.ts';

describe('returns: textbook fixtures', () => {
  it(`XIRR matches ${excel.scenario} (${excel.source.slice(0, 40)}…)`, () => {
    const rate = xirr(excel.flows.map((f) => ({ day: isoToDay(f.date), amount: f.amount })));
    expect(rate).toBeCloseTo(excel.expected.rate, excel.expected.digits);
  });

  it(`TWR and MWR match ${cfa.scenario}`, () => {
    const twr = chainedReturn(cfa.points);
    expect(twr).toBeCloseTo(cfa.expected.twrTotal, 12);
    const days = isoToDay(cfa.points[2]?.date ?? '') - isoToDay(cfa.points[0]?.date ?? '');
    expect(annualise(twr, days)).toBeCloseTo(cfa.expected.twrAnnualised, 4);
    // The investor's flows: pays 100, pays 120 less 2 dividend, receives 260 + 4 dividends.
    const mwr = xirr(cfa.points.map((p) => ({ day: isoToDay(p.date), amount: -p.flow })));
    expect(mwr).toBeCloseTo(cfa.expected.mwr, 4);
  });

  it('has no rate when every flow has the same sign', () => {
    expect(
      xirr([
        { day: 0, amount: -5 },
        { day: 10, amount: -5 },
      ]),
    ).toBeNull();
    expect(xirr([])).toBeNull();
  });
});

describe('returns: periods and properties', () => {
  it('starts periods on calendar boundaries and never before inception', () => {
    const end = isoToDay('2025-03-31');
    expect(periodStartDay('1M', end, 0)).toBe(isoToDay('2025-03-01'));
    expect(periodStartDay('3M', end, 0)).toBe(isoToDay('2025-01-01'));
    expect(periodStartDay('YTD', end, 0)).toBe(isoToDay('2025-01-01'));
    expect(periodStartDay('1Y', end, 0)).toBe(isoToDay('2024-04-01'));
    expect(periodStartDay('1Y', end, isoToDay('2024-12-25'))).toBe(isoToDay('2024-12-25'));
    expect(periodStartDay('ALL', end, isoToDay('2020-02-02'))).toBe(isoToDay('2020-02-02'));
  });

  it('TWR equals the simple return when there are no external flows (fast-check values)', () => {
    const period = fc.constantFrom(...(['1M', '3M', 'YTD', '1Y', 'ALL'] as const));
    const values = fc.array(fc.double({ min: 1, max: 10_000, noNaN: true }), {
      minLength: 40,
      maxLength: 440,
      size: 'max',
    });
    fc.assert(
      fc.property(values, period, fc.integer({ min: 0, max: 400 }), (vs, p, firstDay) => {
        const input = {
          firstDay: 1000 + firstDay,
          values: vs,
          flows: new Map<number, DayFlows>(),
          inceptionDay: 900,
          endDay: 1000 + firstDay + vs.length - 1,
        };
        const r = periodReturns(input, p);
        if (r.startValue === 0) return;
        expect(r.twr).not.toBeNull();
        expect(Math.abs((r.twr ?? 0) - (r.simple ?? 0))).toBeLessThan(
          1e-9 * Math.max(1, Math.abs(r.simple ?? 0)),
        );
        expect(r.simple).toBeCloseTo(r.endValue / r.startValue - 1, 9);
      }),
      { numRuns: 200 },
    );
  });

  it('a buy and its flows: TWR ignores the timing of money, MWR weighs it, and explain lists the flows', () => {
    // Day 0: buy 100. Day 100: the price has doubled, buy 1000 more. Day 200: the price halves.
    const flows = new Map<number, DayFlows>([
      [0, { inflow: 100, outflow: 0, transactionIds: ['b1'] }],
      [100, { inflow: 1000, outflow: 0, transactionIds: ['b2'] }],
    ]);
    const values = Array.from({ length: 201 }, (_, d) => (d < 100 ? 100 : d < 200 ? 1200 : 600));
    const input = { firstDay: 0, values, flows, inceptionDay: 0, endDay: 200 };
    const r = periodReturns(input, 'ALL');
    // Day 100 counts the second buy at the start of the day: 1200 / (100 + 1000), then 600 / 1200.
    expect(r.twr).toBeCloseTo((1200 / 1100) * 0.5 - 1, 12);
    expect(r.simple).toBeCloseTo((600 - 1100) / 1100, 12);
    expect(r.cashFlows.map((c) => [c.kind, c.amount])).toEqual([
      ['inflow', -100],
      ['inflow', -1000],
      ['end_value', 600],
    ]);
    const rate = r.mwrAnnualised ?? Number.NaN;
    const npv = r.cashFlows.reduce((s, c) => s + c.amount / (1 + rate) ** (c.day / 365), 0);
    expect(Math.abs(npv)).toBeLessThan(1e-8);
    // Most money arrived just before the fall, so the money-weighted figure is the worse one.
    expect(r.mwr ?? 0).toBeLessThan(r.twr ?? 0);
  });

  it('starts no period before prices are known, and then from the value held that day', () => {
    const values = [0, 0, 500, 550, 605];
    const flows = new Map<number, DayFlows>([[0, { inflow: 400, outflow: 0, transactionIds: ['b'] }]]);
    const r = periodReturns({ firstDay: 0, values, flows, inceptionDay: 0, valuedFrom: 3, endDay: 4 }, 'ALL');
    expect([r.startDay, r.startValue, r.inflows]).toEqual([3, 500, 0]);
    expect(r.twr).toBeCloseTo(0.21, 12);
  });

  it('benchmarks a coin over the same days', () => {
    const closes = { firstDay: 10, closes: [100, 110, 121] };
    expect(benchmarkReturn(closes, 10, 12)).toBeCloseTo(0.21, 12);
    expect(benchmarkReturn(closes, 5, 12)).toBeNull();
    expect(ratioToPercent(0.21)).toBe('21');
    expect(ratioToPercent(null)).toBeNull();
  });
});

describe('returns: external flows', () => {
  it('counts buys and sales, skips rewards and moves between own portfolios, and lists unpriced transfers', () => {
    const tx = (
      id: string,
      portfolio_id: string,
      type: 'buy' | 'sell' | 'reward' | 'transfer_in' | 'transfer_out',
      quantity: string,
      price: string | null,
      fee = '0',
    ) => ({
      id,
      portfolio_id,
      coin_id: 'bitcoin',
      type,
      quantity,
      price_per_coin: price,
      fee,
      executed_at: '2024-05-01T10:00:00.000Z',
    });
    const txs = [
      tx('b', 'a', 'buy', '2', '100', '1'),
      tx('s', 'a', 'sell', '1', '150', '2'),
      tx('r', 'a', 'reward', '1', '120'),
      tx('o', 'a', 'transfer_out', '0.5', '0'),
      tx('i', 'b', 'transfer_in', '0.5', null),
      tx('x', 'b', 'transfer_in', '3', '0'),
    ];
    const links = new Map([['o', 'i']]);
    const day = isoToDay('2024-05-01');
    const all = externalFlows(txs, { portfolioId: null, links, closeOn: () => null });
    expect(all.flows.get(day)).toEqual({ inflow: 201, outflow: 148, transactionIds: ['b', 's'] });
    expect(all.needsPrice.map((n) => n.transaction_id)).toEqual(['x']);
    const one = externalFlows(txs, { portfolioId: 'a', links, closeOn: () => 130 });
    expect(one.flows.get(day)).toEqual({ inflow: 201, outflow: 148 + 65, transactionIds: ['b', 's', 'o'] });
  });
});
