import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolioUser } from '../../test/portfolio-test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('/api/v2/portfolios/', () => {
  it('needs a signed-in user', async () => {
    const res = await t.client().get('/api/v2/portfolios/');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.category).toBe('auth');
  });

  it('creates, lists with figures, renames and deletes', async () => {
    const u = await portfolioUser(t.client());
    const created = await u.portfolio({ name: 'Long term', description: 'HODL' });
    expect(created).toMatchObject({
      name: 'Long term',
      description: 'HODL',
      portfolio_type: 'manual',
      currency: 'usd',
      total_value: '0',
      unique_coins_count: 0,
      change_24h: '0',
      change_percentage_24h: null,
    });
    await u.ok(created.id, { quantity: '2', price_per_coin: '100' });
    await u.ok(created.id, { coin_id: 'ethereum', quantity: '1', price_per_coin: '10' });

    const list = (await u.client.get('/api/v2/portfolios/')).json();
    expect(list.count).toBe(1);
    const p = list.results[0];
    expect(p.unique_coins_count).toBe(2);
    expect(Number(p.total_value)).toBeGreaterThan(0);
    expect(p.change_24h).toMatch(/^-?\d+(\.\d+)?$/);

    const renamed = await u.client.send('PUT', `/api/v2/portfolios/${created.id}/`, { name: 'Renamed' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Renamed', description: 'HODL' });

    const txs = (await u.client.get(`/api/v2/portfolios/${created.id}/transactions/`)).json();
    expect(txs.count).toBe(2);

    expect((await u.client.send('DELETE', `/api/v2/portfolios/${created.id}/`)).statusCode).toBe(204);
    expect((await u.client.get('/api/v2/portfolios/')).json().count).toBe(0);
    // Its transactions went with it.
    expect((await u.client.get('/api/v2/transactions/')).json().count).toBe(0);
  });

  it('defaults the currency to a fiat base currency', async () => {
    const u = await portfolioUser(t.client());
    await u.client.send('PATCH', '/api/v2/settings/', { base_currency: 'eur' });
    expect((await u.portfolio()).currency).toBe('eur');
    await u.client.send('PATCH', '/api/v2/settings/', { base_currency: 'btc' });
    expect((await u.portfolio()).currency).toBe('usd');
  });

  it('rejects a blank name with a field error', async () => {
    const u = await portfolioUser(t.client());
    const res = await u.client.post('/api/v2/portfolios/', { name: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.category).toBe('validation');
  });

  it("answers 404 for another user's portfolio and for malformed ids", async () => {
    const owner = await portfolioUser(t.client());
    const other = await portfolioUser(t.client());
    const { id } = await owner.portfolio();
    for (const [method, url] of [
      ['PUT', `/api/v2/portfolios/${id}/`],
      ['DELETE', `/api/v2/portfolios/${id}/`],
      ['GET', `/api/v2/portfolios/${id}/transactions/`],
      ['GET', `/api/v2/portfolios/${id}/export/`],
      ['PUT', '/api/v2/portfolios/not-a-uuid/'],
    ] as const) {
      const res =
        method === 'GET' ? await other.client.get(url) : await other.client.send(method, url, { name: 'x' });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    expect((await owner.client.get('/api/v2/portfolios/')).json().results[0].name).toBe('Main');
  });
});
