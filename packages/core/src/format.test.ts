import { describe, expect, it } from 'vitest';
import { currencyDecimals, formatCurrency } from './format-currency.ts';
import { parseLooseNumber } from './parse-number.ts';
import { relativeTime } from './relative-time.ts';
import { safeReturnPath } from './return-path.ts';

describe('currencyDecimals', () => {
  it.each([
    [2_500_000, 0],
    [1_000_000, 0],
    [999_999.5, 2],
    [1, 2],
    [0.5, 3],
    [0.01, 3],
    [0.001234, 6],
    [0.00001234, 8],
    [1e-12, 10],
    [-1_500_000, 0],
  ])('%d → %d decimals', (value, decimals) => {
    expect(currencyDecimals(value)).toBe(decimals);
  });

  it('formats fiat and crypto units', () => {
    expect(formatCurrency(1234.5, 'usd')).toBe('$1,234.50');
    expect(formatCurrency(2_345_678.9, 'eur')).toBe('€2,345,679');
    expect(formatCurrency(0.05, 'btc')).toBe('₿0.050');
  });
});

describe('parseLooseNumber (commas removed, non-numeric is 0)', () => {
  it.each([
    ['1,234.5', 1234.5],
    [' 42 ', 42],
    ['abc', 0],
    ['', 0],
    [null, 0],
    [Number.NaN, 0],
    ['1e3', 1000],
    ['12abc', 0],
    [7, 7],
  ])('%s → %d', (input, expected) => {
    expect(parseLooseNumber(input)).toBe(expected);
  });
});

describe('relativeTime', () => {
  const now = new Date('2026-03-10T12:00:00');
  it.each([
    ['2026-03-10T11:59:30', 'now'],
    ['2026-03-10T11:15:00', '45m'],
    ['2026-03-10T07:00:00', '5h'],
    ['2026-03-07T12:00:00', '3d'],
    ['2026-02-01T12:00:00', '02/01'],
  ])('%s → %s', (at, expected) => {
    expect(relativeTime(at, now)).toBe(expected);
  });
});

describe('safeReturnPath', () => {
  it.each([
    ['/dashboard?x=1', '/dashboard?x=1'],
    ['//evil.example', '/'],
    ['https://evil.example', '/'],
    ['/\\evil.example', '/'],
    ['/ok\u0000', '/'],
    ['/api/auth/logout', '/'],
    ['/API/auth/logout', '/'],
    ['/%61pi/auth/logout', '/'],
    ['/x/../api/auth/logout', '/'],
    ['/ok\ud800', '/'],
    ['/portfolios?name=€ x', '/portfolios?name=%E2%82%AC%20x'],
    ['/café#top', '/caf%C3%A9#top'],
    ['/a%20b?q=100%', '/a%20b?q=100%25'],
    [undefined, '/'],
    ['relative', '/'],
  ])('%s → %s', (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });
});
