import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date.ts';
import {
  decimalForInput,
  formatQuantity,
  formatSignedPercent,
  roundDecimalString,
} from './format-quantity.ts';
import { normalizeDecimalInput } from './parse-number.ts';

describe('formatQuantity: exact, at most 8 decimals, no float noise', () => {
  it.each([
    ['3.360000000000000000', '3.36'],
    ['3.36000001', '3.36000001'],
    ['3.360000004', '3.36'],
    ['0.5', '0.5'],
    ['12345.678', '12,345.678'],
    ['1000000', '1,000,000'],
    ['0.000000005', '0'],
    ['0.000000015', '0.00000002'],
    ['-2.5', '-2.5'],
    ['0', '0'],
  ])('%s → %s', (value, shown) => {
    expect(formatQuantity(value)).toBe(shown);
  });

  it('reads a float through its shortest round-trip string, so arithmetic noise disappears', () => {
    expect(formatQuantity(3.3600000000000003)).toBe('3.36');
    expect(formatQuantity(0.1 + 0.2)).toBe('0.3');
  });

  it('shows blanks and garbage as an en dash', () => {
    expect(formatQuantity(null)).toBe('–');
    expect(formatQuantity('')).toBe('–');
    expect(formatQuantity('abc')).toBe('–');
  });

  it('groups in the reader locale', () => {
    expect(formatQuantity('12345.5', 'de-DE')).toBe('12.345,5');
  });
});

describe('formatSignedPercent', () => {
  it.each([
    ['12.345', '+12.35%'],
    ['-0.004', '0.00%'],
    ['-3.1', '-3.10%'],
    // A coin bought far below today's price: grouped like every other figure, never "+10150.11%".
    ['10150.114', '+10,150.11%'],
    [-12345.6, '-12,345.60%'],
    [null, '–'],
  ])('%s → %s', (value, shown) => {
    expect(formatSignedPercent(value)).toBe(shown);
  });
});

describe('human dates', () => {
  it('never shows an ISO timestamp', () => {
    expect(formatDate('2026-06-01T10:00:00.000Z', 'en-US', 'UTC')).toBe('Jun 1, 2026');
    expect(formatDateTime('2026-06-01T10:00:00.000Z', 'en-US', 'UTC')).toBe('Jun 1, 2026, 10:00 AM');
    expect(formatDate('not a date')).toBe('–');
  });
});

describe('normalizeDecimalInput (commas removed)', () => {
  it.each([
    ['2,000', '2000'],
    ['1,234.56', '1234.56'],
    [' 12 345.5 ', '12345.5'],
    ['0.5', '0.5'],
  ])('%s → %s', (typed, sent) => {
    expect(normalizeDecimalInput(typed)).toBe(sent);
  });
});

describe('decimalForInput (prefilled form values)', () => {
  it.each([
    ['27631.7473348', 2, '27631.75'],
    ['3.360000000000000000', 8, '3.36'],
    ['100', 2, '100'],
    ['0.000000001', 8, '0'],
    [null, 2, ''],
  ] as const)('%s to %d decimals → %s', (value, decimals, shown) => {
    expect(decimalForInput(value, decimals)).toBe(shown);
  });
});

describe('roundDecimalString: half-even on the digits', () => {
  it.each([
    ['2.5', 0, '2'],
    ['3.5', 0, '4'],
    ['0.125', 2, '0.12'],
    ['0.135', 2, '0.14'],
    ['0.1251', 2, '0.13'],
    ['9.999', 2, '10'],
    ['-0.004', 2, '0'],
    ['-1.005', 2, '-1'],
    ['00012.3400', 8, '12.34'],
    ['.5', 8, '0.5'],
    ['1e5', 8, null],
    ['-', 8, null],
  ] as const)('%s to %d → %s', (text, decimals, shown) => {
    expect(roundDecimalString(text, decimals)).toBe(shown);
  });

  it('writes tiny and huge floats out without an exponent', () => {
    expect(formatQuantity(1e-7)).toBe('0.0000001');
    expect(formatQuantity(1e21)).toBe('1,000,000,000,000,000,000,000');
  });
});
