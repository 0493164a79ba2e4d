import { describe, expect, it } from 'vitest';
import { ema, emaLookback } from './ema.ts';
import { macd, macdLookback } from './macd.ts';
import { rsi, rsiLookback } from './rsi.ts';
import { sma, smaLookback } from './sma.ts';

const ramp = (n: number, from = 1): number[] => Array.from({ length: n }, (_, i) => from + i);

describe('lookbacks', () => {
  it('are period − 1 for SMA and EMA, period for RSI, slow − 1 + signal − 1 for MACD', () => {
    expect(smaLookback(2)).toBe(1);
    expect(emaLookback(500)).toBe(499);
    expect(rsiLookback(14)).toBe(14);
    expect(macdLookback()).toBe(33);
    expect(macdLookback({ fast: 5, slow: 10, signal: 3 })).toBe(11);
  });

  it('match where the first value appears', () => {
    const closes = ramp(60);
    expect(sma(closes, 7).findIndex((v) => v !== null)).toBe(6);
    expect(ema(closes, 7).findIndex((v) => v !== null)).toBe(6);
    expect(rsi(closes, 7).findIndex((v) => v !== null)).toBe(7);
    expect(macd(closes).histogram.findIndex((v) => v !== null)).toBe(33);
  });
});

describe('too little data', () => {
  it('gives all null, aligned to the input, when there are fewer closes than needed', () => {
    expect(sma(ramp(4), 5)).toEqual([null, null, null, null]);
    expect(ema(ramp(4), 5)).toEqual([null, null, null, null]);
    expect(rsi(ramp(14), 14)).toEqual(new Array(14).fill(null));
    const m = macd(ramp(33));
    expect([m.macd, m.signal, m.histogram].every((s) => s.length === 33 && s.every((v) => v === null))).toBe(
      true,
    );
  });

  it('gives exactly one value at the lookback boundary', () => {
    expect(sma(ramp(5), 5)).toEqual([null, null, null, null, 3]);
    expect(ema(ramp(5), 5)).toEqual([null, null, null, null, 3]);
    expect(rsi(ramp(15), 14).filter((v) => v !== null)).toEqual([100]);
    expect(macd(ramp(34)).macd.filter((v) => v !== null)).toHaveLength(1);
  });

  it('returns empty arrays for no closes', () => {
    expect(sma([], 2)).toEqual([]);
    expect(rsi([], 2)).toEqual([]);
    expect(macd([])).toEqual({ macd: [], signal: [], histogram: [] });
  });
});

describe('period validation', () => {
  it.each([2, 500])('accepts %d', (period) => {
    expect(() => sma([1, 2], period)).not.toThrow();
    expect(() => ema([1, 2], period)).not.toThrow();
    expect(() => rsi([1, 2], period)).not.toThrow();
  });

  it.each([1, 0, -3, 501, 2.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects %d', (period) => {
    expect(() => sma([1, 2], period)).toThrow(RangeError);
    expect(() => ema([1, 2], period)).toThrow(/period must be a whole number from 2 to 500/);
    expect(() => rsi([1, 2], period)).toThrow(RangeError);
    expect(() => smaLookback(period)).toThrow(RangeError);
  });

  it('requires MACD fast < slow and valid signal', () => {
    expect(() => macd([1], { fast: 26, slow: 12 })).toThrow(/fast period must be less than slow period/);
    expect(() => macd([1], { fast: 12, slow: 12 })).toThrow(RangeError);
    expect(() => macd([1], { signal: 1 })).toThrow(/signal period/);
    expect(() => macdLookback({ slow: 501 })).toThrow(/slow period/);
  });

  it('rejects non-finite closes instead of propagating NaN', () => {
    expect(() => sma([1, Number.NaN, 3], 2)).toThrow(/closes\[1\]/);
    expect(() => macd([1, Number.POSITIVE_INFINITY])).toThrow(RangeError);
  });
});

describe('RSI extremes', () => {
  it('is 100 when prices only rise, 0 when they only fall', () => {
    expect(rsi(ramp(20), 14).at(-1)).toBe(100);
    expect(rsi(ramp(20).reverse(), 14).at(-1)).toBe(0);
  });

  it('is 0 for a perfectly flat window, as TA-Lib outputs', () => {
    expect(rsi(new Array(20).fill(5), 14).at(-1)).toBe(0);
  });

  it('is scale-free even for sub-1e-8 prices, where TA-Lib’s absolute epsilon would force 0', () => {
    const closes = [
      1, 1.02, 0.99, 1.01, 1.03, 1.0, 0.98, 1.01, 1.04, 1.02, 1.05, 1.03, 1.06, 1.04, 1.07, 1.05,
    ];
    const tiny = closes.map((c) => c * 1e-9);
    const a = rsi(closes, 14).at(-1) ?? Number.NaN;
    const b = rsi(tiny, 14).at(-1) ?? Number.NaN;
    expect(a).toBeGreaterThan(0);
    expect(Math.abs(a - b)).toBeLessThan(1e-9);
  });
});

describe('MACD seeding', () => {
  it('starts the fast EMA on the slow EMA’s first bar: seeded with the SMA of closes 14..25', () => {
    const closes = ramp(60).map((v) => Math.sin(v / 3) * 10 + 100);
    const m = macd(closes);
    const slow = ema(closes, 26);
    // ema(12) of closes[14..] is seeded at its own index 11, i.e. original bar 25.
    const fastFrom14 = ema(closes.slice(14), 12);
    for (const i of [33, 40, 59]) {
      const fast = (m.macd[i] ?? 0) + (slow[i] ?? 0);
      expect(Math.abs(fast - (fastFrom14[i - 14] ?? 0))).toBeLessThan(1e-9);
    }
    // …and so differs from the textbook ema(12) seeded on bar 11.
    const textbookFast = ema(closes, 12)[33] ?? 0;
    expect(Math.abs((m.macd[33] ?? 0) + (slow[33] ?? 0) - textbookFast)).toBeGreaterThan(1e-6);
  });

  it('histogram is macd − signal', () => {
    const m = macd(ramp(80).map((v) => Math.cos(v / 5) * 3 + 50));
    m.histogram.forEach((h, i) => {
      if (h !== null) expect(h).toBe((m.macd[i] ?? 0) - (m.signal[i] ?? 0));
    });
  });
});
