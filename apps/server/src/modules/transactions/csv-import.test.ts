import { readFileSync } from 'node:fs';
import { demoExportNotice } from '@app/core';
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

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../../packages/core/src/csv/fixtures/${name}`, import.meta.url), 'utf8');

const coinbase = [
  'ID,Timestamp,Transaction Type,Asset,Quantity Transacted,Price Currency,Price at Transaction,Subtotal,Total (inclusive of fees and/or spread),Fees and/or Spread,Notes',
  'a1,2024-01-05 10:00:00 UTC,Buy,BTC,0.5,USD,$40000,$20000,$20010,$10,Bought',
  'a2,2024-02-05 10:00:00 UTC,Buy,ETH,2,USD,$2500,$5000,$5005,$5,Bought',
  'a3,2024-03-05 10:00:00 UTC,Sell,BTC,0.25,USD,$60000,$15000,$14990,$10,Sold',
].join('\n');

type Row = {
  line: number;
  coin_id: string | null;
  transaction: Record<string, unknown>;
  outside_ref?: string;
};
const commitRows = (rows: Row[]) =>
  rows.map((r) => ({
    line: r.line,
    coin_id: r.coin_id,
    transaction: r.transaction,
    ...(r.outside_ref ? { outside_ref: r.outside_ref } : {}),
  }));

describe('CSV import and export', () => {
  it('previews a Coinbase file, commits it, and flags the same file as duplicates', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio();
    const preview = await u.client.post(`/api/v2/portfolios/${p.id}/import/preview/`, { csv: coinbase });
    expect(preview.statusCode).toBe(200);
    const body = preview.json();
    expect(body).toMatchObject({ preset: 'coinbase', errors: [], duplicate_lines: [] });
    expect(body.rows).toHaveLength(3);
    // Preview writes nothing.
    expect((await u.client.get('/api/v2/transactions/')).json().count).toBe(0);

    const commit = await u.client.post(`/api/v2/portfolios/${p.id}/import/commit/`, {
      rows: commitRows(body.rows),
    });
    expect(commit.statusCode).toBe(200);
    expect(commit.json()).toEqual({ created: 3 });
    const again = (
      await u.client.post(`/api/v2/portfolios/${p.id}/import/preview/`, { csv: coinbase })
    ).json();
    expect(again.duplicate_lines).toEqual([2, 3, 4]);
  });

  it('knows a Kraken trade again by its id from the other export, and any row stamped 2 s apart', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio();
    const trades = [
      'txid,ordertxid,pair,time,type,ordertype,price,cost,fee,vol,margin,misc,ledgers',
      'TABCDE-FGHIJ-KLMNOP,OX,XXBTZUSD,2024-01-05 10:00:00,buy,limit,40000,20000,10,0.5,0,,',
    ].join('\n');
    const first = (await u.client.post(`/api/v2/portfolios/${p.id}/import/preview/`, { csv: trades })).json();
    expect(first.rows[0]).toMatchObject({ outside_ref: 'kraken:trade:TABCDE-FGHIJ-KLMNOP' });
    const commit = await u.client.post(`/api/v2/portfolios/${p.id}/import/commit/`, {
      rows: commitRows(first.rows),
    });
    expect(commit.json()).toEqual({ created: 1 });

    // The ledgers export stamps the same trade 5 s later: too far for the time match, not for the id.
    const ledgers = [
      'txid,refid,time,type,subtype,aclass,asset,amount,fee,balance',
      'L1AAAA-BBBBB-CCCCCC,TABCDE-FGHIJ-KLMNOP,2024-01-05 10:00:05,trade,,currency,ZUSD,-20000,10,0',
      'L2AAAA-BBBBB-CCCCCC,TABCDE-FGHIJ-KLMNOP,2024-01-05 10:00:05,trade,,currency,XXBT,0.5,0,0.5',
    ].join('\n');
    const byRef = (
      await u.client.post(`/api/v2/portfolios/${p.id}/import/preview/`, { csv: ledgers })
    ).json();
    expect(byRef.rows).toHaveLength(1);
    expect(byRef.duplicate_lines).toEqual([byRef.rows[0].line]);

    // A file without ids, stamped 2 s after the stored row: the same trade by time, coin, quantity and price.
    const shifted = [
      'txid,ordertxid,pair,time,type,ordertype,price,cost,fee,vol,margin,misc,ledgers',
      'TOTHER-FGHIJ-KLMNOP,OX,XXBTZUSD,2024-01-05 10:00:02,buy,limit,40000,20000,10,0.5,0,,',
      'TLATER-FGHIJ-KLMNOP,OX,XXBTZUSD,2024-01-05 10:00:03,buy,limit,40000,20000,10,0.5,0,,',
    ].join('\n');
    const byTime = (
      await u.client.post(`/api/v2/portfolios/${p.id}/import/preview/`, { csv: shifted })
    ).json();
    expect(byTime.duplicate_lines).toEqual([2]);
  });

  it('reports per-row errors: unknown coins, other currencies, oversells', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio();
    const body = (
      await u.client.post(`/api/v2/portfolios/${p.id}/import/preview/`, {
        csv: fixture('coinbase_v2024_id_price_currency.csv'),
      })
    ).json();
    // EUR prices in a USD portfolio need the rate of their day, which no stored close gives here.
    expect(body.errors.some((e: { message: string }) => /No EUR to USD rate is stored/.test(e.message))).toBe(
      true,
    );
    const eur = await u.portfolio({ name: 'EUR', currency: 'eur' });
    const inEur = (
      await u.client.post(`/api/v2/portfolios/${eur.id}/import/preview/`, {
        csv: fixture('coinbase_v2024_id_price_currency.csv'),
      })
    ).json();
    const messages = inEur.errors.map((e: { message: string }) => e.message).join('\n');
    expect(messages).toMatch(/Only .* BTC held/);
  });

  it('writes all rows or none', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio();
    const rows = [
      {
        line: 2,
        coin_id: 'bitcoin',
        transaction: { type: 'buy', quantity: '1', date: '2024-01-01T00:00:00Z' },
      },
      {
        line: 3,
        coin_id: 'bitcoin',
        transaction: { type: 'sell', quantity: '2', date: '2024-01-02T00:00:00Z' },
      },
    ];
    const res = await u.client.post(`/api/v2/portfolios/${p.id}/import/commit/`, { rows });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.rows).toEqual([expect.objectContaining({ line: 3, field: 'quantity' })]);
    const unknown = await u.client.post(`/api/v2/portfolios/${p.id}/import/commit/`, {
      rows: [rows[0], { ...rows[0], line: 4, coin_id: 'no-such-coin-xyz' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect((await u.client.get('/api/v2/transactions/')).json().count).toBe(0);
    const other = await portfolioUser(t.client());
    expect(
      (await other.client.post(`/api/v2/portfolios/${p.id}/import/commit/`, { rows: [rows[0]] })).statusCode,
    ).toBe(404);
  });

  it('rejects an unreadable or oversized file with a clear message', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio();
    const bad = (
      await u.client.post(`/api/v2/portfolios/${p.id}/import/preview/`, { csv: 'a,b\n1,2' })
    ).json();
    expect(bad.errors[0].message).toMatch(/Unrecognised CSV header/);
    const huge = (
      await u.client.post(`/api/v2/portfolios/${p.id}/import/preview/`, { csv: 'x'.repeat(5_000_001) })
    ).json();
    expect(huge.errors[0].message).toMatch(/File too large: the limit is 5,000,000 characters/);
  });

  it('exports CSV that re-imports to the same state', async () => {
    const u = await portfolioUser(t.client());
    const a = await u.portfolio({ name: 'Source' });
    await u.ok(a.id, { quantity: '1.5', price_per_coin: '20000.123', fee: '2.5', note: '=cmd, "quoted"' });
    await u.ok(a.id, {
      type: 'reward',
      reward_kind: 'airdrop',
      coin_id: 'ethereum',
      quantity: '0.1',
      price_per_coin: '0',
    });
    await u.ok(a.id, {
      type: 'sell',
      quantity: '0.5',
      price_per_coin: '30000',
      date: '2024-02-01T00:00:00Z',
    });
    await u.ok(a.id, {
      type: 'transfer_in',
      quantity: '0.25',
      price_per_coin: null,
      date: '2024-03-01T00:00:00Z',
      note: 'from a friend',
    });
    const exported = await u.client.get(`/api/v2/portfolios/${a.id}/export/`);
    // A transfer in of unknown cost leaves the price empty (never 0), and imports back as unknown.
    expect(exported.body).toContain(
      '2024-03-01T00:00:00.000Z,transfer_in,BTC,0.25,,0,from a friend,bitcoin,',
    );
    expect(exported.headers['content-type']).toMatch(/text\/csv/);
    // Demo mode (the test app runs on the snapshot): a first notice line and the name say so;
    // the file still imports as it is.
    expect(exported.headers['content-disposition']).toContain('source-transactions-demo-data.csv');
    expect(exported.body.split('\r\n')[0]).toBe(`# ${demoExportNotice}`);

    const b = await u.portfolio({ name: 'Copy' });
    const preview = (
      await u.client.post(`/api/v2/portfolios/${b.id}/import/preview/`, { csv: exported.body })
    ).json();
    expect(preview.errors).toEqual([]);
    await u.client.post(`/api/v2/portfolios/${b.id}/import/commit/`, { rows: commitRows(preview.rows) });
    const strip = (list: Record<string, unknown>[]) =>
      list
        .map(({ id, portfolio_id, created_at, updated_at, ...rest }) => JSON.stringify(rest))
        // The test clock is frozen, so equal instants have no stable entry order to compare.
        .sort();
    const source = (await u.client.get(`/api/v2/portfolios/${a.id}/transactions/`)).json().results;
    const copy = (await u.client.get(`/api/v2/portfolios/${b.id}/transactions/`)).json().results;
    expect(strip(copy)).toEqual(strip(source));
    const dash = async (id: string) =>
      (await u.client.get(`/api/v2/dashboard/?portfolio_id=${id}&metrics=positions`)).json().positions;
    expect(await dash(b.id)).toEqual(await dash(a.id));
  });
});

describe('CSV template rows with an unknown symbol', () => {
  it('asks for the coin instead of guessing', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio();
    const csv = 'date,type,coin,quantity,price_per_coin,fee,note\n2024-01-01,buy,ZZZQ,1,1,0,\n';
    const body = (await u.client.post(`/api/v2/portfolios/${p.id}/import/preview/`, { csv })).json();
    expect(body.errors).toEqual([
      { line: 2, field: 'coin', message: 'ZZZQ: Unknown coin: choose one from the list' },
    ]);
    expect(body.unresolved_symbols).toEqual([{ symbol: 'ZZZQ', lines: [2], candidates: [] }]);
  });

  it('offers the cached market’s coins that carry the symbol', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio();
    const csv = 'date,type,coin,quantity,price_per_coin,fee,note\n2024-01-01,buy,render,1,1,0,\n';
    const body = (await u.client.post(`/api/v2/portfolios/${p.id}/import/preview/`, { csv })).json();
    expect(body.unresolved_symbols).toEqual([
      {
        symbol: 'RENDER',
        lines: [2],
        candidates: [expect.objectContaining({ id: 'render-token', symbol: 'render' })],
      },
    ]);
  });
});

describe('large imports', () => {
  it('writes many rows in one go with exact values', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio();
    const rows = Array.from({ length: 120 }, (_, i) => ({
      line: i + 2,
      coin_id: i % 2 ? 'ethereum' : 'bitcoin',
      transaction: {
        type: i % 3 === 2 ? 'reward' : 'buy',
        quantity: `0.${String(i + 1).padStart(18, '0')}`,
        price_per_coin: '12345678901234567890.123456789012345678',
        fee: '0.5',
        date: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString(),
        note: i === 0 ? 'first, "quoted"' : '',
        ...(i % 3 === 2 ? { reward_kind: 'staking' } : {}),
      },
    }));
    const res = await u.client.post(`/api/v2/portfolios/${p.id}/import/commit/`, { rows });
    expect(res.json()).toEqual({ created: 120 });
    const list = (await u.client.get(`/api/v2/transactions/?portfolio_id=${p.id}&page_size=500`)).json();
    expect(list.count).toBe(120);
    const first = list.results.find((r: { note: string }) => r.note === 'first, "quoted"');
    expect(first).toMatchObject({
      quantity: '0.000000000000000001',
      price_per_coin: '12345678901234567890.123456789012345678',
      executed_at: '2024-01-01T00:00:00.000Z',
    });
    expect(list.results.filter((r: { reward_kind?: string }) => r.reward_kind === 'staking')).toHaveLength(
      40,
    );
    const dash = (await u.client.get(`/api/v2/dashboard/?portfolio_id=${p.id}&metrics=capital`)).json();
    expect(dash.capital.items).toHaveLength(2);
  });
});
