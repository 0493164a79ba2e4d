import { describe, expect, it } from 'vitest';
import { ema, emaLookback } from './ema.ts';
import stockcharts from './fixtures/rsi_stockcharts_example_33.snapshot.json' with { type: 'json' };
// Byte-identical copies of /work/shared/reference/indicators/*.json (TA-Lib C output). The
// `.snapshot.json` suffix keeps Biome from reformatting them, so `cmp` against the source holds.
import regtest from './fixtures/talib_regtest_252.snapshot.json' with { type: 'json' };
import { macd, macdLookback } from './macd.ts';
import { rsi, rsiLookback } from './rsi.ts';
import { sma, smaLookback } from './sma.ts';
import type { IndicatorSeries } from './validate.ts';

/**
 * 1e-9 absolute for |expected| ≤ 1 and 1e-9 relative above it. Purely relative would be
 * meaningless for MACD values crossing zero; purely absolute would be loose for small values
 * only if prices were tiny, which these series are not. In practice every value matches exactly.
 */
const tolerance = 1e-9;

function mismatches(actual: IndicatorSeries, expected: readonly (number | null)[]): string[] {
  const problems: string[] = [];
  if (actual.length !== expected.length) problems.push(`length ${actual.length} ≠ ${expected.length}`);
  expected.forEach((e, i) => {
    const a = actual[i];
    if (e === null || a === null || a === undefined) {
      if (a !== e) problems.push(`[${i}] got ${a}, expected ${e}`);
    } else if (Math.abs(a - e) > tolerance * Math.max(1, Math.abs(e))) {
      problems.push(`[${i}] got ${a}, expected ${e}`);
    }
  });
  return problems;
}

function exactCount(actual: IndicatorSeries, expected: readonly (number | null)[]): number {
  return expected.filter((e, i) => e !== null && actual[i] === e).length;
}

function firstValid(series: readonly (number | null)[]): number {
  return series.findIndex((v) => v !== null);
}

const closes = regtest.input;
const expected = regtest.expected;

describe('TA-Lib regression series (252 closes)', () => {
  const cases = [
    ['sma20', () => sma(closes, 20), expected.sma20, smaLookback(20), regtest.firstValid.sma20],
    ['sma50', () => sma(closes, 50), expected.sma50, smaLookback(50), regtest.firstValid.sma50],
    ['ema12', () => ema(closes, 12), expected.ema12, emaLookback(12), regtest.firstValid.ema12],
    ['ema20', () => ema(closes, 20), expected.ema20, emaLookback(20), regtest.firstValid.ema20],
    ['ema26', () => ema(closes, 26), expected.ema26, emaLookback(26), regtest.firstValid.ema26],
    ['rsi14', () => rsi(closes, 14), expected.rsi14, rsiLookback(14), regtest.firstValid.rsi14],
    ['macd', () => macd(closes).macd, expected.macd.macd, macdLookback(), regtest.firstValid.macd],
    ['macd signal', () => macd(closes).signal, expected.macd.signal, macdLookback(), regtest.firstValid.macd],
    ['macd hist', () => macd(closes).histogram, expected.macd.hist, macdLookback(), regtest.firstValid.macd],
  ] as const;

  it.each(cases)('%s matches every TA-Lib value within 1e-9', (_name, compute, want) => {
    expect(mismatches(compute(), want)).toEqual([]);
  });

  it.each(cases)('%s is bit-identical to TA-Lib (same operation order)', (_name, compute, want) => {
    const valid = want.filter((v) => v !== null).length;
    expect(exactCount(compute(), want)).toBe(valid);
  });

  it.each(cases)('%s lookback equals TA-Lib outBegIdx', (_name, compute, _want, lookback, begIdx) => {
    expect(lookback).toBe(begIdx);
    expect(firstValid(compute())).toBe(begIdx);
  });

  it('reproduces the spot values the TA-Lib authors publish in ta_regtest', () => {
    for (const check of regtest.spotChecks) {
      const period = check.period ?? 0; // MACD spot checks carry no period.
      const series =
        check.fn === 'RSI'
          ? rsi(closes, period)
          : check.fn === 'SMA'
            ? sma(closes, period)
            : check.fn === 'EMA'
              ? ema(closes, period)
              : macdOutput(check.output);
      expect(firstValid(series)).toBe(check.expectedBegIdx);
      const value = series[check.inputIndex] ?? Number.NaN;
      expect(Math.abs(value - check.expected)).toBeLessThanOrEqual(check.tolerance);
      expect(value).toBe(check.computed);
    }
  });

  it('differs from the textbook MACD (fast EMA seeded on bar 11) early on, and converges', () => {
    const talib = macd(closes).macd;
    const textbook = regtest.textbookMacd.macd;
    const at33 = (talib[33] ?? 0) - (textbook[33] ?? 0);
    expect(Math.abs(at33)).toBeGreaterThan(1e-3);
    const last = talib.length - 1;
    expect(Math.abs((talib[last] ?? 0) - (textbook[last] ?? 0))).toBeLessThan(1e-9);
  });
});

function macdOutput(output: string | undefined): IndicatorSeries {
  const result = macd(closes);
  if (output === 'outMACD') return result.macd;
  if (output === 'outMACDSignal') return result.signal;
  return result.histogram;
}

describe('StockCharts RSI worked example (33 closes)', () => {
  it('matches TA-Lib RSI(14) within 1e-9 and bit for bit', () => {
    const got = rsi(stockcharts.input, 14);
    expect(mismatches(got, stockcharts.expected.rsi14)).toEqual([]);
    expect(exactCount(got, stockcharts.expected.rsi14)).toBe(19);
    expect(firstValid(got)).toBe(stockcharts.firstValid.rsi14);
  });

  it('rounds to the 2-decimal values public fixtures assert', () => {
    const rounded = rsi(stockcharts.input, 14)
      .slice(14)
      .map((v) => Math.round((v ?? 0) * 100) / 100);
    expect(rounded).toEqual([
      70.46, 66.25, 66.48, 69.35, 66.29, 57.92, 62.88, 63.21, 56.01, 62.34, 54.67, 50.39, 40.02, 41.49, 41.9,
      45.5, 37.32, 33.09, 37.79,
    ]);
  });
});
