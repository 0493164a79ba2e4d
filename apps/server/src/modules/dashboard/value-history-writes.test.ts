import { sql } from 'drizzle-orm';
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

/**
 * The chart as a process that never saw this user computes it: a second app over the same
 * database, every stored figure removed first, so holdings, capital and values all come from
 * the transactions and the closes.
 */
async function fromScratch(cookie: string, path: string): Promise<unknown> {
  await t.database.db.execute(sql`delete from portfolio_snapshots`);
  const fresh = await createTestApp({ database: t.database });
  try {
    const res = await fresh.app.inject({ method: 'GET', url: path, headers: { cookie } });
    return withoutNow(res.json());
  } finally {
    await fresh.close();
  }
}

/** The last point is "now": its time is each app's own clock. */
function withoutNow(body: { points: [number, number][] }) {
  const last = body.points.at(-1);
  if (last) last[0] = 0;
  return body;
}

describe('kept value history after writes', () => {
  it('answers what a full recomputation answers after each kind of write and a currency change', async () => {
    const u = await portfolioUser(t.client());
    const a = await u.portfolio({ name: 'Exchange' });
    const b = await u.portfolio({ name: 'Wallet' });
    const cookie = u.client.cookieHeader();
    const paths = [
      '/api/v2/dashboard/performance/?timeframe=ALL',
      `/api/v2/dashboard/performance/?timeframe=ALL&portfolio_id=${a.id}`,
      `/api/v2/dashboard/performance/?timeframe=1M&portfolio_id=${b.id}`,
    ];
    const same = async (step: string) => {
      for (const path of paths) {
        const kept = withoutNow((await u.client.get(path)).json());
        expect(kept, `${step}: ${path}`).toEqual(await fromScratch(cookie, path));
      }
    };
    const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();

    await u.ok(a.id, { quantity: '2', price_per_coin: '20000', fee: '3', date: day(400) });
    await u.ok(a.id, { coin_id: 'ethereum', quantity: '5', price_per_coin: '1500', date: day(300) });
    await same('create');

    const late = await u.ok(a.id, { quantity: '0.5', price_per_coin: '25000', date: day(200) });
    await same('create in the past');

    const edited = await u.client.send('PUT', `/api/v2/transactions/${late.id}/`, {
      portfolio_id: a.id,
      coin_id: 'bitcoin',
      type: 'buy',
      quantity: '0.75',
      price_per_coin: '24000',
      fee: '1',
      date: day(250),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await same('update');

    expect((await u.client.send('DELETE', `/api/v2/transactions/${late.id}/`)).statusCode).toBe(204);
    await same('delete');

    const csv = `date,type,coin,quantity,price_per_coin,fee,note\n${day(100).slice(0, 10)},buy,ETH,1.5,1800,2,\n${day(50).slice(0, 10)},sell,ETH,0.5,2100,1,\n`;
    const preview = (await u.client.post(`/api/v2/portfolios/${a.id}/import/preview/`, { csv })).json();
    const commit = await u.client.post(`/api/v2/portfolios/${a.id}/import/commit/`, {
      rows: preview.rows.map((r: { line: number; coin_id: string; transaction: unknown }) => ({
        line: r.line,
        coin_id: r.coin_id,
        transaction: r.transaction,
      })),
    });
    expect(commit.statusCode, commit.body).toBe(200);
    await same('import');

    // An own transfer: the deposit of unknown cost takes the cost its withdrawal carried.
    await u.ok(a.id, { type: 'transfer_out', quantity: '1', price_per_coin: '0', date: day(30) });
    await u.ok(b.id, { type: 'transfer_in', quantity: '0.99', price_per_coin: null, date: day(30) });
    await same('transfer');

    expect((await u.client.send('PATCH', '/api/v2/settings/', { base_currency: 'eur' })).statusCode).toBe(
      200,
    );
    await same('base currency');
    expect(
      (await u.client.send('PATCH', '/api/v2/settings/', { cost_basis_method: 'fifo' })).statusCode,
    ).toBe(200);
    await same('cost-basis method');
  }, 120_000); // Dozens of writes, each checked against a full recomputation: slow on a loaded machine.
});
