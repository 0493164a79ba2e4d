import type { AlertOperand } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { ema } from '../indicators/ema.ts';
import { macd } from '../indicators/macd.ts';
import { rsi } from '../indicators/rsi.ts';
import { sma } from '../indicators/sma.ts';
import { currentOperandValue } from './snapshot.ts';

const indicator = (metric: AlertOperand['metric'] & string, period: number | null = null): AlertOperand =>
  ({ type: 'indicator', metric, params: { period }, value: null }) as AlertOperand;

const closes = Array.from({ length: 60 }, (_, i) => 50 + 5 * Math.sin(i / 4) + i / 10);
const live = 57.5;
const bars = [...closes, live];

describe('currentOperandValue: the indicator on completed closes + the live price as the last bar', () => {
  it.each([
    ['price', indicator('price'), live],
    ['sma(20)', indicator('sma', 20), sma(bars, 20).at(-1)],
    ['ema(20)', indicator('ema', 20), ema(bars, 20).at(-1)],
    ['rsi(14)', indicator('rsi', 14), rsi(bars, 14).at(-1)],
    ['macd', indicator('macd'), macd(bars).macd.at(-1)],
    ['macd_signal', indicator('macd_signal'), macd(bars).signal.at(-1)],
    ['macd_histogram', indicator('macd_histogram'), macd(bars).histogram.at(-1)],
  ])('%s', (_name, operand, expected) => {
    expect(currentOperandValue(operand, closes, live)).toBe(expected);
  });

  it('returns a constant as is', () => {
    expect(
      currentOperandValue({ type: 'value', metric: null, params: { period: null }, value: 7 }, [], 1),
    ).toBe(7);
  });

  it('is null until there is enough history (never a half-computed value)', () => {
    expect(currentOperandValue(indicator('sma', 20), closes.slice(0, 18), live)).toBeNull();
    expect(currentOperandValue(indicator('sma', 20), closes.slice(0, 19), live)).not.toBeNull();
    expect(currentOperandValue(indicator('macd_histogram'), closes.slice(0, 32), live)).toBeNull();
    expect(currentOperandValue(indicator('macd_histogram'), closes.slice(0, 33), live)).not.toBeNull();
  });
});
