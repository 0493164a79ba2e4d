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

const fields = (res: { json(): { error: { details: { fields: Record<string, string[]> } } } }) =>
  res.json().error.details.fields;

describe('/api/v2/transactions/', () => {
  it('creates, reads, edits and deletes with exact decimals', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio();
    const created = await u.ok(p.id, {
      quantity: '0.123456789012345678',
      price_per_coin: '42000.5',
      fee: '1.25',
      note: 'first',
    });
    const got = (await u.client.get(`/api/v2/transactions/${created.id}/`)).json();
    expect(got).toMatchObject({
      portfolio_id: p.id,
      coin_id: 'bitcoin',
      type: 'buy',
      quantity: '0.123456789012345678',
      price_per_coin: '42000.5',
      fee: '1.25',
      note: 'first',
      executed_at: '2024-01-01T00:00:00.000Z',
    });
    const edited = await u.client.send('PUT', `/api/v2/transactions/${created.id}/`, {
      portfolio_id: p.id,
      coin_id: 'bitcoin',
      type: 'reward',
      reward_kind: 'staking',
      quantity: '2',
      date: '2024-02-01T00:00:00Z',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      type: 'reward',
      reward_kind: 'staking',
      price_per_coin: '0',
      fee: '0',
    });
    expect((await u.client.send('DELETE', `/api/v2/transactions/${created.id}/`)).statusCode).toBe(204);
    expect((await u.client.get(`/api/v2/transactions/${created.id}/`)).statusCode).toBe(404);
  });

  it.each([
    ['zero quantity', { quantity: '0' }, 'quantity'],
    ['negative quantity', { quantity: '-1' }, 'quantity'],
    ['negative price', { price_per_coin: '-1' }, 'price_per_coin'],
    ['negative fee', { fee: '-0.1' }, 'fee'],
    ['19 decimals', { quantity: '0.1234567890123456789' }, 'quantity'],
    ['a future date', { date: '2999-01-01T00:00:00Z' }, 'date'],
    ['an exponent', { quantity: '1e3' }, 'quantity'],
    ['an unknown coin', { coin_id: 'no-such-coin-xyz' }, 'coin_id'],
  ])('rejects %s with a field error and writes nothing', async (_name, body, field) => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio();
    const res = await u.tx(p.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.category).toBe('validation');
    expect(Object.keys(fields(res))).toContain(field);
    expect((await u.client.get('/api/v2/transactions/')).json().count).toBe(0);
  });

  it("answers 404 for another user's portfolio or transaction", async () => {
    const owner = await portfolioUser(t.client());
    const other = await portfolioUser(t.client());
    const p = await owner.portfolio();
    const { id } = await owner.ok(p.id, {});
    const res = await other.tx(p.id, {});
    expect(res.statusCode).toBe(404);
    expect(res.json().error.details.fields.portfolio_id).toBeDefined();
    expect((await other.client.get(`/api/v2/transactions/${id}/`)).statusCode).toBe(404);
    expect((await other.client.send('DELETE', `/api/v2/transactions/${id}/`)).statusCode).toBe(404);
    const mine = await other.portfolio();
    const moved = await other.client.send('PUT', `/api/v2/transactions/${id}/`, {
      portfolio_id: mine.id,
      coin_id: 'bitcoin',
      type: 'buy',
      quantity: '1',
      date: '2024-01-01T00:00:00Z',
    });
    expect(moved.statusCode).toBe(404);
    expect((await other.client.get('/api/v2/transactions/')).json().count).toBe(0);
    expect((await other.client.get(`/api/v2/dashboard/?portfolio_id=${p.id}`)).statusCode).toBe(404);
  });

  describe('oversell protection', () => {
    it('stops a sell above the holding at its date, on the quantity field', async () => {
      const u = await portfolioUser(t.client());
      const p = await u.portfolio();
      await u.ok(p.id, { quantity: '1', date: '2024-02-01T00:00:00Z' });
      // Before the buy nothing was held.
      const early = await u.tx(p.id, { type: 'sell', quantity: '0.5', date: '2024-01-15T00:00:00Z' });
      expect(early.statusCode).toBe(400);
      expect(fields(early).quantity?.[0]).toMatch(/^Only 0 BTC held on/);
      const big = await u.tx(p.id, { type: 'transfer_out', quantity: '1.5', date: '2024-03-01T00:00:00Z' });
      expect(big.statusCode).toBe(400);
      expect((await u.client.get('/api/v2/transactions/')).json().count).toBe(1);
    });

    it('counts edits and deletions of earlier transactions', async () => {
      const u = await portfolioUser(t.client());
      const p = await u.portfolio();
      const buy = await u.ok(p.id, { quantity: '1', date: '2024-01-01T00:00:00Z' });
      await u.ok(p.id, {
        type: 'sell',
        quantity: '0.8',
        price_per_coin: '200',
        date: '2024-02-01T00:00:00Z',
      });
      const shrink = await u.client.send('PUT', `/api/v2/transactions/${buy.id}/`, {
        portfolio_id: p.id,
        coin_id: 'bitcoin',
        type: 'buy',
        quantity: '0.5',
        date: '2024-01-01T00:00:00Z',
      });
      expect(shrink.statusCode).toBe(400);
      expect(fields(shrink).quantity?.[0]).toMatch(/later transaction would oversell/);
      const later = await u.client.send('PUT', `/api/v2/transactions/${buy.id}/`, {
        portfolio_id: p.id,
        coin_id: 'bitcoin',
        type: 'buy',
        quantity: '1',
        date: '2024-03-01T00:00:00Z',
      });
      expect(later.statusCode).toBe(400);
      const del = await u.client.send('DELETE', `/api/v2/transactions/${buy.id}/`);
      expect(del.statusCode).toBe(400);
      expect(fields(del).quantity?.[0]).toMatch(/Deleting it would oversell/);
      expect((await u.client.get(`/api/v2/transactions/${buy.id}/`)).json().quantity).toBe('1');
    });

    it('checks both portfolios when an edit moves a row, and moves it with both figures following', async () => {
      const u = await portfolioUser(t.client());
      const a = await u.portfolio({ name: 'A' });
      const b = await u.portfolio({ name: 'B' });
      const buy = await u.ok(a.id, { quantity: '1', date: '2024-01-01T00:00:00Z' });
      const sell = await u.ok(a.id, { type: 'sell', quantity: '0.5', date: '2024-02-01T00:00:00Z' });
      const move = (id: string, body: Record<string, unknown>) =>
        u.client.send('PUT', `/api/v2/transactions/${id}/`, {
          coin_id: 'bitcoin',
          type: 'buy',
          quantity: '1',
          price_per_coin: '100',
          date: '2024-01-01T00:00:00Z',
          ...body,
        });
      // Leaving A starves A's later sell.
      const starves = await move(buy.id, { portfolio_id: b.id });
      expect(starves.statusCode).toBe(400);
      expect(fields(starves).quantity?.[0]).toMatch(/^A later transaction would oversell: /);
      // Arriving in B before anything is held there oversells B.
      const early = await move(sell.id, { portfolio_id: b.id, type: 'sell', quantity: '0.5' });
      expect(early.statusCode).toBe(400);
      expect(fields(early).quantity?.[0]).toMatch(/^Only 0 BTC held on/);
      expect((await u.client.get(`/api/v2/transactions/?portfolio_id=${b.id}`)).json().count).toBe(0);

      const held = async (id: string) =>
        (await u.client.get(`/api/v2/transactions/available-cryptocurrencies/?portfolio_id=${id}`)).json()
          .cryptocurrencies as { available_quantity: string }[];
      expect(await held(b.id)).toEqual([]);
      expect((await u.client.send('DELETE', `/api/v2/transactions/${sell.id}/`)).statusCode).toBe(204);
      const moved = await move(buy.id, { portfolio_id: b.id });
      expect(moved.statusCode).toBe(200);
      expect((await u.client.get(`/api/v2/transactions/?portfolio_id=${a.id}`)).json().count).toBe(0);
      expect((await u.client.get(`/api/v2/transactions/?portfolio_id=${b.id}`)).json().count).toBe(1);
      // Both revisions moved, so the cached ledgers follow: the coin left A for B.
      expect(await held(a.id)).toEqual([]);
      expect((await held(b.id)).map((c) => c.available_quantity)).toEqual(['1']);
    });
  });

  it('filters by portfolio, coin and type, newest first, with pages', async () => {
    const u = await portfolioUser(t.client());
    const a = await u.portfolio({ name: 'A' });
    const b = await u.portfolio({ name: 'B' });
    await u.ok(a.id, { date: '2024-01-01T00:00:00Z' });
    await u.ok(a.id, { coin_id: 'ethereum', date: '2024-01-02T00:00:00Z' });
    await u.ok(a.id, { type: 'sell', quantity: '0.5', date: '2024-01-03T00:00:00Z' });
    await u.ok(b.id, { date: '2024-01-04T00:00:00Z' });
    const q = async (query: string) => (await u.client.get(`/api/v2/transactions/?${query}`)).json();
    expect((await q('')).count).toBe(4);
    expect((await q('')).results[0].executed_at).toBe('2024-01-04T00:00:00.000Z');
    expect((await q(`portfolio_id=${a.id}`)).count).toBe(3);
    expect((await q('coin_id=ethereum')).count).toBe(1);
    expect((await q('type=sell')).count).toBe(1);
    expect((await q(`portfolio_id=${a.id}&coin_id=bitcoin&type=buy`)).count).toBe(1);
    const page = await q('page_size=3');
    expect(page.results).toHaveLength(3);
    expect(page.next).toContain('page=2');
    expect(page.previous).toBeNull();
    expect((await u.client.get('/api/v2/transactions/?type=swap')).statusCode).toBe(400);
  });

  it('searches by coin name, symbol or id and by the note, with wildcards taken literally', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio();
    await u.ok(p.id, { date: '2024-01-01T00:00:00Z', note: 'Cold storage 100%' });
    await u.ok(p.id, { coin_id: 'ethereum', date: '2024-01-02T00:00:00Z', note: 'From the exchange' });
    const q = async (text: string) =>
      (await u.client.get(`/api/v2/transactions/?q=${encodeURIComponent(text)}`)).json();
    for (const [text, coins] of [
      ['BTC', ['bitcoin']],
      ['ether', ['ethereum']],
      ['bitcoin', ['bitcoin']],
      ['exchange', ['ethereum']],
      ['100%', ['bitcoin']],
      ['_', []],
      ['  ', ['ethereum', 'bitcoin']],
    ] as const) {
      const found = await q(text);
      expect(
        found.results.map((r: { coin_id: string }) => r.coin_id),
        text,
      ).toEqual(coins);
    }
    const paged = (await u.client.get('/api/v2/transactions/?q=e&page_size=1')).json();
    expect(paged.next).toContain('q=e');
    expect((await u.client.get(`/api/v2/transactions/?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
  });

  it('answers options, crypto_options and available-cryptocurrencies', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio();
    await u.ok(p.id, { quantity: '2' });
    await u.ok(p.id, { coin_id: 'ethereum', quantity: '1' });
    await u.ok(p.id, { coin_id: 'ethereum', type: 'sell', quantity: '1', date: '2024-02-01T00:00:00Z' });
    const options = (await u.client.get('/api/v2/transactions/options/')).json();
    expect(options.types.map((o: { value: string }) => o.value)).toEqual([
      'buy',
      'sell',
      'transfer_in',
      'transfer_out',
      'reward',
    ]);
    expect(options.portfolios).toEqual([{ id: p.id, name: 'Main', currency: 'usd' }]);
    const crypto = (await u.client.get('/api/v2/transactions/crypto_options/')).json();
    expect(crypto.cryptocurrencies.map((c: { id: string }) => c.id)).toEqual(['bitcoin', 'ethereum']);
    expect(crypto.cryptocurrencies[0]).toMatchObject({ symbol: 'btc', name: 'Bitcoin' });
    const available = (
      await u.client.get(`/api/v2/transactions/available-cryptocurrencies/?portfolio_id=${p.id}`)
    ).json();
    expect(available.cryptocurrencies).toEqual([
      expect.objectContaining({ id: 'bitcoin', portfolio_id: p.id, available_quantity: '2' }),
    ]);
  });

  it('validates and previews without writing', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio();
    await u.ok(p.id, { quantity: '1', price_per_coin: '100', fee: '1' });
    await u.ok(p.id, { quantity: '1', price_per_coin: '300', date: '2024-01-02T00:00:00Z' });
    const body = {
      portfolio_id: p.id,
      coin_id: 'bitcoin',
      type: 'sell',
      quantity: '1',
      price_per_coin: '500',
      fee: '5',
      date: '2024-03-01T00:00:00Z',
    };
    const ok = (await u.client.post('/api/v2/transactions/validate/', body)).json();
    expect(ok).toEqual({ valid: true, errors: {}, violation: null });
    const bad = (await u.client.post('/api/v2/transactions/validate/', { ...body, quantity: '3' })).json();
    expect(bad.valid).toBe(false);
    expect(bad.errors.quantity[0]).toMatch(/^Only 2 BTC held/);
    const preview = (await u.client.post('/api/v2/transactions/preview/', body)).json();
    expect(preview).toMatchObject({
      method: 'average',
      holding_before: '2',
      holding_after: '1',
      cost_basis_before: '401',
      cost_basis_after: '200.5',
      realized_pnl: '294.5',
      violation: null,
    });
    await u.client.send('PATCH', '/api/v2/settings/', { cost_basis_method: 'hifo' });
    const hifo = (await u.client.post('/api/v2/transactions/preview/', body)).json();
    expect(hifo).toMatchObject({ method: 'hifo', cost_basis_after: '101', realized_pnl: '195' });
    expect((await u.client.get('/api/v2/transactions/')).json().count).toBe(2);
  });
});
