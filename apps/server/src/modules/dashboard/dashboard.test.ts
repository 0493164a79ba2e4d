import { dashboardResponseSchema, performanceResponseSchema } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SnapshotProvider } from '../../integrations/market-data/index.ts';
import { portfolioUser } from '../../test/portfolio-test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { MarketReader } from '../market/index.ts';
import { createProviderMarketReader } from '../market/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function scenario() {
  const u = await portfolioUser(t.client());
  const p = await u.portfolio();
  await u.ok(p.id, { quantity: '1', price_per_coin: '100', fee: '1', date: '2024-01-01T00:00:00Z' });
  await u.ok(p.id, { quantity: '1', price_per_coin: '300', date: '2024-02-01T00:00:00Z' });
  await u.ok(p.id, {
    type: 'sell',
    quantity: '1',
    price_per_coin: '500',
    fee: '5',
    date: '2024-03-01T00:00:00Z',
  });
  const price = (await u.client.get('/api/v2/dashboard/?metrics=holdings')).json().holdings.items[0]
    .currentPrice;
  return { u, p, price: Number(price) };
}

describe('/api/v2/dashboard/', () => {
  it('answers portfolio_summary plus one block per requested metric, with the spec field names', async () => {
    const { u, price } = await scenario();
    const res = await u.client.get('/api/v2/dashboard/?metrics=holdings,roi,capital,cost_basis');
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(Object.keys(d).sort()).toEqual(['capital', 'cost_basis', 'holdings', 'portfolio_summary', 'roi']);
    expect(d.portfolio_summary).toMatchObject({
      portfolio_id: null,
      cost_basis_method: 'average',
      base_currency: 'usd',
      total_investment: '200.5',
      unique_coins_count: 1,
    });
    expect(Number(d.holdings.totalValue)).toBeCloseTo(price, 6);
    expect(d.holdings.items[0]).toMatchObject({
      coin_id: 'bitcoin',
      symbol: 'btc',
      quantity: '1',
      allocationPercentage: '100',
    });
    expect(d.capital).toMatchObject({ totalInvestment: '200.5' });
    // realized = 500 − 5 − 200.5 ; base = cost of the units sold.
    expect(d.roi.realized).toEqual({ profitLoss: '294.5', profitLossPercentage: '146.882793017456359102' });
    expect(Number(d.roi.unrealized.profitLoss)).toBeCloseTo(price - 200.5, 6);
    expect(Number(d.roi.total.profitLoss)).toBeCloseTo(price - 200.5 + 294.5, 6);
    expect(d.cost_basis.items[0]).toMatchObject({ costBasisPerCoin: '200.5' });
    expect(Number(d.cost_basis.items[0].athPrice)).toBeGreaterThan(0);
  });

  it('follows the cost-basis method everywhere', async () => {
    const { u } = await scenario();
    await u.client.send('PATCH', '/api/v2/settings/', { cost_basis_method: 'fifo' });
    const fifo = (await u.client.get('/api/v2/dashboard/?metrics=roi,capital')).json();
    expect(fifo.portfolio_summary.cost_basis_method).toBe('fifo');
    expect(fifo.capital.totalInvestment).toBe('300');
    expect(fifo.roi.realized.profitLoss).toBe('394');
    await u.client.send('PATCH', '/api/v2/settings/', { cost_basis_method: 'lifo' });
    expect((await u.client.get('/api/v2/dashboard/?metrics=roi')).json().roi.realized.profitLoss).toBe('195');
  });

  it('scopes to one portfolio and adds technical metrics on request', async () => {
    const { u, p } = await scenario();
    const other = await u.portfolio({ name: 'Empty' });
    const one = (
      await u.client.get(
        `/api/v2/dashboard/?portfolio_id=${p.id}&metrics=holdings&include_technical_metrics=true`,
      )
    ).json();
    expect(one.portfolio_summary.portfolio_id).toBe(p.id);
    expect(one.holdings.items[0].technical).toBeDefined();
    const empty = (await u.client.get(`/api/v2/dashboard/?portfolio_id=${other.id}`)).json();
    expect(empty.portfolio_summary).toMatchObject({ total_value: '0', unique_coins_count: 0 });
    expect(empty.holdings.items).toEqual([]);
    expect((await u.client.get('/api/v2/dashboard/?metrics=bogus')).statusCode).toBe(400);
    expect((await u.client.get('/api/v2/dashboard/?portfolio_id=nope')).statusCode).toBe(400);
  });

  it('explains a cost basis with the running average or the lots', async () => {
    const { u } = await scenario();
    const avg = (await u.client.get('/api/v2/dashboard/explain/?coin_id=bitcoin')).json();
    expect(avg.portfolios[0].explanation.method).toBe('average');
    expect(
      avg.portfolios[0].explanation.timeline.map((s: { average_cost_after: string }) => s.average_cost_after),
    ).toEqual(['101', '200.5', '200.5']);
    await u.client.send('PATCH', '/api/v2/settings/', { cost_basis_method: 'fifo' });
    const fifo = (await u.client.get('/api/v2/dashboard/explain/?coin_id=bitcoin')).json();
    expect(fifo.portfolios[0].explanation.lots).toEqual([
      expect.objectContaining({ quantity_left: '1', unit_cost: '300', cost_basis: '300' }),
    ]);
  });

  it('answers every shape the contract allows (the routes skip re-validating their output)', async () => {
    const { u, p } = await scenario();
    await u.ok(p.id, {
      coin_id: 'ethereum',
      quantity: '2',
      price_per_coin: '10',
      date: '2024-01-05T00:00:00Z',
    });
    for (const query of [
      'metrics=holdings,roi,capital,cost_basis,positions&include_technical_metrics=true',
      `portfolio_id=${p.id}&metrics=positions`,
      'metrics=holdings',
    ]) {
      const res = await u.client.get(`/api/v2/dashboard/?${query}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(dashboardResponseSchema.safeParse(res.json()).success).toBe(true);
    }
    const empty = await portfolioUser(t.client());
    expect(
      dashboardResponseSchema.safeParse((await empty.client.get('/api/v2/dashboard/')).json()).success,
    ).toBe(true);
    for (const timeframe of ['1D', '1W', '1M', '3M', '1Y', 'ALL']) {
      for (const client of [u.client, empty.client]) {
        const res = await client.get(`/api/v2/dashboard/performance/?timeframe=${timeframe}`);
        expect(res.statusCode).toBe(200);
        expect(performanceResponseSchema.safeParse(res.json()).success).toBe(true);
      }
    }
  });

  it('builds the performance series from the ledger and daily closes', async () => {
    const { u } = await scenario();
    for (const [timeframe, days] of [
      ['1D', 2],
      ['1W', 7],
      ['1M', 30],
    ] as const) {
      const res = (await u.client.get(`/api/v2/dashboard/performance/?timeframe=${timeframe}`)).json();
      expect(res.points).toHaveLength(days + 1);
      expect(res.resolution).toBe('daily');
      for (const [, v] of res.points) expect(v).toBeGreaterThan(0);
    }
    const all = (await u.client.get('/api/v2/dashboard/performance/?timeframe=ALL')).json();
    expect(all.points.length).toBeGreaterThan(300);
    expect((await u.client.get('/api/v2/dashboard/performance/?timeframe=1D')).json().note).toMatch(
      /Daily closes/,
    );
    // Capital invested follows the ledger: 100 + 1 fee, then +300, then the sell removes the
    // average cost of one coin (401 / 2), whatever the price did.
    expect(all.capital_invested).toHaveLength(all.points.length);
    const at = (iso: string) =>
      all.capital_invested[all.points.findIndex(([t]: [number]) => t >= Date.parse(iso))] as number;
    expect(at('2023-12-30T00:00:00Z')).toBe(0);
    expect(at('2024-01-15T00:00:00Z')).toBe(101);
    expect(at('2024-02-15T00:00:00Z')).toBe(401);
    expect(at('2024-03-15T00:00:00Z')).toBe(200.5);
    expect(all.capital_invested.at(-1)).toBe(200.5);
  });
});

describe('performance chart while a coin has no stored history', () => {
  it('answers without the coin and says so, then includes it once its history arrives', async () => {
    const snapshot = createProviderMarketReader(new SnapshotProvider());
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const market: MarketReader = {
      ...snapshot,
      async getDailyCloses(id, days, vs) {
        if (id === 'ethereum') await gate;
        return snapshot.getDailyCloses(id, days, vs);
      },
    };
    const app = await createTestApp({ market });
    try {
      const u = await portfolioUser(app.client());
      const p = await u.portfolio();
      const day = 86_400_000;
      await u.ok(p.id, {
        quantity: '1',
        price_per_coin: '100',
        date: new Date(Date.now() - 20 * day).toISOString(),
      });
      await u.ok(p.id, {
        coin_id: 'ethereum',
        quantity: '10',
        price_per_coin: '100',
        date: new Date(Date.now() - 20 * day).toISOString(),
      });
      const waiting = (await u.client.get('/api/v2/dashboard/performance/?timeframe=1M')).json();
      expect(waiting.note).toMatch(/Price history for 1 coin is still loading/);
      release();
      await gate;
      const complete = (await u.client.get('/api/v2/dashboard/performance/?timeframe=1M')).json();
      expect(complete.note).toBeNull();
      const last = complete.points.length - 2;
      expect(complete.points[last][1]).toBeGreaterThan(waiting.points[last][1]);
    } finally {
      await app.close();
    }
  });
});
