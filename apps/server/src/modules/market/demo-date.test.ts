import { afterAll, describe, expect, it } from 'vitest';
import { SnapshotProvider } from '../../integrations/market-data/index.ts';
import { createTestApp, createTestClock, type TestApp } from '../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { createMarketService } from './market.service.ts';

const dayMs = 86_400_000;
const pinned = '2026-11-15';

/**
 * A server whose clock reads `at`, over the demo market pinned to one day: what the end-to-end
 * suite starts, on whatever day it runs.
 */
async function serverAt(at: Date, demoDate: string | undefined): Promise<{ app: TestApp; db: TestDatabase }> {
  const db = await createTestDatabase();
  const clock = createTestClock(at);
  const now = () => clock().getTime();
  const market = createMarketService({
    db: db.database.db,
    provider: new SnapshotProvider({ now, ...(demoDate ? { demoDate } : {}) }),
    clock,
    historyDays: 30,
    candleBudget: 0,
  });
  await market.refresh();
  const app = await createTestApp({ database: db.database, market });
  return { app, db };
}

interface Row {
  id: string;
  name: string;
  current_price: number;
  market_cap_rank: number | null;
  price_change_percentage_24h: number | null;
  last_updated: string;
}

async function firstScreen(app: TestApp): Promise<Row[]> {
  const res = await app.app.inject({ method: 'GET', url: '/api/v2/cryptocurrencies/?page=1&per_page=50' });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { results: Row[]; source: { as_of: string } };
  // The snapshot is still dated the day it was taken, however the simulation's calendar moved.
  expect(body.source.as_of).toBe('2026-11-01T00:00:00.000Z');
  return body.results;
}

const opened: { app: TestApp; db: TestDatabase }[] = [];
afterAll(async () => {
  for (const { app, db } of opened) {
    await app.close();
    await db.dispose();
  }
});

describe('the demo market pinned to a day (DEMO_MARKET_DATE)', () => {
  it('shows the same first screen on two days a year apart, dated each day', async () => {
    const first = new Date('2026-12-01T09:30:00Z');
    const yearLater = new Date(first.getTime() + 365 * dayMs);
    const a = await serverAt(first, pinned);
    const b = await serverAt(yearLater, pinned);
    opened.push(a, b);
    const [screenA, screenB] = [await firstScreen(a.app), await firstScreen(b.app)];
    expect(screenA).toHaveLength(50);
    const drawn = (rows: Row[]) =>
      rows.map(({ id, name, current_price, market_cap_rank, price_change_percentage_24h }) => ({
        id,
        name,
        current_price,
        market_cap_rank,
        price_change_percentage_24h,
      }));
    expect(drawn(screenB)).toEqual(drawn(screenA));
    // The dates stay real: each server's market is of its own day.
    expect(screenA[0]?.last_updated).toBe(first.toISOString());
    expect(screenB[0]?.last_updated).toBe(yearLater.toISOString());
  });

  it('moves with the calendar when no day is pinned', async () => {
    const first = new Date('2026-12-01T09:30:00Z');
    const a = await serverAt(first, undefined);
    const b = await serverAt(new Date(first.getTime() + 30 * dayMs), undefined);
    opened.push(a, b);
    const prices = async (app: TestApp) => (await firstScreen(app)).map((r) => r.current_price);
    expect(await prices(b.app)).not.toEqual(await prices(a.app));
  });
});
