import { readFileSync } from 'node:fs';
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

const ledger = readFileSync(
  new URL('../../../../../packages/core/src/csv/fixtures/kraken_ledgers_classic.csv', import.meta.url),
  'utf8',
);

interface Opening {
  symbol: string;
  coin_id: string | null;
  quantity: string;
  date: string;
  first_line: number;
}
type Row = { line: number; symbol: string; coin_id: string | null; transaction: Record<string, unknown> };

/**
 * What the import panel sends for an included opening balance: a transfer in at the entered
 * price, or without one (null: its cost stays unknown).
 */
const openingRow = (o: Opening, price: string | null) => ({
  line: o.first_line,
  symbol: o.symbol,
  coin_id: o.coin_id,
  transaction: {
    type: 'transfer_in',
    quantity: o.quantity,
    price_per_coin: price,
    fee: '0',
    date: o.date,
    note: 'Opening balance',
  },
});

describe('CSV import: opening balances of a ledger that starts mid-history', () => {
  it('previews one opening row per coin, and commits it with the rows in one write', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio({ name: 'Kraken', currency: 'eur' });
    const res = await u.client.post(`/api/v2/portfolios/${p.id}/import/preview/`, { csv: ledger });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { rows: Row[]; errors: unknown[]; opening_balances: Opening[] };
    expect(body.opening_balances.map((o) => [o.symbol, o.coin_id, o.quantity, o.first_line])).toEqual([
      ['BTC', 'bitcoin', '0.27679577', 3],
      ['LTC', 'litecoin', '34.85833035', 4],
      ['USDT', 'tether', '730', 6],
      ['ADA', 'cardano', '3733.303463', 10],
    ]);
    // Counting the openings, nothing in the file sells more than was held.
    expect(body.errors).toEqual([]);
    expect((await u.client.get('/api/v2/transactions/')).json().count).toBe(0);

    const rows = body.rows.map((r) => ({
      line: r.line,
      symbol: r.symbol,
      coin_id: r.coin_id,
      transaction: r.transaction,
    }));
    // Without the openings the sells oversell: the whole commit is refused and nothing is written.
    const refused = await u.client.post(`/api/v2/portfolios/${p.id}/import/commit/`, { rows });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('validation_error');
    expect((await u.client.get('/api/v2/transactions/')).json().count).toBe(0);

    const openings = body.opening_balances.map((o) => openingRow(o, o.symbol === 'BTC' ? '35000' : null));
    const commit = await u.client.post(`/api/v2/portfolios/${p.id}/import/commit/`, {
      rows: [...openings, ...rows],
    });
    expect(commit.statusCode).toBe(200);
    expect(commit.json()).toEqual({ created: rows.length + 4 });
    const listed = (await u.client.get('/api/v2/transactions/?page_size=100')).json() as {
      results: {
        coin_id: string;
        type: string;
        quantity: string;
        price_per_coin: string | null;
        executed_at: string;
      }[];
    };
    const btcOpening = listed.results.find((x) => x.coin_id === 'bitcoin' && x.type === 'transfer_in');
    expect(btcOpening).toMatchObject({ quantity: '0.27679577', price_per_coin: '35000' });
    // An opening balance sent without a price is kept with its cost unknown, not at 0.
    const adaOpening = listed.results.find((x) => x.coin_id === 'cardano' && x.type === 'transfer_in');
    expect(adaOpening).toMatchObject({ quantity: '3733.303463', price_per_coin: null });
    expect(new Date(btcOpening?.executed_at ?? '').toISOString()).toBe('2022-03-15T09:39:45.000Z');
  });

  it('asks for the coin of an opening balance no imported row names, and takes the choice', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio({ name: 'Staking', currency: 'eur' });
    // Only a move between the user's own wallets (skipped): the coin is known from the balance alone.
    const csv = [
      'txid,refid,time,type,subtype,aclass,asset,amount,fee,balance',
      'L1,R1,2024-02-01 10:00:00,transfer,spottostaking,currency,ZZQ,-5,0,20',
    ].join('\n');
    const url = `/api/v2/portfolios/${p.id}/import/preview/`;
    const first = (await u.client.post(url, { csv })).json();
    expect(first.rows).toEqual([]);
    expect(first.opening_balances).toEqual([
      { symbol: 'ZZQ', coin_id: null, quantity: '25', date: '2024-02-01T09:59:59.000Z', first_line: 2 },
    ]);
    expect(first.unresolved_symbols).toEqual([expect.objectContaining({ symbol: 'ZZQ', lines: [2] })]);
    const chosen = (await u.client.post(url, { csv, symbol_map: { ZZQ: 'bitcoin' } })).json();
    expect(chosen.opening_balances[0].coin_id).toBe('bitcoin');
    expect(chosen.unresolved_symbols).toEqual([]);
  });
});
