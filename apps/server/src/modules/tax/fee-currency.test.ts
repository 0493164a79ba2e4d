import { dashboardResponseSchema, portfolioMessages, taxReportResponseSchema } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolioUser } from '../../test/portfolio-test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/*
 * A fee recorded in another currency (`fee_currency`) is valued in the portfolio's
 * currency on its own day — a fiat fee at that day's exchange rate (bitcoin's closes in both
 * currencies, as for rows of another currency), a coin fee at that coin's stored close — in the
 * dashboard, the positions and the tax report alike. A day without one lists the row as needing
 * a price; the fee is never valued at 0 nor read as if it were in the portfolio's currency.
 * The days are in 2024, older than the year of history a background download fetches here, so
 * a day left without a close stays without one.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Bitcoin in usd and eur: 46000 / 50000 = 0.92 eur per usd on 5 March, 54000 / 60000 = 0.9 on
  // 3 June. BNB in usd: 300 on 5 March, 320 on 10 April; nothing on 1 May.
  await t.database.db.execute(sql`
    insert into daily_candles (coin_id, vs_currency, day, open, high, low, close, source, fetched_at)
    select u.coin, u.vs, u.d::date, u.c, u.c, u.c, u.c, 'demo', now()
    from unnest(
      array['bitcoin','bitcoin','bitcoin','bitcoin','binancecoin','binancecoin'],
      array['usd','eur','usd','eur','usd','usd'],
      array['2024-03-05','2024-03-05','2024-06-03','2024-06-03','2024-03-05','2024-04-10'],
      array[50000, 46000, 60000, 54000, 300, 320]::float8[]) as u(coin, vs, d, c)
    on conflict (coin_id, vs_currency, day) do update set close = excluded.close`);
});
afterAll(async () => {
  await t?.close();
});

const settingsPath = '/api/v2/tax/settings/';

async function summaryOf(client: Awaited<ReturnType<typeof portfolioUser>>['client'], portfolioId: string) {
  const res = await client.get(`/api/v2/dashboard/?portfolio_id=${portfolioId}`);
  expect(res.statusCode).toBe(200);
  return dashboardResponseSchema.parse(res.json()).portfolio_summary;
}

describe('fees in another currency', () => {
  /*
   * EUR portfolio: buy 0.5 BTC at 40,000 EUR paying 10 USD (× 0.92 = 9.20 EUR), sell it at
   * 50,000 EUR paying 12.50 USD (× 0.90 = 11.25 EUR). Cost 20,009.20; proceeds 25,000;
   * realized 25,000 − 11.25 − 20,009.20 = 4,979.55 EUR (read as euros: 4,977.50).
   */
  it('values a USD fee on a EUR portfolio at the rate of its day, in the dashboard and the tax report', async () => {
    const u = await portfolioUser(t.client());
    await u.client.send('PATCH', '/api/v2/settings/', { base_currency: 'eur' });
    const p = await u.portfolio({ name: 'EU', currency: 'eur' });
    await u.ok(p.id, {
      quantity: '0.5',
      price_per_coin: '40000',
      fee: '10',
      fee_currency: 'usd',
      date: '2024-03-05T10:00:00Z',
    });
    const sell = await u.ok(p.id, {
      type: 'sell',
      quantity: '0.5',
      price_per_coin: '50000',
      fee: '12.5',
      fee_currency: 'usd',
      date: '2024-06-03T10:00:00Z',
    });
    const summary = await summaryOf(u.client, p.id);
    expect(summary.returns.realized.profitLoss).toBe('4979.55');
    expect(summary.fees_without_price).toBeUndefined();

    // A rule without a country, so the report stays in the portfolio's euros (the US rule reports in dollars).
    await u.client.send('PATCH', settingsPath, { rule: 'custom' });
    const report = taxReportResponseSchema.parse(
      (await u.client.get(`/api/v2/tax/report/?portfolio_id=${p.id}&year=2024`)).json(),
    );
    expect(report.currency).toBe('eur');
    expect(report.disposals).toEqual([
      expect.objectContaining({
        transaction_id: sell.id,
        proceeds: '25000',
        fee: '11.25',
        cost: '20009.2',
        gain: '4979.55',
      }),
    ]);
    expect(report.total_gain).toBe('4979.55');
    expect(report.totals[0]).toMatchObject({ category: 'short', fees: '11.25', gain: '4979.55' });
    expect(report.needs_price).toEqual([]);
  });

  /*
   * USD portfolio, as Binance charges it: buy 1,000 ADA at 0.50 paying 0.0075 BNB (BNB 300:
   * 2.25 USD), sell 600 ADA at 0.60 paying 0.00625 BNB (BNB 320: 2.00 USD). Cost 502.25, of which
   * 600 ADA carry 301.35; realized 360 − 2 − 301.35 = 56.65 USD; 400 ADA left at 200.90.
   */
  it("values a BNB fee at BNB's close of its day", async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio({ name: 'Binance' });
    const ada = { coin_id: 'cardano', fee_currency: 'bnb' };
    await u.ok(p.id, {
      ...ada,
      quantity: '1000',
      price_per_coin: '0.5',
      fee: '0.0075',
      date: '2024-03-05T13:24:05Z',
    });
    await u.ok(p.id, {
      ...ada,
      type: 'sell',
      quantity: '600',
      price_per_coin: '0.6',
      fee: '0.00625',
      date: '2024-04-10T08:00:00Z',
    });
    const summary = await summaryOf(u.client, p.id);
    expect(summary.returns.realized.profitLoss).toBe('56.65');
    expect(summary.total_investment).toBe('200.9');

    await u.client.send('PATCH', settingsPath, { rule: 'us' });
    const report = taxReportResponseSchema.parse(
      (await u.client.get(`/api/v2/tax/report/?portfolio_id=${p.id}&year=2024`)).json(),
    );
    expect(report.disposals[0]).toMatchObject({ proceeds: '360', fee: '2', cost: '301.35', gain: '56.65' });
    expect(report.needs_price).toEqual([]);
  });

  it('lists a fee whose day has no close or rate as needing a price, never as 0 or as stated', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio({ name: 'Gaps' });
    await u.ok(p.id, {
      coin_id: 'cardano',
      quantity: '1000',
      price_per_coin: '0.5',
      date: '2024-03-05T10:00:00Z',
    });
    // No BNB close on 1 May 2024.
    const noClose = await u.ok(p.id, {
      coin_id: 'cardano',
      type: 'sell',
      quantity: '500',
      price_per_coin: '0.6',
      fee: '0.01',
      fee_currency: 'bnb',
      date: '2024-05-01T10:00:00Z',
    });
    // Bitcoin's stored eur closes end on 3 June 2024 (a gap inside a series carries the last
    // close, as for every converted row): on 1 July a fee in euros has no usd value.
    const noRate = await u.ok(p.id, {
      coin_id: 'cardano',
      type: 'sell',
      quantity: '100',
      price_per_coin: '0.6',
      fee: '1',
      fee_currency: 'eur',
      date: '2024-07-01T10:00:00Z',
    });
    const summary = await summaryOf(u.client, p.id);
    expect(summary.fees_without_price).toEqual([noClose.id, noRate.id].sort());
    // The two fees are left out (not 0.01 or 1 read as dollars): 600 × 0.1 = 60.
    expect(summary.returns.realized.profitLoss).toBe('60');

    await u.client.send('PATCH', settingsPath, { rule: 'us' });
    const report = taxReportResponseSchema.parse(
      (await u.client.get(`/api/v2/tax/report/?portfolio_id=${p.id}&year=2024`)).json(),
    );
    expect(report.needs_price.map((n) => [n.transaction_id, n.reason])).toEqual([
      [noClose.id, 'no_fee_price'],
      [noRate.id, 'no_fee_rate'],
    ]);
    expect(report.disposals.map((d) => [d.transaction_id, d.fee, d.gain])).toEqual([
      [noClose.id, null, null],
      [noRate.id, null, null],
    ]);
    expect(report.incomplete_disposals).toBe(2);
    expect(report.total_gain).toBe('0');
  });

  /*
   * A typed transaction can also record the BNB paid, as an import does: 1 BNB bought at 250;
   * 1,000 ADA at 0.50 with 0.0075 BNB (BNB 300 on 5 March: 2.25) -> ADA cost 502.25, and a sale of
   * 0.0075 BNB at 300: proceeds 2.25, cost 1.875, gain 0.375. Left: 0.9925 BNB at 248.125;
   * investment 750.375 = 750 paid + 0.375 realized.
   */
  it('records the BNB paid as a sale at its close in the same write when asked', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio({ name: 'Fee sale' });
    await u.ok(p.id, {
      coin_id: 'binancecoin',
      quantity: '1',
      price_per_coin: '250',
      date: '2024-03-01T10:00:00Z',
    });
    const ada = {
      coin_id: 'cardano',
      quantity: '1000',
      price_per_coin: '0.5',
      fee: '0.0075',
      fee_currency: 'bnb',
      record_fee_sale: true,
      note: 'ADA on Binance',
    };
    const created = await u.ok(p.id, { ...ada, date: '2024-03-05T13:24:05Z' });
    const list: Record<string, string>[] = (
      await u.client.get(`/api/v2/transactions/?portfolio_id=${p.id}`)
    ).json().results;
    // Both rows of the write share their instant: compared without their order.
    const rows = list.map((x) => [x.coin_id, x.type, x.quantity, x.price_per_coin, x.fee, x.note]).sort();
    expect(rows).toEqual([
      ['binancecoin', 'buy', '1', '250', '0', ''],
      ['binancecoin', 'sell', '0.0075', '300', '0', 'Fee paid in BNB: ADA on Binance'],
      ['cardano', 'buy', '1000', '0.5', '0.0075', 'ADA on Binance'],
    ]);
    expect(list.find((x) => x.coin_id === 'cardano')?.id).toBe(created.id);
    const summary = await summaryOf(u.client, p.id);
    expect(summary.returns.realized.profitLoss).toBe('0.375');
    expect(summary.total_investment).toBe('750.375');

    // No BNB close on 1 May 2024: refused, nothing written.
    const noClose = await u.tx(p.id, { ...ada, date: '2024-05-01T10:00:00Z' });
    expect(noClose.statusCode).toBe(400);
    expect(noClose.json().error.details.fields).toEqual({
      record_fee_sale: [
        'No BNB price in USD stored for that day: the BNB paid cannot be recorded as a sale yet',
      ],
    });
    // A fee in a currency is not a coin to sell.
    const fiat = await u.tx(p.id, { ...ada, fee_currency: 'eur', date: '2024-03-05T13:24:05Z' });
    expect(fiat.json().error.details.fields).toEqual({
      record_fee_sale: [portfolioMessages.feeSaleNeedsCoinFee],
    });
    // Without BNB held, the sale would oversell: said on the choice, nothing written.
    const empty = await u.portfolio({ name: 'No BNB' });
    const oversell = await u.tx(empty.id, { ...ada, date: '2024-03-05T13:24:05Z' });
    expect(oversell.statusCode).toBe(400);
    expect(oversell.json().error.details.fields.record_fee_sale).toEqual([
      expect.stringMatching(/^Only 0 BNB held/),
    ]);
    expect((await u.client.get('/api/v2/transactions/')).json().count).toBe(3);
  });

  it('refuses a fee currency that is neither a currency nor a coin priced by its symbol', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio({ name: 'Codes' });
    const body = {
      coin_id: 'cardano',
      quantity: '10',
      price_per_coin: '0.5',
      fee: '0.01',
      fee_currency: 'zzq',
    };
    for (const res of [
      await u.tx(p.id, body),
      await u.client.post('/api/v2/transactions/preview/', {
        portfolio_id: p.id,
        type: 'buy',
        date: '2024-03-05T10:00:00Z',
        ...body,
      }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.fields).toEqual({
        fee_currency: [portfolioMessages.unknownFeeCurrency],
      });
    }
    const ok = await u.ok(p.id, { ...body, fee_currency: 'bnb' });
    const edit = await u.client.send('PUT', `/api/v2/transactions/${ok.id}/`, {
      portfolio_id: p.id,
      type: 'buy',
      date: '2024-03-05T10:00:00Z',
      note: '',
      ...body,
    });
    expect(edit.statusCode).toBe(400);
    expect((await u.client.get('/api/v2/transactions/')).json().results[0].fee_currency).toBe('bnb');
  });

  it('previews a new row with its fee valued on its day, or says the fee is left out', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio({ name: 'Preview', currency: 'eur' });
    const preview = async (date: string) => {
      const res = await u.client.post('/api/v2/transactions/preview/', {
        portfolio_id: p.id,
        coin_id: 'bitcoin',
        type: 'buy',
        quantity: '0.5',
        price_per_coin: '40000',
        fee: '10',
        fee_currency: 'usd',
        date,
        note: '',
      });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    // 10 USD × 0.92 on 5 March 2024: cost 20,000 + 9.20.
    expect(await preview('2024-03-05T10:00:00Z')).toMatchObject({ cost_basis_after: '20009.2' });
    expect((await preview('2024-03-05T10:00:00Z')).fee_without_price).toBeUndefined();
    // No rate on 1 July 2024: the fee is left out and the answer says so.
    expect(await preview('2024-07-01T10:00:00Z')).toMatchObject({
      cost_basis_after: '20000',
      fee_without_price: true,
    });
  });
});
