import { describe, expect, it } from 'vitest';
import { decimalDigits, formatScaled, toScaled } from './scaled-quantity.ts';
import { normaliseTxHash } from './tx-hash.ts';

describe('scaled quantities', () => {
  it('drops trailing fraction zeros and leading whole zeros', () => {
    expect(decimalDigits('1.50')).toEqual({ whole: '1', fraction: '5' });
    expect(decimalDigits('007.000')).toEqual({ whole: '7', fraction: '' });
    expect(decimalDigits('0.00000001')).toEqual({ whole: '0', fraction: '00000001' });
    expect(decimalDigits('3.')).toEqual({ whole: '3', fraction: '' });
  });

  it('reads other notations through the decimal type and refuses what is not a decimal ≥ 0', () => {
    expect(decimalDigits('1.5e-3')).toEqual({ whole: '0', fraction: '0015' });
    expect(decimalDigits(' 2 ')).toEqual({ whole: '2', fraction: '' });
    for (const bad of ['-1', 'abc', '', 'Infinity', 'NaN', '1,5']) expect(decimalDigits(bad)).toBeNull();
  });

  it('scales to a shared number of places and formats back without rounding', () => {
    const scale = 18;
    const a = toScaled(decimalDigits('123456789.123456789012345678') ?? { whole: '', fraction: '' }, scale);
    const b = toScaled(decimalDigits('0.000000000000000001') ?? { whole: '', fraction: '' }, scale);
    expect(formatScaled(a - b, scale)).toBe('123456789.123456789012345677');
    expect(formatScaled(b - a, scale)).toBe('-123456789.123456789012345677');
    expect(formatScaled(0n, scale)).toBe('0');
    expect(formatScaled(50n, 2)).toBe('0.5');
    expect(formatScaled(500n, 2)).toBe('5');
    expect(formatScaled(7n, 0)).toBe('7');
  });
});

describe('normaliseTxHash', () => {
  const hex = '9F2C4E1B7A3D5F6E8C0B1A2D3E4F5A6B';
  it('folds case and the 0x prefix of hex ids', () => {
    expect(normaliseTxHash(`0x${hex}`)).toBe(hex.toLowerCase());
    expect(normaliseTxHash(` ${hex} `)).toBe(hex.toLowerCase());
    expect(normaliseTxHash(`0X${hex.toLowerCase()}`)).toBe(hex.toLowerCase());
  });

  it('returns null for what cannot be a transaction id', () => {
    for (const text of [null, undefined, '', '-', 'n/a', '0x1234', 'Internal transfer to savings']) {
      expect(normaliseTxHash(text)).toBeNull();
    }
  });
});
