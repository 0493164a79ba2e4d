import type { AlertEventOperand } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { formatCurrency } from '../format-currency.ts';
import { describeFiredCondition } from './describe.ts';

const price = (value: number): AlertEventOperand => ({
  type: 'indicator',
  metric: 'price',
  params: { period: null },
  value,
});
const constant = (value: number): AlertEventOperand => ({
  type: 'value',
  metric: null,
  params: { period: null },
  value,
});
const rsi = (value: number): AlertEventOperand => ({
  type: 'indicator',
  metric: 'rsi',
  params: { period: 14 },
  value,
});

describe('describeFiredCondition (the base currency at firing)', () => {
  it('converts money with the rate recorded at firing and keeps RSI levels as they are', () => {
    const payload = { left: price(100_000), op: '>=' as const, right: constant(95_000) };
    expect(describeFiredCondition(payload, formatCurrency)).toBe('Price $100,000.00 ≥ $95,000.00');
    expect(describeFiredCondition({ ...payload, currency: { code: 'eur', rate: 0.9 } }, formatCurrency)).toBe(
      'Price €90,000.00 ≥ €85,500.00',
    );
    expect(
      describeFiredCondition(
        { left: rsi(28.5), op: 'crosses_below', right: constant(30), currency: { code: 'eur', rate: 0.9 } },
        formatCurrency,
      ),
    ).toBe('RSI(14) 28.5 crossed below 30');
  });

  it('reads a threshold compared in its own currency as it is, whatever the base currency at firing', () => {
    const payload = {
      left: price(92_000),
      op: '>=' as const,
      right: constant(90_000),
      currency: { code: 'gbp', rate: 0.75 },
      values_currency: 'eur',
    };
    expect(describeFiredCondition(payload, formatCurrency)).toBe('Price €92,000.00 ≥ €90,000.00');
  });
});
