import { describe, expect, it } from 'vitest';
import { AutoProvider } from './auto/auto-provider.ts';
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

describe('backfillDailyCandles across the switch to live', () => {
  it('never plans a live fetch from the last demo day read while the mode switched', async () => {
    const now = Date.parse('2026-11-21T06:00:00Z');
    const demo = new SnapshotProvider({ dataset, now: () => now });
    // A real provider's stand-in: the snapshot's prices under a live label, recording each call.
    const live = Object.create(new SnapshotProvider({ dataset, now: () => now })) as MarketDataProvider;
    const asked: Array<number | 'max'> = [];
    const liveChart = live.marketChart.bind(live);
    live.marketChart = (id, vs, days, options) => {
      asked.push(days);
      return liveChart(id, vs, days, options);
    };
    live.describe = () => ({
      source: 'coingecko',
      mode: 'live',
      as_of: new Date(now).toISOString(),
      stale: false,
    });
    const auto = new AutoProvider({ primary: live, fallback: demo });
    // The demo series ends yesterday; the switch lands while the store is answering that.
    const store = new (class extends MemoryCandleStore {
      override async getLastDay(): Promise<string | null> {
        const answer = auto.mode() === 'demo' ? '2026-11-19' : null;
        auto.goLive();
        return answer;
      }
    })();
    const raced = await backfillDailyCandles({
      provider: auto,
      store,
      coinId: 'bitcoin',
      now: new Date(now),
    });
    expect(raced).toEqual({ requestedDays: null, stored: 0 });
    expect(asked).toEqual([]);
    // The next top-up plans from the live rows (none yet): the whole window, not two days.
    const next = await backfillDailyCandles({ provider: auto, store, coinId: 'bitcoin', now: new Date(now) });
    expect(asked).toEqual([365]);
    expect(next.stored).toBeGreaterThanOrEqual(364);
  });
});
