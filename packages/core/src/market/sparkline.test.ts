import { describe, expect, it } from 'vitest';
import { compactSparkline } from './sparkline.ts';

describe('compactSparkline', () => {
  it('rounds to a step of at most 1/1000 of the range', () => {
    // Range 200: step 0.1.
    expect(compactSparkline([4351.4812, 4251.4899, 4451.4801])).toEqual([4351.5, 4251.5, 4451.5]);
    // Range 5,000: step 1 (six digits of a 105k price are already whole dollars).
    expect(compactSparkline([104989.37, 100000.2, 105000.9])).toEqual([104989, 100000, 105001]);
  });

  it('never keeps more than 6 significant digits, so a stablecoin keeps exactly 6', () => {
    expect(compactSparkline([0.99888912, 1.0004012, 0.9995561])).toEqual([0.998889, 1.0004, 0.999556]);
  });

  it('keeps the drawn shape: every point within 1/2000 of the range of its true value', () => {
    const prices = Array.from({ length: 168 }, (_, i) => 2.7 + Math.sin(i / 9) * 0.13 + (i % 7) * 0.0013);
    const span = Math.max(...prices) - Math.min(...prices);
    const compact = compactSparkline(prices);
    expect(compact).toHaveLength(prices.length);
    compact.forEach((p, i) => {
      expect(Math.abs(p - (prices[i] ?? 0))).toBeLessThanOrEqual(span / 2000 + 1e-12);
    });
    expect(JSON.stringify(compact).length).toBeLessThan(
      JSON.stringify(prices.map((p) => Number(p.toPrecision(6)))).length,
    );
  });

  it('handles flat, single-point, empty and microscopic series', () => {
    expect(compactSparkline([1.23456789, 1.23456789])).toEqual([1.23457, 1.23457]);
    expect(compactSparkline([42.123456])).toEqual([42.1235]);
    expect(compactSparkline([])).toEqual([]);
    expect(compactSparkline([1e-30, 2e-30])).toEqual([1e-30, 2e-30]);
  });
});
