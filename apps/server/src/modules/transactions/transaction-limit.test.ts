import { limitMessages } from '@app/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions } from '../../db/schema/index.ts';
import { portfolioUser } from '../../test/portfolio-test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// A handful of rows fills a portfolio here; the default is checked in config.test.ts.
const limit = 3;
const message = limitMessages.transactions(limit);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LIMIT_TRANSACTIONS_PER_PORTFOLIO: String(limit) } });
});
afterAll(async () => {
  await t?.close();
});

type User = Awaited<ReturnType<typeof portfolioUser>>;

/** The portfolio's rows, read from the table itself. */
async function stored(portfolioId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(transactions)
    .where(eq(transactions.portfolioId, portfolioId));
  return Number(row?.n ?? 0);
}

async function rowIds(portfolioId: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ id: transactions.id })
    .from(transactions)
    .where(eq(transactions.portfolioId, portfolioId));
  return rows.map((r) => r.id);
}

/** A buy a minute after the last, so rows never tie. */
let minute = 0;
const buy = () => ({ date: new Date(Date.UTC(2024, 0, 1, 0, ++minute)).toISOString() });

async function filled(u: User, rows = limit): Promise<string> {
  const p = await u.portfolio({ name: `Full ${++minute}` });
  for (let i = 0; i < rows; i += 1) await u.ok(p.id, buy());
  return p.id;
}

function expectRefused(res: { statusCode: number; json(): { error: unknown } }): void {
  expect(res.statusCode).toBe(400);
  expect(res.json().error).toMatchObject({
    code: 'validation_error',
    message,
    details: { fields: { portfolio_id: [message] } },
  });
}

const importRows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    line: i + 2,
    coin_id: 'bitcoin',
    transaction: { type: 'buy', quantity: '0.5', price_per_coin: '100', fee: '0', note: '', ...buy() },
  }));

describe('transactions per portfolio', () => {
  it('refuses a typed row past the limit on the portfolio field, and writes nothing', async () => {
    const u = await portfolioUser(t.client());
    const full = await filled(u);
    expectRefused(await u.tx(full, buy()));
    expect(await stored(full)).toBe(limit);
    // Per portfolio: the same account's other portfolio still takes rows.
    const other = await u.portfolio({ name: 'Other' });
    expect((await u.tx(other.id, buy())).statusCode).toBe(201);
  });

  it('still edits and deletes in a full portfolio, and takes a row again once one is gone', async () => {
    const u = await portfolioUser(t.client());
    const full = await filled(u);
    const [first] = await rowIds(full);
    const edited = await u.client.send('PUT', `/api/v2/transactions/${first}/`, {
      portfolio_id: full,
      coin_id: 'bitcoin',
      type: 'buy',
      quantity: '2',
      price_per_coin: '100',
      fee: '0',
      note: 'edited',
      ...buy(),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await u.client.send('DELETE', `/api/v2/transactions/${first}/`)).statusCode).toBe(204);
    expect((await u.tx(full, buy())).statusCode).toBe(201);
    expect(await stored(full)).toBe(limit);
  });

  it('refuses moving a row into a full portfolio, and allows it into one with room', async () => {
    const u = await portfolioUser(t.client());
    const full = await filled(u);
    const roomy = await filled(u, 1);
    const [moving] = await rowIds(roomy);
    const move = (to: string) =>
      u.client.send('PUT', `/api/v2/transactions/${moving}/`, {
        portfolio_id: to,
        coin_id: 'bitcoin',
        type: 'buy',
        quantity: '1',
        price_per_coin: '100',
        fee: '0',
        note: '',
        ...buy(),
      });
    expectRefused(await move(full));
    expect([await stored(full), await stored(roomy)]).toEqual([limit, 1]);
    const spare = await u.portfolio({ name: 'Spare' });
    expect((await move(spare.id)).statusCode).toBe(200);
    expect([await stored(roomy), await stored(spare.id)]).toEqual([0, 1]);
  });

  it('refuses a CSV import that would pass the limit whole, not its first rows', async () => {
    const u = await portfolioUser(t.client());
    const p = await filled(u, 1);
    const commit = (rows: number) =>
      u.client.post(`/api/v2/portfolios/${p}/import/commit/`, { rows: importRows(rows) });
    expectRefused(await commit(limit));
    expect(await stored(p)).toBe(1);
    // Exactly up to the limit is allowed.
    const fits = await commit(limit - 1);
    expect(fits.statusCode, fits.body).toBe(200);
    expect(fits.json()).toEqual({ created: limit - 1 });
    expect(await stored(p)).toBe(limit);
  });

  it('lets exactly one of two concurrent rows take the last place', async () => {
    const u = await portfolioUser(t.client());
    const p = await filled(u, limit - 1);
    const answers = await Promise.all([u.tx(p, buy()), u.tx(p, buy())]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    const loser = answers.find((a) => a.statusCode === 400);
    if (loser) expectRefused(loser);
    expect(await stored(p)).toBe(limit);
  });
});
