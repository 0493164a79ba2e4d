import { type AlertCondition, alertCreateBodySchema } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { ema } from '../indicators/ema.ts';
import { macd } from '../indicators/macd.ts';
import { sma } from '../indicators/sma.ts';
import { type AlertState, initialAlertState } from './decide.ts';
import { type AlertEvaluation, evaluateAlert } from './evaluate.ts';
import { alertDailyClosesNeeded, requiredIndicators } from './series.ts';
import { computeIndicatorSnapshot } from './snapshot.ts';

/** Parses through the real contract, so the examples are exactly what a client can create. */
function condition(left: unknown, op: string, right: unknown): AlertCondition {
  const { left: l, op: o, right: r } = alertCreateBodySchema.parse({ coin_id: 'bitcoin', left, op, right });
  return { left: l, op: o, right: r };
}

/**
 * Simulates one engine tick per day: on day d the stored closes are days 0..d−1 and the live
 * price is day d's close. Returns every evaluation.
 */
function simulate(c: AlertCondition, series: readonly number[], fromDay = 0): AlertEvaluation[] {
  const [requests = []] = requiredIndicators([{ coin_id: 'x', ...c }]).values();
  let state: AlertState = initialAlertState;
  const out: AlertEvaluation[] = [];
  for (let d = fromDay; d < series.length; d++) {
    const snapshot = computeIndicatorSnapshot(series.slice(0, d), series[d] ?? Number.NaN, requests);
    const e = evaluateAlert(c, snapshot, state);
    state = e.state;
    out.push(e);
  }
  return out;
}

const firedDays = (evals: AlertEvaluation[], fromDay = 0) =>
  evals.flatMap((e, i) => (e.fired ? [i + fromDay] : []));

/** A deterministic wavy market: trend + two cycles, always positive. */
const market = Array.from(
  { length: 900 },
  (_, i) => 100 + 30 * Math.sin(i / 40) + 8 * Math.sin(i / 7) + i * 0.05,
);

describe('example alert: price >= 100000', () => {
  const c = condition({ type: 'indicator', metric: 'price' }, '>=', { type: 'value', value: 100000 });

  it('fires on reaching the level, stays quiet above it, re-arms below it', () => {
    const prices = [98000, 99999.99, 100000, 101000, 99000, 100500];
    const evals = simulate(c, prices);
    expect(firedDays(evals)).toEqual([2, 5]);
    expect(evals[2]?.payload).toEqual({
      left: { type: 'indicator', metric: 'price', params: { period: null }, value: 100000 },
      op: '>=',
      right: { type: 'value', metric: null, params: { period: null }, value: 100000 },
    });
    expect(alertDailyClosesNeeded(c)).toBe(0);
  });
});

describe('example alert: rsi(14) <= 30', () => {
  const c = condition({ type: 'indicator', metric: 'rsi', params: { period: 14 } }, '<=', {
    type: 'value',
    value: 30,
  });

  it('waits for 14 completed closes, then fires on an intraday crash and re-arms on recovery', () => {
    const closes = Array.from({ length: 20 }, (_, i) => 100 + (i % 2 === 0 ? 1 : -1));
    expect(alertDailyClosesNeeded(c)).toBe(14);

    let state = initialAlertState;
    const tick = (history: number[], price: number) => {
      const e = evaluateAlert(
        c,
        computeIndicatorSnapshot(history, price, [{ kind: 'rsi', period: 14 }]),
        state,
      );
      state = e.state;
      return e;
    };
    const early = tick(closes.slice(0, 13), 50);
    expect(early).toMatchObject({ evaluated: false, fired: false });
    expect(state).toEqual(initialAlertState);

    expect(tick(closes, 100).fired).toBe(false); // RSI ≈ 50
    const crash = tick(closes, 80);
    expect(crash.fired).toBe(true);
    expect(crash.payload?.left.value).toBeLessThanOrEqual(30);
    expect(crash.payload?.left).toMatchObject({ metric: 'rsi', params: { period: 14 }, type: 'indicator' });
    expect(tick(closes, 79).fired).toBe(false); // still oversold: no repeat
    expect(tick(closes, 100).fired).toBe(false); // recovered: re-armed
    expect(tick(closes, 75).fired).toBe(true);
  });
});

describe('example alert: ema(50) >= sma(200)', () => {
  const c = condition({ type: 'indicator', metric: 'ema', params: { period: 50 } }, '>=', {
    type: 'indicator',
    metric: 'sma',
    params: { period: 200 },
  });

  it('fires exactly on the days the EMA moves from below to at/above the SMA', () => {
    expect(alertDailyClosesNeeded(c)).toBe(199);
    const evals = simulate(c, market);
    // Appending the live price makes day d's value the indicator on closes 0..d: cross-check it.
    const e50 = ema(market, 50);
    const s200 = sma(market, 200);
    const expected: number[] = [];
    let before: boolean | null = null;
    for (let d = 0; d < market.length; d++) {
      const a = e50[d];
      const b = s200[d];
      if (a == null || b == null) continue;
      const now = a >= b;
      if (now && before !== true) expected.push(d);
      before = now;
    }
    expect(expected.length).toBeGreaterThan(1);
    expect(firedDays(evals)).toEqual(expected);
    expect(evals.slice(0, 199).every((e) => !e.evaluated)).toBe(true);
    const first = evals[expected[0] ?? 0];
    expect(first?.payload?.left.value).toBe(e50[expected[0] ?? 0]);
    expect(first?.payload?.right.value).toBe(s200[expected[0] ?? 0]);
  });
});

describe('example alert: macd_histogram crosses_above 0', () => {
  const c = condition({ type: 'indicator', metric: 'macd_histogram' }, 'crosses_above', {
    type: 'value',
    value: 0,
  });

  it('fires on each upward zero crossing of the histogram and nowhere else', () => {
    expect(alertDailyClosesNeeded(c)).toBe(33);
    const evals = simulate(c, market);
    const hist = macd(market).histogram;
    const expected: number[] = [];
    for (let d = 1; d < market.length; d++) {
      const prev = hist[d - 1];
      const now = hist[d];
      if (prev != null && now != null && prev < 0 && now > 0) expected.push(d);
    }
    expect(expected.length).toBeGreaterThan(2);
    expect(firedDays(evals)).toEqual(expected);
    expect(evals[expected[0] ?? 0]?.payload?.right).toEqual({
      type: 'value',
      metric: null,
      params: { period: null },
      value: 0,
    });
  });
});

describe('requiredIndicators', () => {
  it('lists each distinct computation once per coin; the macd family shares one run', () => {
    const rsi14 = { type: 'indicator' as const, metric: 'rsi' as const, params: { period: 14 }, value: null };
    const ema50 = { type: 'indicator' as const, metric: 'ema' as const, params: { period: 50 }, value: null };
    const zero = { type: 'value' as const, metric: null, params: { period: null }, value: 0 };
    const price = {
      type: 'indicator' as const,
      metric: 'price' as const,
      params: { period: null },
      value: null,
    };
    const macdOf = (metric: 'macd' | 'macd_signal' | 'macd_histogram') => ({
      type: 'indicator' as const,
      metric,
      params: { period: null },
      value: null,
    });
    const needed = requiredIndicators([
      { coin_id: 'bitcoin', left: rsi14, right: zero },
      { coin_id: 'bitcoin', left: rsi14, right: ema50 },
      { coin_id: 'bitcoin', left: macdOf('macd'), right: macdOf('macd_signal') },
      { coin_id: 'bitcoin', left: macdOf('macd_histogram'), right: zero },
      { coin_id: 'ethereum', left: price, right: zero },
      { coin_id: 'solana', left: ema50, right: price },
    ]);
    expect(needed).toEqual(
      new Map([
        ['bitcoin', [{ kind: 'rsi', period: 14 }, { kind: 'ema', period: 50 }, { kind: 'macd' }]],
        ['ethereum', []],
        ['solana', [{ kind: 'ema', period: 50 }]],
      ]),
    );
  });
});

describe('computeIndicatorSnapshot', () => {
  it('never throws on bad market data; everything is missing instead', () => {
    const snap = computeIndicatorSnapshot([1, Number.NaN, 3], 4, [{ kind: 'sma', period: 2 }]);
    expect(snap.get('sma:2')).toBeNull();
    expect(computeIndicatorSnapshot([1, 2], Number.NaN, [{ kind: 'macd' }]).get('price')).toBeNull();
  });
});
