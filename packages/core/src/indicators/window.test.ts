import { describe, expect, it } from 'vitest';
import regtest from './fixtures/talib_regtest_252.snapshot.json' with { type: 'json' };
import { macd } from './macd.ts';
import { rsi } from './rsi.ts';
import { formatIndicatorValue, indicatorWarmupDays, indicatorWindow, lastDays } from './window.ts';

const closes = regtest.input;

describe('indicatorWindow', () => {
  it('follows the chart timeframe, two weeks at the least, with the warm-up before it', () => {
    expect(indicatorWindow('1D')).toEqual({ windowDays: 14, requestDays: 14 + indicatorWarmupDays });
    expect(indicatorWindow('1W')).toEqual({ windowDays: 14, requestDays: 14 + indicatorWarmupDays });
    expect(indicatorWindow('1M')).toEqual({ windowDays: 30, requestDays: 30 + indicatorWarmupDays });
    expect(indicatorWindow('3M')).toEqual({ windowDays: 90, requestDays: 90 + indicatorWarmupDays });
    expect(indicatorWindow('1Y')).toEqual({ windowDays: 365, requestDays: 365 + indicatorWarmupDays });
    expect(indicatorWindow('ALL')).toEqual({ windowDays: null, requestDays: 2000 });
  });
});

describe('the warm-up makes the first shown point the full-history value', () => {
  // A 30-day window at the end of the TA-Lib reference series, computed from only the warm-up
  // and the window, against TA-Lib's own output over all 252 closes.
  const window = 30;
  const fetched = lastDays(closes, window + indicatorWarmupDays);

  it('RSI(14) at the window start matches TA-Lib to the two decimals shown', () => {
    const shown = lastDays(rsi(fetched, 14), window);
    const reference = lastDays(regtest.expected.rsi14, window);
    expect(shown[0]).not.toBeNull();
    expect(formatIndicatorValue(shown[0])).toBe(formatIndicatorValue(reference[0]));
    shown.forEach((v, i) => {
      expect(Math.abs((v ?? Number.NaN) - (reference[i] ?? Number.NaN))).toBeLessThan(0.005);
    });
  });

  it('MACD at the window start matches the full-history MACD to the two decimals shown', () => {
    const full = macd(closes);
    const part = macd(fetched);
    for (const key of ['macd', 'signal', 'histogram'] as const) {
      const shown = lastDays(part[key], window);
      const reference = lastDays(full[key], window);
      expect(shown[0]).not.toBeNull();
      shown.forEach((v, i) => {
        expect(Math.abs((v ?? Number.NaN) - (reference[i] ?? Number.NaN))).toBeLessThan(0.005);
      });
    }
  });

  it('without a warm-up the first point would be missing', () => {
    expect(rsi(lastDays(closes, window), 14)[0]).toBeNull();
  });
});

describe('lastDays', () => {
  it('keeps the newest entries, or all of them', () => {
    expect(lastDays([1, 2, 3, 4], 2)).toEqual([3, 4]);
    expect(lastDays([1, 2], 5)).toEqual([1, 2]);
    expect(lastDays([1, 2, 3], null)).toEqual([1, 2, 3]);
  });
});

describe('formatIndicatorValue', () => {
  it('prints two decimals', () => {
    expect(formatIndicatorValue(56.78912)).toBe('56.79');
    expect(formatIndicatorValue(-1234.5)).toBe('-1234.50');
    expect(formatIndicatorValue(-0.001)).toBe('0.00');
    expect(formatIndicatorValue(null)).toBe('—');
    expect(formatIndicatorValue(Number.NaN)).toBe('—');
  });
});
