import { describe, expect, it } from 'vitest';
import { parseUnits, unitsToDecimal } from './base-units.ts';

describe('base units', () => {
  it('scales exactly, with or without the trailing zeros', () => {
    expect(unitsToDecimal(12345n, 8, true)).toBe('0.00012345');
    expect(unitsToDecimal(100000000n, 8, true)).toBe('1.00000000');
    expect(unitsToDecimal(100000000n, 8)).toBe('1');
    expect(unitsToDecimal(-30015000n, 8, true)).toBe('-0.30015000');
    expect(unitsToDecimal(0n, 8, true)).toBe('0.00000000');
    expect(unitsToDecimal(1n, 18)).toBe('0.000000000000000001');
    expect(unitsToDecimal(7n, 0)).toBe('7');
  });

  it('keeps every digit of amounts far beyond floating point', () => {
    const max = 2n ** 256n - 1n;
    expect(unitsToDecimal(max, 18)).toBe(
      '115792089237316195423570985008687907853269984665640564039457.584007913129639935',
    );
    expect(parseUnits(max.toString())).toBe(max);
  });

  it('reads only plain unsigned integers', () => {
    for (const text of ['', '-1', '1.5', '1e18', ' 1', '0x10']) expect(parseUnits(text)).toBeNull();
    expect(parseUnits('0')).toBe(0n);
  });

  it('refuses impossible decimals', () => {
    expect(() => unitsToDecimal(1n, -1)).toThrow(RangeError);
    expect(() => unitsToDecimal(1n, 1.5)).toThrow(RangeError);
  });
});
