import { readFileSync } from 'node:fs';
import { type ImportPreviewResponse, importPreviewResponseSchema } from '@app/contracts';
import { Dec } from '@app/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolioUser } from '../../test/portfolio-test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedCloses();
});
afterAll(async () => {
  await t.close();
});

/** The reference exports from the exchanges (the same files the core parser is tested on). */
const reference = (name: string) =>
  readFileSync(new URL(`../../../../../packages/core/src/csv/fixtures/${name}`, import.meta.url), 'utf8');

/**
 * Bitcoin's stored daily closes on the files' days, in the currencies they meet: the ratio of
 * two closes is that day's rate (40 000 CAD = 25 000 EUR on 30 Jan 2021, 232 500 CZK = 9 300 USD
 * on 15 May 2020, 41 000 USD = 37 720 EUR on 18 Jan 2024). The app runs on the demo market, so
 * these are demo rows.
 */
const closes: [string, string, number][] = [
  ['cad', '2021-01-30', 40000],
  ['eur', '2021-01-30', 25000],
  ['czk', '2020-05-15', 232500],
  ['usd', '2020-05-15', 9300],
  ['usd', '2024-01-18', 41000],
  ['eur', '2024-01-18', 37720],
];

async function seedCloses() {
  await t.database.db.execute(sql`
    insert into daily_candles (coin_id, vs_currency, day, open, high, low, close, source, fetched_at)
    select 'bitcoin', u.vs, u.d::date, u.c, u.c, u.c, u.c, 'demo', now()
    from unnest(
      ${`{${closes.map((c) => c[0]).join(',')}}`}::text[],
      ${`{${closes.map((c) => c[1]).join(',')}}`}::text[],
      ${`{${closes.map((c) => c[2]).join(',')}}`}::float8[]) as u(vs, d, c)
    on conflict (coin_id, vs_currency, day) do update set close = excluded.close, source = 'demo'`);
}

/** The day's rate as the stored closes give it: units of `to` per `from`. */
function storedRate(from: string, to: string, day: string): Dec {
  const close = (vs: string) => closes.find((c) => c[0] === vs && c[1] === day)?.[2];
  const num = close(to);
  const den = close(from);
  if (num === undefined || den === undefined) throw new Error(`no closes for ${from}/${to} on ${day}`);
  return new Dec(num).div(den);
}

async function preview(u: Awaited<ReturnType<typeof portfolioUser>>, id: string, file: string) {
  const res = await u.client.post(`/api/v2/portfolios/${id}/import/preview/`, { csv: reference(file) });
  expect(res.statusCode).toBe(200);
  return importPreviewResponseSchema.parse(res.json());
}

function rowAt(body: ImportPreviewResponse, line: number) {
  const row = body.rows.find((r) => r.line === line);
  if (!row) throw new Error(`no row on line ${line}`);
  return row;
}

describe('CSV files priced in another currency than the portfolio', () => {
  it('converts a CAD Binance file into a EUR portfolio at the stored rate of its day, keeping the original', async () => {
    const u = await portfolioUser(t.client());
    const eur = await u.portfolio({ name: 'Euro', currency: 'eur' });
    const body = await preview(u, eur.id, 'binance_buy_crypto_history.csv');
    expect(body.currency).toBe('eur');
    expect(body.needs_rate).toEqual([]);
    expect(body.errors.filter((e) => e.field === 'rate' || e.field === 'price_per_coin')).toEqual([]);
    const rate = storedRate('cad', 'eur', '2021-01-30');
    expect(rate.toFixed()).toBe('0.625');
    const eth = rowAt(body, 3);
    expect(eth.conversion).toEqual({
      from: 'CAD',
      to: 'EUR',
      rate: '0.625',
      day: '2021-01-30',
      source: 'demo',
      original_price_per_coin: '629.84433847',
      original_fee: '20',
    });
    expect(eth.price_currency).toBe('EUR');
    expect(eth.transaction.price_per_coin).toBe(new Dec('629.84433847').mul(rate).toFixed());
    expect(eth.transaction.fee).toBe('12.5');

    const commit = await u.client.post(`/api/v2/portfolios/${eur.id}/import/commit/`, {
      rows: body.rows.map((r) => ({
        line: r.line,
        symbol: r.symbol,
        coin_id: r.coin_id,
        transaction: r.transaction,
      })),
    });
    expect(commit.json()).toEqual({ created: body.rows.length });
    const stored = (await u.client.get(`/api/v2/transactions/?portfolio_id=${eur.id}`)).json() as {
      results: { coin_id: string; price_per_coin: string | null; fee: string }[];
    };
    const btc = stored.results.find((r) => r.coin_id === 'bitcoin');
    expect(Number(btc?.price_per_coin)).toBe(Number(new Dec('25128.2051282').mul(rate).toFixed()));
    expect(Number(btc?.fee)).toBe(3.125);
  });

  it('imports the same CAD file into a CAD portfolio as it is', async () => {
    const u = await portfolioUser(t.client());
    const cad = await u.portfolio({ name: 'Loonie', currency: 'cad' });
    const body = await preview(u, cad.id, 'binance_buy_crypto_history.csv');
    expect(body.errors).toEqual([]);
    expect(body.rows.every((r) => r.conversion === undefined)).toBe(true);
    expect(rowAt(body, 3).transaction.price_per_coin).toBe('629.84433847');
  });

  it('converts a CZK Coinbase file into a USD portfolio, and a CZK portfolio takes it as it is', async () => {
    const u = await portfolioUser(t.client());
    const czk = await u.portfolio({ name: 'Koruna', currency: 'czk' });
    const own = await preview(u, czk.id, 'coinbase_v2021_spot_price_currency.csv');
    expect(own.errors).toEqual([]);
    const inKoruna = rowAt(own, 3).transaction;
    expect(inKoruna.fee).toBe('106.44');

    const usd = await u.portfolio({ name: 'Dollars', currency: 'usd' });
    const body = await preview(u, usd.id, 'coinbase_v2021_spot_price_currency.csv');
    const rate = storedRate('czk', 'usd', '2020-05-15');
    expect(rate.toFixed()).toBe('0.04');
    const buy = rowAt(body, 3);
    expect(buy.conversion).toMatchObject({
      from: 'CZK',
      to: 'USD',
      rate: '0.04',
      day: '2020-05-15',
      original_price_per_coin: inKoruna.price_per_coin,
      original_fee: '106.44',
    });
    expect(buy.transaction.price_per_coin).toBe(
      new Dec(inKoruna.price_per_coin ?? 'NaN').mul(rate).toSignificantDigits(20).toFixed(),
    );
    expect(buy.transaction.fee).toBe('4.2576');
    expect(body.needs_rate).toEqual([]);
  });

  it('converts the USD rows of a Kraken file in a EUR portfolio and leaves its EUR rows alone', async () => {
    const u = await portfolioUser(t.client());
    const eur = await u.portfolio({ name: 'Euro', currency: 'eur' });
    const body = await preview(u, eur.id, 'kraken_trades_2024_variant.csv');
    expect(body.errors.some((e) => /import into a USD portfolio/.test(e.message))).toBe(false);
    const dot = body.rows.find((r) => r.symbol === 'DOT');
    expect(dot?.conversion).toMatchObject({ from: 'USD', to: 'EUR', rate: '0.92', day: '2024-01-18' });
    expect(dot?.transaction.price_per_coin).toBe('6.9');
    expect(dot?.transaction.fee).toBe(new Dec('0.0195').mul('0.92').toFixed());
    const btc = body.rows.filter((r) => r.symbol === 'BTC');
    expect(btc.length).toBeGreaterThan(0);
    expect(btc.every((r) => r.conversion === undefined && r.price_currency === 'EUR')).toBe(true);
  });

  it('lists rows of a day without a stored rate as needing one, never converted at today’s rate', async () => {
    const u = await portfolioUser(t.client());
    const gbp = await u.portfolio({ name: 'Pounds', currency: 'gbp' });
    const body = await preview(u, gbp.id, 'coinbase_v2021_spot_price_currency.csv');
    expect(body.needs_rate.map((n) => [n.line, n.from, n.to, n.day])).toEqual([
      [2, 'CZK', 'GBP', '2020-05-15'],
      [3, 'CZK', 'GBP', '2020-05-15'],
      [4, 'CZK', 'GBP', '2020-05-15'],
    ]);
    const rateErrors = body.errors.filter((e) => e.field === 'rate');
    expect(rateErrors.map((e) => e.line)).toEqual([2, 3, 4]);
    expect(rateErrors[0]?.message).toMatch(/No CZK to GBP rate is stored for 2020-05-15/);
    expect(body.rows.every((r) => r.conversion === undefined && r.price_currency === 'CZK')).toBe(true);
    expect(rowAt(body, 3).transaction.fee).toBe('106.44');
  });
});

describe('rates stored after a preview asked for them', () => {
  /** Bitcoin's closes in `vs` as the chart route serves them (storing them on the way). */
  async function chartCloses(u: Awaited<ReturnType<typeof portfolioUser>>, vs: string) {
    const res = await u.client.get(`/api/v2/cryptocurrencies/bitcoin/chart/?vs_currency=${vs}&timeframe=ALL`);
    expect(res.statusCode).toBe(200);
    const prices = (res.json() as { prices: [number, number][] }).prices;
    return new Map(prices.map(([at, close]) => [new Date(at).toISOString().slice(0, 10), close]));
  }

  it('converts on the next preview once the history is stored, within the column’s 18 decimals', async () => {
    const u = await portfolioUser(t.client());
    const sek = await u.portfolio({ name: 'Kronor', currency: 'sek' });
    const csv = (day: string) =>
      reference('binance_buy_crypto_history.csv').replaceAll('2021-01-30 23:59:59', `${day} 12:00:00`);
    // A day the demo market holds: the first preview runs before any close in these currencies is stored.
    const day = new Date(t.clock().getTime() - 5 * 86_400_000).toISOString().slice(0, 10);
    const first = await u.client.post(`/api/v2/portfolios/${sek.id}/import/preview/`, { csv: csv(day) });
    expect(first.statusCode).toBe(200);
    expect(importPreviewResponseSchema.parse(first.json()).needs_rate.map((n) => n.day)).toEqual([
      day,
      day,
      day,
    ]);

    const cad = await chartCloses(u, 'cad');
    const sekCloses = await chartCloses(u, 'sek');
    // A series the first preview already held takes its newly stored days on the next recheck,
    // at most a minute later; a currency it had found nothing for is read again at once.
    t.clock.advance(61_000);
    const second = await u.client.post(`/api/v2/portfolios/${sek.id}/import/preview/`, { csv: csv(day) });
    expect(second.statusCode, second.body).toBe(200);
    const body = importPreviewResponseSchema.parse(second.json());
    expect(body.needs_rate).toEqual([]);
    const usdt = rowAt(body, 2);
    expect(usdt.conversion).toMatchObject({ from: 'CAD', to: 'SEK', day, source: 'demo' });
    const rate = new Dec(sekCloses.get(day) ?? Number.NaN).div(cad.get(day) ?? Number.NaN);
    expect(Number(usdt.conversion?.rate)).toBeCloseTo(rate.toNumber(), 9);
    // The small price times a rate of 12 digits has more fraction digits than a price may carry.
    expect(usdt.transaction.price_per_coin?.split('.')[1]?.length ?? 0).toBeLessThanOrEqual(18);
    expect(usdt.transaction.price_per_coin).toBe(
      new Dec('1.30771315')
        .mul(usdt.conversion?.rate ?? 'NaN')
        .toSignificantDigits(20)
        .toDecimalPlaces(18)
        .toFixed(),
    );
  });
});
