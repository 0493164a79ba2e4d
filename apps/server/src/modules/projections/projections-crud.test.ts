import { projectionListResponseSchema, projectionMessages, projectionSchema } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base, btcPayload, createProjection } from '../../test/projections-test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signUp, type TestClient } from '../../test/test-client.ts';

let t: TestApp;
let alice: TestClient;
let bob: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  alice = t.client();
  bob = t.client();
  await signUp(alice);
  await signUp(bob);
});
afterAll(async () => {
  await t?.close();
});

const fields = (body: { error: { details: { fields: Record<string, string[]> } } }) =>
  body.error.details.fields;

describe('projections: create, list, get', () => {
  it('needs a session on every route', async () => {
    const anon = t.client();
    for (const [method, url] of [
      ['GET', base],
      ['POST', base],
      ['GET', `${base}portfolio-data/?coin_id=bitcoin`],
      ['POST', `${base}calculate/`],
      ['GET', `${base}00000000-0000-4000-8000-000000000000/`],
    ] as const) {
      const res = method === 'GET' ? await anon.get(url) : await anon.post(url, {});
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('creates with the spec payload, answers with an id, and fills the supply from the market', async () => {
    const res = await alice.post(base, btcPayload);
    expect(res.statusCode).toBe(201);
    const created = projectionSchema.parse(res.json());
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created).toMatchObject({
      name: 'BTC Position',
      coin_id: 'bitcoin',
      coin_symbol: 'btc',
      invested_capital: '10000',
      tokens_owned: '2',
      sell_tax: '20',
      description: null,
      currency: 'usd',
    });
    // The offline snapshot knows bitcoin's supply; it is rounded to 2 decimals.
    expect(created.circulating_supply).toMatch(/^\d+(\.\d{1,2})?$/);

    const list = projectionListResponseSchema.parse((await alice.get(base)).json());
    expect(list.map((p) => p.id)).toContain(created.id);
    const one = await alice.get(`${base}${created.id}/`);
    expect(one.statusCode).toBe(200);
    expect(projectionSchema.parse(one.json())).toEqual(created);
  });

  it('accepts JSON numbers and keeps decimals exact', async () => {
    const p = await createProjection(alice, {
      invested_capital: 1234.5,
      tokens_owned: '0.123456789012345678',
    });
    expect(p.invested_capital).toBe('1234.5');
    expect(p.tokens_owned).toBe('0.123456789012345678');
  });

  it('keeps an unknown coin with no supply', async () => {
    const p = await createProjection(alice, { coin_id: 'no-such-coin-xyz' });
    expect(p.circulating_supply).toBeNull();
  });

  it('lists only the signed-in user’s projections, oldest first', async () => {
    const own = await createProjection(bob, { name: 'Bob first' });
    // The test clock stands still; creation times must differ for "oldest first" to mean anything.
    t.clock.advance(1_000);
    const second = await createProjection(bob, { name: 'Bob second' });
    const list = projectionListResponseSchema.parse((await bob.get(base)).json());
    expect(list.map((p) => p.id)).toEqual([own.id, second.id]);
    const aliceList = projectionListResponseSchema.parse((await alice.get(base)).json());
    expect(aliceList.map((p) => p.id)).not.toContain(own.id);
  });

  it.each([
    [{ coin_id: undefined }, 'coin_id', projectionMessages.missingCreateInput],
    [{ coin_id: '  ' }, 'coin_id', projectionMessages.missingCreateInput],
    [{ name: ' ' }, 'name', projectionMessages.enterName],
    [{ invested_capital: undefined }, 'invested_capital', projectionMessages.enterInvestedCapital],
    [{ invested_capital: '-1' }, 'invested_capital', projectionMessages.invalidNumber],
    [{ invested_capital: 'abc' }, 'invested_capital', projectionMessages.invalidNumber],
    [{ tokens_owned: undefined }, 'tokens_owned', projectionMessages.enterCoinsOwned],
    [{ tokens_owned: '1e5' }, 'tokens_owned', projectionMessages.invalidNumber],
    [{ sell_tax: undefined }, 'sell_tax', projectionMessages.enterSellTax],
    [{ sell_tax: '100.01' }, 'sell_tax', projectionMessages.invalidPercentage],
    [{ sell_tax: -1 }, 'sell_tax', projectionMessages.invalidPercentage],
    [{ currency: 'doge' }, 'currency', undefined],
  ])('refuses %j with a message on %s', async (override, field, message) => {
    const res = await alice.post(base, { ...btcPayload, ...override });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.category).toBe('validation');
    const list = fields(body)[field];
    expect(list).toBeDefined();
    if (message !== undefined) expect(list).toContain(message);
  });
});

describe('projections: update and delete', () => {
  it('keeps the coin when the update leaves it out and resends the rest', async () => {
    const p = await createProjection(alice);
    const res = await alice.send('PUT', `${base}${p.id}/`, {
      name: 'Renamed',
      invested_capital: '5000',
      tokens_owned: '3',
      sell_tax: '0',
      description: 'Cycle top plan',
      circulating_supply: '19930000.456',
    });
    expect(res.statusCode).toBe(200);
    const updated = projectionSchema.parse(res.json());
    expect(updated).toMatchObject({
      id: p.id,
      coin_id: 'bitcoin',
      coin_name: 'Bitcoin',
      name: 'Renamed',
      invested_capital: '5000',
      tokens_owned: '3',
      sell_tax: '0',
      description: 'Cycle top plan',
      circulating_supply: '19930000.46',
    });
  });

  it('validates the update like the dialog', async () => {
    const p = await createProjection(alice);
    const res = await alice.send('PUT', `${base}${p.id}/`, {
      name: '',
      invested_capital: 'x',
      tokens_owned: '1',
      sell_tax: '101',
    });
    expect(res.statusCode).toBe(400);
    const f = fields(res.json());
    expect(f.name).toContain(projectionMessages.enterName);
    expect(f.invested_capital).toContain(projectionMessages.invalidNumber);
    expect(f.sell_tax).toContain(projectionMessages.invalidPercentage);
    expect(projectionSchema.parse((await alice.get(`${base}${p.id}/`)).json()).name).toBe('BTC Position');
  });

  it('deletes, after which the projection is gone', async () => {
    const p = await createProjection(alice);
    const res = await alice.send('DELETE', `${base}${p.id}/`);
    expect(res.statusCode).toBe(204);
    expect((await alice.get(`${base}${p.id}/`)).statusCode).toBe(404);
    expect((await alice.send('DELETE', `${base}${p.id}/`)).statusCode).toBe(404);
  });

  it('answers 404 for a draft id or a malformed id, never 500', async () => {
    for (const id of ['draft-abc', '__all__', '123']) {
      expect((await alice.get(`${base}${id}/`)).statusCode).toBe(404);
      expect((await alice.get(`${base}${id}/transactions/`)).statusCode).toBe(404);
    }
  });
});

describe("another user's projection is 404 on every route", () => {
  it('hides it from get, put, delete and every transaction route', async () => {
    const p = await createProjection(alice);
    const put = { name: 'x', invested_capital: '1', tokens_owned: '1', sell_tax: '1' };
    const rows = [{ coins_sold: '1', price_per_coin: '1', transaction_order: 1 }];
    const saved = await alice.post(`${base}${p.id}/transactions/replace/`, rows);
    const txId = saved.json()[0].id as string;
    const attempts = [
      await bob.get(`${base}${p.id}/`),
      await bob.send('PUT', `${base}${p.id}/`, put),
      await bob.get(`${base}${p.id}/transactions/`),
      await bob.post(`${base}${p.id}/transactions/replace/`, rows),
      await bob.send('DELETE', `${base}${p.id}/transactions/${txId}/`),
      await bob.get(`${base}${p.id}/calculate-with-transactions/`),
      await bob.send('DELETE', `${base}${p.id}/`),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.category).toBe('not_found');
    }
    // Nothing of Alice's changed.
    const mine = await alice.get(`${base}${p.id}/transactions/`);
    expect(mine.json()).toHaveLength(1);
    expect(projectionSchema.parse((await alice.get(`${base}${p.id}/`)).json()).name).toBe('BTC Position');
  });
});

describe('portfolio-data/', () => {
  it('reports no data for a coin the user does not hold', async () => {
    const res = await alice.get(`${base}portfolio-data/?coin_id=bitcoin`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      portfolio_data_available: false,
      invested_capital: null,
      tokens_owned: null,
    });
  });

  it('needs coin_id', async () => {
    const res = await alice.get(`${base}portfolio-data/`);
    expect(res.statusCode).toBe(400);
    expect(fields(res.json())['querystring.coin_id']).toBeDefined();
  });
});
