import type { CoinMarket } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SnapshotProvider } from '../../integrations/market-data/index.ts';
import { loadSnapshotDataset, type SnapshotCoin } from '../../integrations/market-data/snapshot/dataset.ts';
import { portfolioUser } from '../../test/portfolio-test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { MarketReader } from '../market/index.ts';
import { createProviderMarketReader } from '../market/index.ts';

/*
 * The import's coin chooser: symbols we cannot identify come back grouped with the market's
 * coins that share them; the user's symbol → coin map re-validates the preview and drives the
 * commit, which checks it again on its own.
 */

const base = loadSnapshotDataset();
function cloneOf(from: string, id: string, symbol: string, name: string): SnapshotCoin {
  const source = base.coins.find((c) => c.id === from);
  if (!source) throw new Error(`snapshot has no ${from}`);
  return { ...source, id, symbol, name };
}
// Two coins share the ticker ZZQ: one as large as bitcoin, one as small as dogecoin.
const dataset = {
  ...base,
  coins: [
    ...base.coins,
    cloneOf('dogecoin', 'zzq-small', 'zzq', 'ZZQ Small'),
    cloneOf('bitcoin', 'zzq-big', 'zzq', 'ZZQ Big'),
  ],
};

/** A market reader that can also list its coins, as the cached market service does. */
function marketWithDuplicateSymbols(): MarketReader & { coinsIn(vs: string): Promise<CoinMarket[]> } {
  const provider = new SnapshotProvider({ dataset });
  const reader = createProviderMarketReader(provider);
  return {
    ...reader,
    async coinsIn(vs) {
      const params = { vsCurrency: vs, perPage: 250, sparkline: false, priceChangePercentage: [] };
      const first = await provider.listMarkets({ ...params, page: 1 });
      const second = await provider.listMarkets({ ...params, page: 2 });
      return [...first, ...second];
    },
  };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ market: marketWithDuplicateSymbols() });
});
afterAll(async () => {
  await t.close();
});

const header = 'date,type,coin,quantity,price_per_coin,fee,note';
const csvOf = (...lines: string[]) => [header, ...lines].join('\n');
const previewUrl = (id: string) => `/api/v2/portfolios/${id}/import/preview/`;
const commitUrl = (id: string) => `/api/v2/portfolios/${id}/import/commit/`;

interface PreviewRow {
  line: number;
  symbol: string;
  coin_id: string | null;
  transaction: Record<string, unknown>;
}
const asCommitRows = (rows: PreviewRow[]) =>
  rows.map((r) => ({ line: r.line, symbol: r.symbol, coin_id: r.coin_id, transaction: r.transaction }));

describe('choosing the coin for an unknown symbol', () => {
  const csv = csvOf(
    '2024-01-01,buy,ZZQ,2,10,0,first',
    '2024-01-02,buy,BTC,1,100,0,',
    '2024-01-03,sell,zzq,1,12,0,',
  );

  it('groups the symbol once with every line and offers the coins sharing it, largest first', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio();
    const res = await u.client.post(previewUrl(p.id), { csv });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.unresolved_symbols).toEqual([
      {
        symbol: 'ZZQ',
        lines: [2, 4],
        candidates: [
          expect.objectContaining({ id: 'zzq-big', symbol: 'zzq', name: 'ZZQ Big' }),
          expect.objectContaining({ id: 'zzq-small', symbol: 'zzq', name: 'ZZQ Small' }),
        ],
      },
    ]);
    expect(body.errors).toEqual([
      { line: 2, field: 'coin', message: 'ZZQ: Unknown coin: choose one from the list' },
      { line: 4, field: 'coin', message: 'ZZQ: Unknown coin: choose one from the list' },
    ]);
    expect(body.rows.map((r: PreviewRow) => r.coin_id)).toEqual([null, 'bitcoin', null]);
  });

  it('re-validates the preview with the choice, and the commit writes it all', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio();
    const first = (await u.client.post(previewUrl(p.id), { csv })).json();
    // Keys are symbols in any case: the map is applied to every row of that symbol.
    const symbol_map = { zzq: 'zzq-small' };
    const chosen = (await u.client.post(previewUrl(p.id), { csv, symbol_map })).json();
    expect(chosen.errors).toEqual([]);
    expect(chosen.unresolved_symbols).toEqual([]);
    expect(chosen.rows.map((r: PreviewRow) => r.coin_id)).toEqual(['zzq-small', 'bitcoin', 'zzq-small']);
    expect((await u.client.get('/api/v2/transactions/')).json().count).toBe(0);

    // The rows as first previewed (no coin) plus the map: the server resolves them itself.
    const commit = await u.client.post(commitUrl(p.id), { rows: asCommitRows(first.rows), symbol_map });
    expect(commit.statusCode).toBe(200);
    expect(commit.json()).toEqual({ created: 3 });
    const list = (await u.client.get(`/api/v2/transactions/?coin_id=zzq-small`)).json();
    expect(
      list.results.map((r: { type: string; quantity: string }) => `${r.type} ${r.quantity}`).sort(),
    ).toEqual(['buy 2', 'sell 1']);
    const dash = (await u.client.get(`/api/v2/dashboard/?portfolio_id=${p.id}&metrics=holdings`)).json();
    expect(dash.holdings.items.map((i: { coin_id: string }) => i.coin_id).sort()).toEqual([
      'bitcoin',
      'zzq-small',
    ]);
  });

  it('never overrides a coin the file already identifies', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio();
    const body = (
      await u.client.post(previewUrl(p.id), { csv, symbol_map: { ZZQ: 'zzq-big', BTC: 'zzq-small' } })
    ).json();
    expect(body.rows.map((r: PreviewRow) => r.coin_id)).toEqual(['zzq-big', 'bitcoin', 'zzq-big']);
  });

  it('answers an unknown or malformed choice with a field error, on preview and commit, writing nothing', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio();
    const unknown = await u.client.post(previewUrl(p.id), { csv, symbol_map: { ZZQ: 'no-such-coin-xyz' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details.fields).toEqual({
      'symbol_map.ZZQ': ['ZZQ: Unknown coin: choose one from the list'],
    });
    const malformed = await u.client.post(previewUrl(p.id), { csv, symbol_map: { ZZQ: 'Not A Coin' } });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json().error.details.fields)).toEqual(['symbol_map.ZZQ']);
    const badKey = await u.client.post(previewUrl(p.id), { csv, symbol_map: { 'z z': 'zzq-big' } });
    expect(badKey.statusCode).toBe(400);

    const rows = asCommitRows((await u.client.post(previewUrl(p.id), { csv })).json().rows);
    const commit = await u.client.post(commitUrl(p.id), { rows, symbol_map: { ZZQ: 'no-such-coin-xyz' } });
    expect(commit.statusCode).toBe(400);
    expect(commit.json().error.details.fields).toEqual({
      'symbol_map.ZZQ': ['ZZQ: Unknown coin: choose one from the list'],
    });
    // Without a choice the rows of that symbol are refused by line, and nothing is written.
    const unmapped = await u.client.post(commitUrl(p.id), { rows });
    expect(unmapped.statusCode).toBe(400);
    expect(unmapped.json().error.details.rows).toEqual([
      { line: 2, field: 'coin', message: 'ZZQ: Unknown coin: choose one from the list' },
      { line: 4, field: 'coin', message: 'ZZQ: Unknown coin: choose one from the list' },
    ]);
    expect((await u.client.get('/api/v2/transactions/')).json().count).toBe(0);
    // Another user's portfolio is still not found, whatever the map says.
    const other = await portfolioUser(t.client());
    expect(
      (await other.client.post(commitUrl(p.id), { rows, symbol_map: { ZZQ: 'zzq-big' } })).statusCode,
    ).toBe(404);
  });

  it('checks the holdings of the chosen coin: the commit re-validates with the map, not the preview', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio();
    await u.ok(p.id, { coin_id: 'zzq-big', quantity: '1', date: '2023-12-01T00:00:00Z' });
    const sell = csvOf('2024-01-05,sell,ZZQ,1,50,0,');
    const onBig = (
      await u.client.post(previewUrl(p.id), { csv: sell, symbol_map: { ZZQ: 'zzq-big' } })
    ).json();
    expect(onBig.errors).toEqual([]);
    const onSmall = (
      await u.client.post(previewUrl(p.id), { csv: sell, symbol_map: { ZZQ: 'zzq-small' } })
    ).json();
    expect(onSmall.errors).toEqual([expect.objectContaining({ line: 2, field: 'quantity' })]);

    // Rows previewed against zzq-big, committed with a map to zzq-small: the map decides, and oversells.
    const commit = await u.client.post(commitUrl(p.id), {
      rows: asCommitRows(onBig.rows).map((r) => ({ ...r, coin_id: null })),
      symbol_map: { ZZQ: 'zzq-small' },
    });
    expect(commit.statusCode).toBe(400);
    expect(commit.json().error.details.rows).toEqual([
      expect.objectContaining({ line: 2, field: 'quantity' }),
    ]);
    expect((await u.client.get('/api/v2/transactions/')).json().count).toBe(1);
  });
});

describe('symbols the current code would have had to guess', () => {
  it('asks even when a single market coin carries the symbol', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio();
    const body = (
      await u.client.post(previewUrl(p.id), { csv: csvOf('2024-01-01,buy,RENDER,3,5,0,') })
    ).json();
    expect(body.unresolved_symbols).toEqual([
      { symbol: 'RENDER', lines: [2], candidates: [expect.objectContaining({ id: 'render-token' })] },
    ]);
  });

  it('asks when the known id of a ticker is not in the market (MATIC), with no candidates', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio();
    const csv = csvOf('2024-01-01,buy,MATIC,3,1,0,');
    const body = (await u.client.post(previewUrl(p.id), { csv })).json();
    expect(body.unresolved_symbols).toEqual([{ symbol: 'MATIC', lines: [2], candidates: [] }]);
    const mapped = (
      await u.client.post(previewUrl(p.id), { csv, symbol_map: { MATIC: 'polygon-ecosystem-token' } })
    ).json();
    expect(mapped.rows[0].coin_id).toBe('polygon-ecosystem-token');
    expect(mapped.errors).toEqual([]);
  });
});
