import { describe, expect, it } from 'vitest';
import { dailyCandlesFromPoints, dayStartMs, mergeDailyCandles, planBackfillDays } from './daily-candles.ts';

const now = new Date('2026-11-21T15:30:00Z');

describe('planBackfillDays', () => {
  it('asks for the whole free-plan window when nothing is stored', () => {
    expect(planBackfillDays(null, now)).toBe(365);
    expect(planBackfillDays(null, now, 90)).toBe(90);
  });

  it('asks for nothing when yesterday is stored', () => {
    expect(planBackfillDays('2026-11-20', now)).toBeNull();
    expect(planBackfillDays('2026-11-21', now)).toBeNull();
  });

  it('covers the gap plus one day of overlap', () => {
    // Stored up to the 17th: missing 18, 19, 20 → 4 days back from today covers them.
    expect(planBackfillDays('2026-11-17', now)).toBe(5);
  });

  it('caps at the plan history limit', () => {
    expect(planBackfillDays('2024-01-01', now)).toBe(365);
  });
});

describe('dailyCandlesFromPoints', () => {
  const d = (day: string, hour = 0) => dayStartMs(day) + hour * 3_600_000;

  it('buckets hourly points into completed UTC days, midnight closing the day before', () => {
    const points: Array<[number, number]> = [
      [d('2026-11-18', 1), 10],
      [d('2026-11-18', 12), 14],
      [d('2026-11-18', 18), 8],
      [d('2026-11-19', 0), 11],
      [d('2026-11-19', 6), 12],
      [d('2026-11-20', 0), 13],
      [d('2026-11-21', 3), 99],
    ];
    const candles = dailyCandlesFromPoints(points, '2026-11-17', now);
    expect(candles).toEqual([
      { day: '2026-11-18', open: 10, high: 14, low: 8, close: 11 },
      { day: '2026-11-19', open: 12, high: 13, low: 12, close: 13 },
    ]);
  });

  it('skips days already stored and the running day', () => {
    const points: Array<[number, number]> = [
      [d('2026-11-19'), 5],
      [d('2026-11-20'), 6],
      [d('2026-11-21'), 7],
      [d('2026-11-21', 9), 8],
    ];
    expect(dailyCandlesFromPoints(points, '2026-11-19', now).map((c) => c.day)).toEqual(['2026-11-20']);
  });

  it('drops candles from the future (a provider clock ahead of ours)', () => {
    const points: Array<[number, number]> = [
      [d('2026-11-20', 12), 6],
      [d('2026-11-22', 12), 7],
      [d('2026-11-25'), 8],
    ];
    expect(dailyCandlesFromPoints(points, null, now).map((c) => c.day)).toEqual(['2026-11-20']);
  });

  it('merges by day with new data winning', () => {
    const a = { day: '2026-01-01', open: 1, high: 1, low: 1, close: 1 };
    const b = { day: '2026-01-02', open: 2, high: 2, low: 2, close: 2 };
    const b2 = { ...b, close: 3 };
    expect(mergeDailyCandles([b, a], [b2])).toEqual([a, b2]);
  });
});
