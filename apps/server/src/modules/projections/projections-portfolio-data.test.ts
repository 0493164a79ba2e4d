import { portfolioDataResponseSchema } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base } from '../../test/projections-test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signUp } from '../../test/test-client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function post(client: ReturnType<TestApp['client']>, url: string, body: unknown) {
  const res = await client.post(url, body);
  if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string };
}

const buy = (portfolioId: string, quantity: string, price: string, date: string) => ({
  portfolio_id: portfolioId,
  coin_id: 'bitcoin',
  type: 'buy',
  quantity,
  price_per_coin: price,
  fee: '0',
  date,
  note: '',
});

describe('portfolio-data/ with real portfolios (the coin data a projection reads)', () => {
  it('offers the coins held across portfolios and their cost, for the signed-in user only', async () => {
    const alice = t.client();
    const bob = t.client();
    await signUp(alice);
    await signUp(bob);
    const main = await post(alice, '/api/v2/portfolios/', { name: 'Main' });
    const cold = await post(alice, '/api/v2/portfolios/', { name: 'Cold' });
    await post(alice, '/api/v2/transactions/', buy(main.id, '1', '20000', '2024-01-01T00:00:00Z'));
    await post(alice, '/api/v2/transactions/', buy(cold.id, '0.5', '30000', '2024-02-01T00:00:00Z'));

    const res = await alice.get(`${base}portfolio-data/?coin_id=bitcoin`);
    expect(res.statusCode).toBe(200);
    expect(portfolioDataResponseSchema.parse(res.json())).toEqual({
      portfolio_data_available: true,
      invested_capital: '35000',
      tokens_owned: '1.5',
    });

    const other = await alice.get(`${base}portfolio-data/?coin_id=ethereum`);
    expect(other.json().portfolio_data_available).toBe(false);
    const bobs = await bob.get(`${base}portfolio-data/?coin_id=bitcoin`);
    expect(bobs.json()).toEqual({
      portfolio_data_available: false,
      invested_capital: null,
      tokens_owned: null,
    });
  });
});
