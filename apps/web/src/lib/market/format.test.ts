import { describe, expect, it } from 'vitest';
import { formatCompact, formatDay, formatPercent } from './format';

describe('market display formats', () => {
  it('percent: sign, two decimals, a dash for blanks', () => {
    expect(formatPercent(4.321)).toBe('+4.32%');
    expect(formatPercent(-1.5)).toBe('-1.50%');
    expect(formatPercent(0)).toBe('0.00%');
    expect(formatPercent(null)).toBe('–');
    expect(formatPercent(undefined)).toBe('–');
    expect(formatPercent(Number.NaN)).toBe('–');
  });

  it('compact counts for supply and followers', () => {
    expect(formatCompact(19_800_000.12)).toBe('19.8M');
    expect(formatCompact(21_000_000)).toBe('21M');
    expect(formatCompact(73_500)).toBe('73.5K');
    expect(formatCompact(108)).toBe('108');
    expect(formatCompact(1_234_567_890_123)).toBe('1.23T');
    expect(formatCompact(null)).toBe('–');
    expect(formatCompact(Number.POSITIVE_INFINITY)).toBe('–');
  });

  it('days in UTC, so a midnight-UTC all-time high keeps its date in every time zone', () => {
    expect(formatDay('2025-01-20T09:11:54.494Z')).toBe('Jan 20, 2025');
    expect(formatDay('2021-11-10T00:00:00.000Z')).toBe('Nov 10, 2021');
    expect(formatDay('2021-11-10T23:59:59.000Z')).toBe('Nov 10, 2021');
    expect(formatDay(null)).toBe('–');
    expect(formatDay('not a date')).toBe('–');
  });
});
