import {
  calculateWithTransactionsResponseSchema,
  projectionFiguresSchema,
  projectionMessages,
  projectionWireMessages,
  sellTransactionListResponseSchema,
} from '@app/contracts';
import { figuresForProjection } from '@app/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base, createProjection, threeRungs } from '../../test/projections-test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signUp, type TestClient } from '../../test/test-client.ts';

let t: TestApp;
let alice: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  alice = t.client();
  await signUp(alice);
});
afterAll(async () => {
  await t?.close();
});

const replace = (id: string, body: unknown) => alice.post(`${base}${id}/transactions/replace/`, body);
const stored = async (id: string) =>
  sellTransactionListResponseSchema.parse((await alice.get(`${base}${id}/transactions/`)).json());

describe('transactions/replace/', () => {
  it('accepts a list: missing fees and impact become 0, rows carry the projection tax', async () => {
    const p = await createProjection(alice);
    const res = await replace(p.id, threeRungs);
    expect(res.statusCode).toBe(200);
    const rows = sellTransactionListResponseSchema.parse(res.json());
    expect(
      rows.map((r) => [
        r.transaction_order,
        r.coins_sold,
        r.price_per_coin,
        r.fees_percentage,
        r.price_impact_percentage,
        r.sell_tax,
      ]),
    ).toEqual([
      [1, '0.5', '120000', '0.1', '0', '20'],
      [2, '0.75', '150000', '0.1', '1', '20'],
      [3, '1', '200000', '0', '0', '20'],
    ]);
    expect(await stored(p.id)).toEqual(rows);
  });

  it('accepts {transactions}, sorts by order and renumbers from 1', async () => {
    const p = await createProjection(alice);
    const res = await replace(p.id, {
      transactions: [
        { coins_sold: 1, price_per_coin: 300, transaction_order: 7 },
        { coins_sold: '0.12345678', price_per_coin: '100', transaction_order: 2 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const rows = await stored(p.id);
    expect(rows.map((r) => [r.transaction_order, r.coins_sold, r.price_per_coin])).toEqual([
      [1, '0.12345678', '100'],
      [2, '1', '300'],
    ]);
  });

  it('replaces the whole set: an empty list clears it', async () => {
    const p = await createProjection(alice);
    await replace(p.id, threeRungs);
    expect((await replace(p.id, [])).statusCode).toBe(200);
    expect(await stored(p.id)).toEqual([]);
  });

  it.each([
    ['negative coins', { coins_sold: '-1' }, 'coins_sold', projectionMessages.invalidNumber],
    ['non-numeric price', { price_per_coin: 'abc' }, 'price_per_coin', projectionMessages.invalidNumber],
    ['fees over 100', { fees_percentage: '101' }, 'fees_percentage', projectionMessages.invalidPercentage],
    [
      'negative impact',
      { price_impact_percentage: -5 },
      'price_impact_percentage',
      projectionMessages.invalidPercentage,
    ],
    [
      'nine decimals of coins',
      { coins_sold: '0.123456789' },
      'coins_sold',
      projectionWireMessages.tooManyDecimals,
    ],
    ['zero coins', { coins_sold: '0' }, 'coins_sold', projectionWireMessages.mustBePositive],
    ['a fractional order', { transaction_order: 1.5 }, 'transaction_order', projectionWireMessages.badOrder],
  ])(
    'refuses a set with one row of %s, with the row’s field, and keeps the stored rows',
    async (_label, bad, field, message) => {
      const p = await createProjection(alice);
      await replace(p.id, threeRungs);
      const before = await stored(p.id);
      const rows = threeRungs.map((r, i) => (i === 1 ? { ...r, ...bad } : r));
      for (const body of [rows, { transactions: rows }]) {
        const res = await replace(p.id, body);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.details.fields[`transactions.1.${field}`]).toContain(message);
      }
      expect(await stored(p.id)).toEqual(before);
    },
  );

  it.each([
    ['a string', 'nope'],
    ['an object without transactions', { rows: [] }],
    ['transactions that is not a list', { transactions: {} }],
    ['null', null],
  ])('refuses a body that is %s', async (_label, body) => {
    const p = await createProjection(alice);
    await replace(p.id, threeRungs);
    const res = await alice.request('POST', `${base}${p.id}/transactions/replace/`, {
      raw: JSON.stringify(body),
      headers: { 'content-type': 'application/json', 'X-CSRFToken': await alice.csrf() },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.category).toBe('validation');
    expect(await stored(p.id)).toHaveLength(3);
  });

  it('refuses more than 1,000 rows', async () => {
    const p = await createProjection(alice);
    const rows = Array.from({ length: 1001 }, (_, i) => ({
      coins_sold: '0.001',
      price_per_coin: '1',
      transaction_order: i + 1,
    }));
    expect((await replace(p.id, rows)).statusCode).toBe(400);
  });

  it('keeps row tax copies in step when the projection tax changes', async () => {
    const p = await createProjection(alice);
    await replace(p.id, threeRungs);
    await alice.send('PUT', `${base}${p.id}/`, {
      name: 'x',
      invested_capital: '1',
      tokens_owned: '2',
      sell_tax: '5',
    });
    expect((await stored(p.id)).map((r) => r.sell_tax)).toEqual(['5', '5', '5']);
  });
});

describe('DELETE transactions/{txId}/', () => {
  it('deletes one row and renumbers the rest', async () => {
    const p = await createProjection(alice);
    const rows = sellTransactionListResponseSchema.parse((await replace(p.id, threeRungs)).json());
    const res = await alice.send('DELETE', `${base}${p.id}/transactions/${rows[0]?.id}/`);
    expect(res.statusCode).toBe(204);
    const rest = await stored(p.id);
    expect(rest.map((r) => [r.id, r.transaction_order])).toEqual([
      [rows[1]?.id, 1],
      [rows[2]?.id, 2],
    ]);
    expect((await alice.send('DELETE', `${base}${p.id}/transactions/${rows[0]?.id}/`)).statusCode).toBe(404);
    expect((await alice.send('DELETE', `${base}${p.id}/transactions/not-a-uuid/`)).statusCode).toBe(404);
  });

  it('will not delete a row through another projection', async () => {
    const a = await createProjection(alice);
    const b = await createProjection(alice);
    const rows = sellTransactionListResponseSchema.parse((await replace(a.id, threeRungs)).json());
    expect((await alice.send('DELETE', `${base}${b.id}/transactions/${rows[0]?.id}/`)).statusCode).toBe(404);
    expect(await stored(a.id)).toHaveLength(3);
  });
});

describe('figures', () => {
  it('calculate-with-transactions/ equals the core maths the client table runs', async () => {
    const p = await createProjection(alice);
    await replace(p.id, threeRungs);
    const res = await alice.get(`${base}${p.id}/calculate-with-transactions/`);
    expect(res.statusCode).toBe(200);
    const body = calculateWithTransactionsResponseSchema.parse(res.json());
    expect(body.market.current_price).toBeGreaterThan(0);
    expect(body.figures).toEqual(
      figuresForProjection(body.projection, body.transactions, {
        currentPrice: body.market.current_price ?? undefined,
        athPrice: body.market.ath ?? undefined,
      }),
    );
    // Worked by hand: 0.5 and 0.75 sell in full, the last row only sells the 0.75 left.
    expect(body.figures.remaining_tokens).toBe('0');
    expect(body.figures.total_coins_sold).toBe('2');
    expect(body.figures.total_gross).toBe('322500'); // 60000 + 112500 + 150000
    expect(body.figures.total_fees).toBe('172.5'); // 0.1% of 172500
    expect(body.figures.total_tax).toBe('64500'); // 20% of gross
    expect(body.figures.total_cash_out).toBe('257827.5');
    expect(body.figures.average_sell_price).toBe('161250');
    expect(body.figures.rows[2]?.capped).toBe(true);
    expect(body.figures.rows[0]?.implied_market_cap).not.toBeNull();
  });

  it.each(['calculate/', 'calculate-comprehensive/'])(
    '%s is stateless: rows in, figures out',
    async (path) => {
      const res = await alice.post(`${base}${path}`, {
        invested_capital: '100',
        tokens_owned: '10',
        sell_tax: '0',
        circulating_supply: '1000',
        current_price: 2,
        ath_price: '4',
        transactions: [{ coins_sold: '4', price_per_coin: '5', fees_percentage: '1', transaction_order: 1 }],
      });
      expect(res.statusCode).toBe(200);
      const figures = projectionFiguresSchema.parse(res.json());
      expect(figures).toMatchObject({
        remaining_tokens: '6',
        total_gross: '20',
        total_fees: '0.2',
        total_cash_out: '19.8',
      });
      expect(figures.rows[0]).toMatchObject({
        implied_market_cap: '5000',
        price_vs_current: '2.5',
        price_vs_ath: '1.25',
        roi_multiple_so_far: '0.198',
      });
    },
  );

  it('calculate/ validates like the dialog', async () => {
    const res = await alice.post(`${base}calculate/`, {
      invested_capital: 'x',
      tokens_owned: '1',
      sell_tax: '200',
      transactions: [],
    });
    expect(res.statusCode).toBe(400);
    const f = res.json().error.details.fields;
    expect(f.invested_capital).toContain(projectionMessages.invalidNumber);
    expect(f.sell_tax).toContain(projectionMessages.invalidPercentage);
  });
});
