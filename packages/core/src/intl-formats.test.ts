import { describe, expect, it } from 'vitest';
import { dateFormat, numberFormat } from './intl-formats.ts';

describe('cached Intl formatters', () => {
  it('hands back one formatter per locale and options, formatting as a new one would', () => {
    const options = { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 } as const;
    const first = numberFormat('de-DE', options);
    expect(numberFormat('de-DE', { ...options })).toBe(first);
    expect(numberFormat('en-US', options)).not.toBe(first);
    expect(numberFormat('de-DE', { ...options, minimumFractionDigits: 3 })).not.toBe(first);
    expect(first.format(1234.5)).toBe(new Intl.NumberFormat('de-DE', options).format(1234.5));
  });

  it('keeps date options apart, time zone included', () => {
    const at = new Date(Date.UTC(2026, 10, 27, 23, 30));
    const utc = dateFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
    const tokyo = dateFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      timeZone: 'Asia/Tokyo',
    });
    expect(utc.format(at)).toBe('Nov 27, 2026');
    expect(tokyo.format(at)).toBe('Nov 28, 2026');
  });

  it('throws for an unknown currency, as the constructor does, and caches nothing', () => {
    expect(() => numberFormat('en-US', { style: 'currency', currency: 'NOPE1' })).toThrow(RangeError);
    expect(() => numberFormat('en-US', { style: 'currency', currency: 'NOPE1' })).toThrow(RangeError);
  });
});
