import {
  dashboardResponseSchema,
  explainResponseSchema,
  importPreviewResponseSchema,
  portfolioMessages,
  taxReportResponseSchema,
} from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolioUser } from '../../test/portfolio-test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/*
 * A Binance trade whose fee is paid in BNB. The fee stays on its trade in BNB (valued at
 * BNB's close of the day by the books), and the BNB leaves the holding as a sale at that same
 * close: a disposal of BNB at its market value, as US/UK/DE practice has it. Before, the BNB was
 * sold at 0 and its whole cost became a realized loss while the trade carried no fee.
 * The days are in 2023, older than the year of history a background download fetches here, so a
 * day without a stored close stays without one.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // BNB in usd: 210 on 29 September 2023, 220 on 10 October 2023; nothing on 15 November.
  await t.database.db.execute(sql`
    insert into daily_candles (coin_id, vs_currency, day, open, high, low, close, source, fetched_at)
    select 'binancecoin', 'usd', u.d::date, u.c, u.c, u.c, u.c, 'demo', now()
    from unnest(array['2023-09-29','2023-10-10'], array[210, 220]::float8[]) as u(d, c)
    on conflict (coin_id, vs_currency, day) do update set close = excluded.close`);
});
afterAll(async () => {
  await t?.close();
});

const header = 'User_ID,UTC_Time,Account,Operation,Coin,Change,Remark';
/** Lines 2-11; lines 6-8 are the Transaction Buy/Fee/Spend triple of the reference export, verbatim. */
const file = [
  header,
  '1,2023-09-01 10:00:00,Spot,Transaction Buy,USDT,1000.00000000,""',
  '1,2023-09-01 10:00:00,Spot,Transaction Spend,USD,-1000.00000000,""',
  '1,2023-09-02 10:00:00,Spot,Transaction Buy,BNB,1.00000000,""',
  '1,2023-09-02 10:00:00,Spot,Transaction Spend,USDT,-200.00000000,""',
  '1,2023-09-29 09:56:26,Spot,Transaction Buy,ETH,0.01700000,""',
  '1,2023-09-29 09:56:26,Spot,Transaction Fee,BNB,-0.00009883,""',
  '1,2023-09-29 09:56:26,Spot,Transaction Spend,USDT,-28.46106000,""',
  '1,2023-10-10 12:00:00,Spot,Transaction Sold,ETH,-0.01700000,""',
  '1,2023-10-10 12:00:00,Spot,Transaction Revenue,USDT,30.60000000,""',
  '1,2023-10-10 12:00:00,Spot,Transaction Fee,BNB,-0.00010000,""',
].join('\n');

describe('Binance import with fees paid in BNB', () => {
  /*
   * USD portfolio, worked by hand (USDT taken as USD):
   * - 1,000 USDT bought for 1,000 USD; 1 BNB bought for 200 USDT (BNB cost 200).
   * - 29 Sep: 0.017 ETH for 28.46106 USDT (1,674.18 each), fee 0.00009883 BNB × 210 = 0.0207543.
   *   ETH cost 28.46106 + 0.0207543 = 28.4818143. The BNB paid is sold at 210: proceeds
   *   0.0207543, cost 0.00009883 × 200 = 0.019766, gain 0.0009883.
   * - 10 Oct: 0.017 ETH sold for 30.6 USDT (1,800 each), fee 0.0001 BNB × 220 = 0.022. ETH gain
   *   30.6 − 0.022 − 28.4818143 = 2.0961857. BNB sold at 220: proceeds 0.022, cost 0.02, gain 0.002.
   * - USDT sold at its cost of 1: no gain. Realized 2.0961857 + 0.0009883 + 0.002 = 2.099174.
   * - Left: 0.99980117 BNB at 199.960234; 802.13894 USDT (1,000 − 200 − 28.46106 + 30.6) at cost;
   *   investment 1,002.099174 = 1,000 paid in + 2.099174 realized.
   * Before (BNB sold at 0, no fee on the trades): ETH gain 2.13894, BNB losses −0.019766 and −0.02.
   */
  it('keeps the BNB fee on its trade in BNB and sells the BNB at its close: realized gains and positions', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio({ name: 'Binance' });
    const res = await u.client.post(`/api/v2/portfolios/${p.id}/import/preview/`, { csv: file });
    expect(res.statusCode).toBe(200);
    const preview = importPreviewResponseSchema.parse(res.json());
    expect(preview.errors).toEqual([]);
    const legs = (line: number) =>
      preview.rows
        .filter((r) => r.line === line)
        .map((r) => [
          r.symbol,
          r.transaction.type,
          r.transaction.quantity,
          r.transaction.price_per_coin,
          r.transaction.fee,
          r.transaction.fee_currency,
          r.price_currency,
        ]);
    expect(legs(6)).toEqual([
      ['ETH', 'buy', '0.017', '1674.18', '0.00009883', 'bnb', 'USDT'],
      ['USDT', 'sell', '28.46106', '1', '0', undefined, 'USDT'],
      ['BNB', 'sell', '0.00009883', '210', '0', undefined, 'USD'],
    ]);
    expect(legs(9)).toEqual([
      ['ETH', 'sell', '0.017', '1800', '0.0001', 'bnb', 'USDT'],
      ['USDT', 'buy', '30.6', '1', '0', undefined, 'USDT'],
      ['BNB', 'sell', '0.0001', '220', '0', undefined, 'USD'],
    ]);

    const commit = await u.client.post(`/api/v2/portfolios/${p.id}/import/commit/`, {
      rows: preview.rows.map((r) => ({ line: r.line, coin_id: r.coin_id, transaction: r.transaction })),
    });
    expect(commit.statusCode).toBe(200);
    expect(commit.json()).toEqual({ created: 9 });

    const dashboard = dashboardResponseSchema.parse(
      (await u.client.get(`/api/v2/dashboard/?portfolio_id=${p.id}`)).json(),
    );
    expect(dashboard.portfolio_summary.returns.realized.profitLoss).toBe('2.099174');
    expect(dashboard.portfolio_summary.total_investment).toBe('1002.099174');
    expect(dashboard.portfolio_summary.fees_without_price).toBeUndefined();

    const bnb = explainResponseSchema.parse(
      (await u.client.get(`/api/v2/dashboard/explain/?portfolio_id=${p.id}&coin_id=binancecoin`)).json(),
    );
    expect(bnb.portfolios.map((x) => [x.quantity, x.cost_basis])).toEqual([['0.99980117', '199.960234']]);

    await u.client.send('PATCH', '/api/v2/tax/settings/', { rule: 'us' });
    const report = taxReportResponseSchema.parse(
      (await u.client.get(`/api/v2/tax/report/?portfolio_id=${p.id}&year=2023`)).json(),
    );
    const sales = report.disposals
      .filter((d) => d.coin_id !== 'tether')
      .map((d) => [d.coin_id, d.quantity, d.proceeds, d.fee, d.cost, d.gain]);
    expect(sales).toEqual([
      ['binancecoin', '0.00009883', '0.0207543', '0', '0.019766', '0.0009883'],
      ['ethereum', '0.017', '30.6', '0.022', '28.4818143', '2.0961857'],
      ['binancecoin', '0.0001', '0.022', '0', '0.02', '0.002'],
    ]);
    expect(report.total_gain).toBe('2.099174');
    expect(report.needs_price).toEqual([]);
  });

  it('refuses a BNB fee on a day without a BNB close instead of selling the BNB at 0', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio({ name: 'Gap' });
    const gap = [
      header,
      '1,2023-09-02 10:00:00,Spot,Transaction Buy,BNB,1.00000000,""',
      '1,2023-09-02 10:00:00,Spot,Transaction Spend,USD,-200.00000000,""',
      '1,2023-11-15 10:00:00,Spot,Transaction Buy,ETH,0.01000000,""',
      '1,2023-11-15 10:00:00,Spot,Transaction Fee,BNB,-0.00005000,""',
      '1,2023-11-15 10:00:00,Spot,Transaction Spend,USD,-20.00000000,""',
    ].join('\n');
    const preview = importPreviewResponseSchema.parse(
      (await u.client.post(`/api/v2/portfolios/${p.id}/import/preview/`, { csv: gap })).json(),
    );
    expect(preview.errors).toEqual([
      {
        line: 4,
        field: 'price_per_coin',
        message:
          'No BNB price in USD stored for that day: the fee paid in BNB cannot be valued yet; preview again once its price history has loaded',
      },
    ]);
    expect(preview.rows.find((r) => r.line === 4 && r.symbol === 'BNB')?.transaction.price_per_coin).toBe(
      '1',
    );
  });

  it('refuses a fee in a coin no symbol names for sure, in the preview and the commit', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio({ name: 'Odd fee' });
    const odd = [
      header,
      '1,2023-09-29 09:56:26,Spot,Transaction Buy,ETH,0.01700000,""',
      '1,2023-09-29 09:56:26,Spot,Transaction Fee,ZZQ,-0.5,""',
      '1,2023-09-29 09:56:26,Spot,Transaction Spend,USD,-28.46106000,""',
    ].join('\n');
    const preview = importPreviewResponseSchema.parse(
      (await u.client.post(`/api/v2/portfolios/${p.id}/import/preview/`, { csv: odd })).json(),
    );
    expect(preview.errors).toContainEqual({
      line: 2,
      field: 'fee',
      message: `ETH: ${portfolioMessages.unknownFeeCurrency}`,
    });
    const eth = preview.rows.find((r) => r.symbol === 'ETH');
    expect(eth?.transaction.fee_currency).toBe('zzq');
    const commit = await u.client.post(`/api/v2/portfolios/${p.id}/import/commit/`, {
      rows: [{ line: 2, coin_id: 'ethereum', transaction: eth?.transaction }],
    });
    expect(commit.statusCode).toBe(400);
    expect(commit.json().error.details.rows).toEqual([
      { line: 2, field: 'fee', message: portfolioMessages.unknownFeeCurrency },
    ]);
    expect((await u.client.get('/api/v2/transactions/')).json().count).toBe(0);
  });
});
