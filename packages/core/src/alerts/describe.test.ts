import { describe, expect, it } from 'vitest';
import { describeCondition, describeOperand, formatAlertNumber } from './describe.ts';

const indicator = (metric: 'price' | 'rsi' | 'ema' | 'sma' | 'macd_histogram', period: number | null) =>
  ({ type: 'indicator', metric, params: { period }, value: null }) as const;
const constant = (value: number) =>
  ({ type: 'value', metric: null, params: { period: null }, value }) as const;

describe('formatAlertNumber', () => {
  it('keeps up to 8 decimals below 1 without an exponent', () => {
    expect(formatAlertNumber(0.00001234)).toBe('0.00001234');
    expect(formatAlertNumber(0.000000001)).toBe('0');
  });

  it('keeps 4 decimals between 1 and 1,000 and 2 above', () => {
    expect(formatAlertNumber(1.234567)).toBe('1.2346');
    expect(formatAlertNumber(1234.5678)).toBe('1234.57');
  });

  it('groups thousands only from 10,000', () => {
    expect(formatAlertNumber(9999)).toBe('9999');
    expect(formatAlertNumber(100000)).toBe('100,000');
    expect(formatAlertNumber(-25000.5)).toBe('-25,000.5');
  });

  it('shows a dash for values that are not finite', () => {
    expect(formatAlertNumber(Number.NaN)).toBe('—');
    expect(formatAlertNumber(Number.POSITIVE_INFINITY)).toBe('—');
  });
});

describe('describeOperand', () => {
  it('names an indicator with its period', () => {
    expect(describeOperand(indicator('rsi', 14))).toBe('RSI(14)');
    expect(describeOperand(indicator('ema', 50))).toBe('EMA(50)');
  });

  it('names an indicator without a period by its label alone', () => {
    expect(describeOperand(indicator('price', null))).toBe('Price');
    expect(describeOperand(indicator('macd_histogram', null))).toBe('MACD histogram');
  });

  it('prints a constant as a number', () => {
    expect(describeOperand(constant(70))).toBe('70');
    expect(describeOperand(constant(0.00012))).toBe('0.00012');
  });
});

describe('describeCondition', () => {
  it('reads as one sentence with the operator symbol or words', () => {
    expect(describeCondition({ left: indicator('ema', 50), op: '>=', right: indicator('sma', 200) })).toBe(
      'EMA(50) ≥ SMA(200)',
    );
    expect(
      describeCondition({ left: indicator('price', null), op: 'crosses_below', right: constant(65000) }),
    ).toBe('Price crosses below $65,000.00');
    expect(describeCondition({ left: indicator('rsi', 14), op: '<=', right: constant(30) })).toBe(
      'RSI(14) ≤ 30',
    );
  });

  it('writes a money threshold in US dollars with the currency decimals', () => {
    expect(describeCondition({ left: indicator('price', null), op: '>=', right: constant(4000) })).toBe(
      'Price ≥ $4,000.00',
    );
    expect(describeCondition({ left: constant(0.5), op: '<=', right: indicator('sma', 20) })).toBe(
      '$0.500 ≤ SMA(20)',
    );
    expect(describeCondition({ left: indicator('price', null), op: '>=', right: constant(2_500_000) })).toBe(
      'Price ≥ $2,500,000',
    );
  });
});
