import { describe, expect, it } from 'vitest';
import { backfillDailyCandles, MemoryCandleStore } from './daily-candles.ts';
import type { MarketDataProvider } from './provider.ts';
import { loadSnapshotDataset } from './snapshot/dataset.ts';
import { SnapshotProvider } from './snapshot/snapshot-provider.ts';

const dataset = loadSnapshotDataset();

/** Records the `days` each chart call asked for, around the snapshot provider. */
function recording(t: { now: number }): { provider: MarketDataProvider; asked: Array<number | 'max'> } {
  const inner = new SnapshotProvider({ dataset, now: () => t.now });
  const asked: Array<number | 'max'> = [];
  const provider = Object.create(inner) as MarketDataProvider;
  provider.marketChart = (id, vs, days, options) => {
    asked.push(days);
    return inner.marketChart(id, vs, days, options);
  };
  return { provider, asked };
}

describe('backfillDailyCandles', () => {
  it('fills the free-plan year, then only the missing days', async () => {
    const clock = { now: Date.parse('2026-11-21T06:00:00Z') };
    const { provider, asked } = recording(clock);
    const store = new MemoryCandleStore();
    const first = await backfillDailyCandles({
      provider,
      store,
      coinId: 'bitcoin',
      now: new Date(clock.now),
    });
    expect(first.requestedDays).toBe(365);
    expect(first.stored).toBeGreaterThanOrEqual(364);
    expect(await store.getLastDay('bitcoin', 'usd')).toBe('2026-11-20');

    const again = await backfillDailyCandles({
      provider,
      store,
      coinId: 'bitcoin',
      now: new Date(clock.now),
    });
    expect(again).toEqual({ requestedDays: null, stored: 0 });

    clock.now += 3 * 86_400_000;
    const later = await backfillDailyCandles({
      provider,
      store,
      coinId: 'bitcoin',
      now: new Date(clock.now),
    });
    expect(asked).toEqual([365, 5]);
    expect(later.stored).toBe(3);
    const days = store.days('bitcoin', 'usd');
    expect(days.at(-1)?.day).toBe('2026-11-23');
    const last = days.at(-1);
    // Hourly data for short gaps gives real highs and lows.
    expect(last && last.high > last.low).toBe(true);
    expect(new Set(days.map((d) => d.day)).size).toBe(days.length);
  });
});
