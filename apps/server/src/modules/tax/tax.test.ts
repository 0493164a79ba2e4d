import {
  lotsViewSchema,
  projectionTaxResponseSchema,
  returnsResponseSchema,
  taxReportResponseSchema,
  taxSettingsSchema,
} from '@app/contracts';
import { demoExportNotice } from '@app/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/raw-rows.ts';
import { portfolioUser } from '../../test/portfolio-test-helpers.ts';
import { createProjection, base as projectionsBase } from '../../test/projections-test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ukPlanNote } from './projection-tax.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Before any request: the daily closes are read once per currency and then kept in memory.
  await seedRates();
});

/**
 * Bitcoin's closes in usd and eur: the ratio is the day's usd-per-eur rate. 1.1, 1.2, 1.25 and
 * 1.05 on the days of the § 23 case; 1.25 on 2 March 2024 and 1.2 on 3 March.
 */
async function seedRates() {
  const days: [string, number, number][] = [
    ['2023-01-14', 22000, 20000],
    ['2023-06-01', 30000, 25000],
    ['2024-01-15', 50000, 40000],
    ['2024-01-16', 42000, 40000],
    ['2024-03-01', 60000, 50000],
    ['2024-03-02', 62000, 49600],
    ['2024-03-03', 63000, 52500],
  ];
  const list = (values: (string | number)[]) => `{${values.join(',')}}`;
  await t.database.db.execute(sql`
    insert into daily_candles (coin_id, vs_currency, day, open, high, low, close, source, fetched_at)
    select 'bitcoin', u.vs, u.d::date, u.c, u.c, u.c, u.c, 'demo', now()
    from unnest(
      ${list([...days.map(() => 'usd'), ...days.map(() => 'eur')])}::text[],
      ${list([...days.map((d) => d[0]), ...days.map((d) => d[0])])}::text[],
      ${list([...days.map((d) => d[1]), ...days.map((d) => d[2])])}::float8[]) as u(vs, d, c)
    on conflict (coin_id, vs_currency, day) do update set close = excluded.close`);
}
afterAll(async () => {
  await t?.close();
});

const settingsPath = '/api/v2/tax/settings/';

describe('tax settings', () => {
  it('starts with no rule, saves a rule and rates, and refuses bad input with a 400', async () => {
    const u = await portfolioUser(t.client());
    expect(taxSettingsSchema.parse((await u.client.get(settingsPath)).json())).toEqual({
      rule: 'none',
      custom_threshold_days: 365,
      short_rate: '0',
      long_rate: '0',
      yearly_allowance: null,
      lots_per_portfolio: false,
    });
    const saved = await u.client.send('PATCH', settingsPath, {
      rule: 'custom',
      custom_threshold_days: 200,
      short_rate: '30',
      long_rate: '12.5',
    });
    expect(saved.json()).toEqual({
      rule: 'custom',
      custom_threshold_days: 200,
      short_rate: '30',
      long_rate: '12.5',
      yearly_allowance: null,
      lots_per_portfolio: false,
    });
    for (const body of [
      { rule: 'fr' },
      { short_rate: '101' },
      { long_rate: '-1' },
      { custom_threshold_days: 1.5 },
      { other: 1 },
    ]) {
      const res = await u.client.send('PATCH', settingsPath, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.category).toBe('validation');
    }
  });

  it('answers 401 without a session', async () => {
    expect((await t.client().get(settingsPath)).statusCode).toBe(401);
    expect((await t.client().get('/api/v2/tax/report/')).statusCode).toBe(401);
  });
});

describe('lots and the realized-gains report', () => {
  it('follows the rule: § 23 EStG one-year case, a US Form 8949, an empty year, and owner checks', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio({ name: 'Tax', currency: 'eur' });
    await u.ok(p.id, { quantity: '1', price_per_coin: '20000', date: '2023-01-14T23:30:00Z' });
    await u.ok(p.id, { quantity: '1', price_per_coin: '25000', date: '2023-06-01T10:00:00Z' });
    const first = await u.ok(p.id, {
      type: 'sell',
      quantity: '0.5',
      price_per_coin: '40000',
      date: '2024-01-15T12:00:00Z',
    });
    const second = await u.ok(p.id, {
      type: 'sell',
      quantity: '1',
      price_per_coin: '42000',
      fee: '21',
      date: '2024-01-16T10:00:00Z',
    });
    await u.client.send('PATCH', settingsPath, { rule: 'de', short_rate: '42' });

    const res = await u.client.get(`/api/v2/tax/report/?portfolio_id=${p.id}&year=2024`);
    expect(res.statusCode).toBe(200);
    const report = taxReportResponseSchema.parse(res.json());
    expect(report).toMatchObject({
      rule: 'de',
      method: 'fifo',
      currency: 'eur',
      total_gain: '29479',
      years: [2024],
    });
    expect(report.totals).toMatchObject([
      { category: 'taxable', gain: '18489.5', estimated_tax: '7765.59' },
      { category: 'tax_free', gain: '10989.5', estimated_tax: '0' },
    ]);
    expect(report.disposals[1]?.lines.map((l) => [l.acquired_on, l.category])).toEqual([
      ['2023-01-15', 'tax_free'],
      ['2023-06-01', 'taxable'],
    ]);

    const lots = lotsViewSchema.parse((await u.client.get(`/api/v2/tax/lots/?portfolio_id=${p.id}`)).json());
    expect(lots.coins[0]?.lots).toMatchObject([
      {
        acquired_on: '2023-06-01',
        quantity: '0.5',
        cost: '12500',
        qualifies_on: '2024-06-02',
        qualifies_now: true,
      },
    ]);
    expect(lots.qualifying_label).toBe('tax-free');

    const empty = taxReportResponseSchema.parse(
      (await u.client.get(`/api/v2/tax/report/?portfolio_id=${p.id}&year=2019`)).json(),
    );
    expect(empty.disposals).toEqual([]);
    expect(empty.total_gain).toBe('0');

    // The rule change is reflected at once: under US rules the same sales are short/long-term,
    // and the form is in dollars although the portfolio is in euros, each figure at its day's rate.
    await u.client.send('PATCH', settingsPath, { rule: 'us' });
    const csv = await u.client.get(`/api/v2/tax/report/csv/?portfolio_id=${p.id}&year=2024&format=form8949`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    // The test app runs on the snapshot (demo mode): the name and each description say so, and
    // the form's header and column order stay as they are, the currency and ids after them.
    expect(csv.headers['content-disposition']).toMatch(
      /attachment; filename="form-8949-2024-portfolio-[0-9a-f]{8}-demo-data\.csv"/,
    );
    const ids = (sale: { id: string }) => `USD,${p.id},${sale.id}`;
    expect(csv.body.split('\r\n').slice(0, 4)).toEqual([
      '(a) Description of property,(b) Date acquired,(c) Date sold or disposed of,(d) Proceeds (sales price),(e) Cost or other basis,(f) Code(s),(g) Amount of adjustment,(h) Gain or (loss),Term,Currency,Portfolio ID,Transaction ID',
      // Worked by hand at 1.1 USD per EUR on 14 Jan 2023, 1.2 on 1 June, 1.25 on 15 Jan 2024 and
      // 1.05 on 16 Jan. The second sale: 0.5 × 42 000 × 1.05 = 22 050.00 proceeds; basis
      // 0.5 × 25 000 × 1.2 = 15 000 plus half the fee, 10.50 × 1.05 = 11.025 → 15 011.03; gain 7 038.97.
      // Under US rules days are UTC: 14 January 2023 to 15 January 2024 is more than a year.
      `0.5 Bitcoin (BTC) (demo data),06/01/2023,01/16/2024,22050.00,15011.03,,,7038.97,Short-term,${ids(second)}`,
      `0.5 Bitcoin (BTC) (demo data),01/14/2023,01/15/2024,25000.00,11000.00,,,14000.00,Long-term,${ids(first)}`,
      `0.5 Bitcoin (BTC) (demo data),01/14/2023,01/16/2024,22050.00,11011.03,,,11038.97,Long-term,${ids(second)}`,
    ]);
    // The API keeps the exact figures.
    const exact = taxReportResponseSchema.parse(
      (await u.client.get(`/api/v2/tax/report/?portfolio_id=${p.id}&year=2024`)).json(),
    );
    expect(exact.currency).toBe('usd');
    expect(exact.disposals.find((d) => d.transaction_id === second.id)?.lines[1]).toMatchObject({
      cost: '15000',
      fee: '11.025',
    });
    const generic = await u.client.get(`/api/v2/tax/report/csv/?portfolio_id=${p.id}&year=2024`);
    expect(generic.headers['content-disposition']).toContain('-demo-data.csv"');
    const [notice, header, ...lines] = generic.body.split('\r\n');
    expect(notice).toBe(`# ${demoExportNotice}`);
    // Names and dates first, money in cents with its currency, the ids last.
    expect(header).toBe(
      'coin,portfolio,date_sold,date_acquired,quantity,proceeds,fee,cost,gain,currency,category,matched_by,days_held,coin_id,portfolio_id,transaction_id,acquisition_id',
    );
    expect(lines).toContain(
      `Bitcoin (BTC),Tax,2024-01-16,2023-06-01,0.5,22050.00,11.03,15000.00,7038.97,USD,short,lot,229,bitcoin,${p.id},${second.id},${exact.disposals.find((d) => d.transaction_id === second.id)?.lines[1]?.acquisition_id}`,
    );

    const other = await portfolioUser(t.client());
    for (const path of [
      `/api/v2/tax/report/?portfolio_id=${p.id}`,
      `/api/v2/tax/lots/?portfolio_id=${p.id}`,
      `/api/v2/returns/?portfolio_id=${p.id}`,
    ]) {
      const r = await other.client.get(path);
      expect(r.statusCode, path).toBe(404);
    }
    expect((await u.client.get('/api/v2/tax/report/?portfolio_id=nope')).statusCode).toBe(400);
    expect((await u.client.get('/api/v2/tax/report/?year=1999')).statusCode).toBe(400);
  });

  it('carries lots with their dates across own portfolios; an unpriced transfer in needs a price', async () => {
    const u = await portfolioUser(t.client());
    const a = await u.portfolio({ name: 'Coinbase' });
    const b = await u.portfolio({ name: 'Binance' });
    await u.ok(a.id, {
      coin_id: 'ethereum',
      quantity: '2',
      price_per_coin: '4000',
      date: '2020-01-01T12:00:00Z',
    });
    await u.ok(a.id, {
      coin_id: 'ethereum',
      type: 'transfer_out',
      quantity: '0.5',
      price_per_coin: '0',
      date: '2021-02-01T12:00:00Z',
    });
    // The other half of an own transfer: it carries its lot, so its own price is not needed.
    await u.ok(b.id, {
      coin_id: 'ethereum',
      type: 'transfer_in',
      quantity: '0.5',
      price_per_coin: null,
      date: '2021-02-01T12:30:00Z',
    });
    await u.ok(b.id, {
      coin_id: 'ethereum',
      quantity: '1.5',
      price_per_coin: '5000',
      date: '2022-03-01T12:00:00Z',
    });
    await u.ok(b.id, {
      coin_id: 'ethereum',
      type: 'sell',
      quantity: '2',
      price_per_coin: '6000',
      date: '2023-04-01T12:00:00Z',
    });
    // Received from outside, no price given: its cost is unknown (stored as null, not 0).
    const stray = await u.ok(b.id, {
      coin_id: 'ethereum',
      type: 'transfer_in',
      quantity: '3',
      price_per_coin: null,
      date: '2023-05-01T12:00:00Z',
    });
    expect(stray.price_per_coin).toBeNull();
    await u.client.send('PATCH', settingsPath, { rule: 'us' });
    await u.client.send('PATCH', '/api/v2/settings/', { cost_basis_method: 'fifo' });

    const report = taxReportResponseSchema.parse(
      (await u.client.get(`/api/v2/tax/report/?portfolio_id=${b.id}&year=2023`)).json(),
    );
    expect(report.disposals[0]).toMatchObject({ cost: '9500', gain: '2500' });
    expect(report.disposals[0]?.lines.map((l) => [l.acquired_on, l.cost, l.category])).toEqual([
      ['2020-01-01', '2000', 'long'],
      ['2022-03-01', '7500', 'long'],
    ]);
    expect(report.needs_price.map((n) => n.transaction_id)).toEqual([stray.id]);
    const lots = lotsViewSchema.parse((await u.client.get(`/api/v2/tax/lots/?portfolio_id=${b.id}`)).json());
    expect(lots.coins[0]?.lots[0]).toMatchObject({ quantity: '3', cost: null, unrealized: null });
  });
});

describe('portfolios in another currency', () => {
  it("converts each row at its own day's rate, and lists a row without one as needing a price, never 0", async () => {
    const u = await portfolioUser(t.client());
    const us = await u.portfolio({ name: 'US' });
    const eu = await u.portfolio({ name: 'EU', currency: 'eur' });
    await u.ok(us.id, { quantity: '1', price_per_coin: '60000', date: '2024-03-01T10:00:00Z' });
    // 1.25 usd per eur on 2 March, 1.2 on 3 March (62000 / 49600, 63000 / 52500).
    await u.ok(eu.id, {
      coin_id: 'ethereum',
      quantity: '1',
      price_per_coin: '3000',
      fee: '3',
      date: '2024-03-02T10:00:00Z',
    });
    await u.ok(eu.id, {
      coin_id: 'ethereum',
      type: 'sell',
      quantity: '0.5',
      price_per_coin: '3200',
      date: '2024-03-03T10:00:00Z',
    });
    // No eur close on this day: no rate, so no figure.
    const unrated = await u.ok(eu.id, {
      coin_id: 'ethereum',
      quantity: '2',
      price_per_coin: '3100',
      date: '2024-04-15T10:00:00Z',
    });
    await u.client.send('PATCH', settingsPath, { rule: 'us' });
    await u.client.send('PATCH', '/api/v2/settings/', { cost_basis_method: 'fifo' });

    const report = taxReportResponseSchema.parse(
      (await u.client.get('/api/v2/tax/report/?portfolio_id=all&year=2024')).json(),
    );
    expect(report.currency).toBe('usd');
    expect(report.disposals).toHaveLength(1);
    // Proceeds 0.5 × 3200 × 1.2; cost 0.5 × (3000 + 3) × 1.25.
    expect(report.disposals[0]).toMatchObject({ proceeds: '1920', cost: '1876.875', gain: '43.125' });
    expect(report.needs_price).toEqual([
      expect.objectContaining({ transaction_id: unrated.id, reason: 'no_rate' }),
    ]);
    const lots = lotsViewSchema.parse((await u.client.get('/api/v2/tax/lots/?portfolio_id=all')).json());
    const eth = lots.coins.find((c) => c.coin_id === 'ethereum');
    expect(eth?.lots.map((l) => [l.quantity, l.cost])).toEqual([
      ['0.5', '1876.875'],
      ['2', null],
    ]);
    // The US rule reports in dollars whatever the portfolio's currency, its own report too.
    const ownReport = async () =>
      taxReportResponseSchema.parse(
        (await u.client.get(`/api/v2/tax/report/?portfolio_id=${eu.id}&year=2024`)).json(),
      );
    const ownUs = await ownReport();
    expect(ownUs.currency).toBe('usd');
    expect(ownUs.disposals[0]).toMatchObject({ proceeds: '1920', cost: '1876.875' });
    // Without a country's rule the portfolio's own view needs no rate at all: its figures are in euros.
    await u.client.send('PATCH', settingsPath, { rule: 'none' });
    const own = await ownReport();
    expect(own).toMatchObject({ currency: 'eur', needs_price: [] });
    expect(own.disposals[0]).toMatchObject({ proceeds: '1600', cost: '1501.5' });
    await u.client.send('PATCH', settingsPath, { rule: 'us' });
    // Returns for all portfolios leave the unrated portfolio out whole and say which row.
    const returns = returnsResponseSchema.parse(
      (await u.client.get('/api/v2/returns/?portfolio_id=all')).json(),
    );
    expect(returns.needs_price.map((n) => [n.transaction_id, n.reason])).toEqual([[unrated.id, 'no_rate']]);
    expect(returns.periods.find((p) => p.period === 'ALL')?.inflows).toBe('60000');
  });
});

describe('a currency without stored rates', () => {
  it('lists its rows as needing a rate, fetches the history in the background, and converts them later', async () => {
    const u = await portfolioUser(t.client());
    await u.portfolio({ name: 'US' });
    const gb = await u.portfolio({ name: 'UK', currency: 'gbp' });
    const buy = await u.ok(gb.id, { quantity: '0.1', price_per_coin: '50000', date: '2026-10-01T10:00:00Z' });
    const lots = async () =>
      lotsViewSchema.parse((await u.client.get('/api/v2/tax/lots/?portfolio_id=all')).json());
    const first = await lots();
    expect(first.currency).toBe('usd');
    expect(first.needs_price).toEqual([
      expect.objectContaining({ transaction_id: buy.id, reason: 'no_rate' }),
    ]);
    // The request started bitcoin's gbp history download (demo data here); wait until it is stored
    // (usd too: only a few old days of it were stored by the test above.)
    for (let i = 0; i < 100; i++) {
      const stored = await t.database.db.execute(
        sql`select count(*) as n from daily_candles where coin_id = 'bitcoin' and day >= '2026-10-01'
            and vs_currency in ('gbp', 'usd') group by vs_currency`,
      );
      const counts = rowsOf(stored).map((r) => Number(r.n));
      if (counts.length === 2 && counts.every((n) => n > 20)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    t.clock.advance(61_000);
    const later = await lots();
    expect(later.needs_price).toEqual([]);
    expect(Number(later.coins[0]?.lots[0]?.cost)).toBeGreaterThan(0);
  });
});

describe('returns', () => {
  it('gives five periods with explain and a benchmark, and stays empty without transactions', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio({ name: 'R' });
    const none = returnsResponseSchema.parse(
      (await u.client.get(`/api/v2/returns/?portfolio_id=${p.id}`)).json(),
    );
    expect(none.periods).toEqual([]);
    const buy = await u.ok(p.id, {
      quantity: '1',
      price_per_coin: '30000',
      fee: '10',
      date: '2026-06-01T10:00:00Z',
    });
    const old = await u.portfolio({ name: 'Old' });
    await u.ok(old.id, { quantity: '1', price_per_coin: '30000', date: '2020-03-01T10:00:00Z' });
    const res = await u.client.get(`/api/v2/returns/?portfolio_id=${p.id}&explain=ALL&line=1M`);
    expect(res.statusCode).toBe(200);
    const body = returnsResponseSchema.parse(res.json());
    expect(body.periods.map((x) => x.period)).toEqual(['1M', '3M', 'YTD', '1Y', 'ALL']);
    const all = body.periods[4];
    expect(all?.inflows).toBe('30010');
    expect(all?.start_date).toBe('2026-06-01');
    expect(body.explain?.cash_flows[0]).toEqual({
      date: '2026-06-01',
      kind: 'inflow',
      amount: '-30010',
      transaction_ids: [buy.id],
    });
    expect(body.explain?.cash_flows.at(-1)?.kind).toBe('end_value');
    expect(body.benchmark).toEqual({ coin_id: 'bitcoin', available: true });
    // A portfolio of only bitcoin against bitcoin: the same growth after the buy day, so the
    // difference is the buy day's move plus the fee, not an artefact of flows.
    expect(all?.twr).not.toBeNull();
    expect(all?.benchmark_return).not.toBeNull();
    expect(body.benchmark_line?.points.length).toBeGreaterThan(20);
    // Before the first stored close a value is unknown: the period starts after it, never at 0.
    const older = returnsResponseSchema.parse(
      (await u.client.get(`/api/v2/returns/?portfolio_id=${old.id}`)).json(),
    );
    const since = older.periods[4];
    expect(since?.start_date && since.start_date > '2020-03-01').toBe(true);
    expect(Number(since?.start_value)).toBeGreaterThan(0);
  });
});

describe('exit plans linked to real lots', () => {
  it("shows each rung's lots and tax once linked, unlinks back to the flat sell tax, and checks owners", async () => {
    // "Today" is fixed so lot B (bought 1 March 2026) is still within its year whenever this runs.
    t.clock.set(new Date('2026-11-24T12:00:00Z'));
    const u = await portfolioUser(t.client());
    const p = await u.portfolio({ name: 'Plan' });
    await u.ok(p.id, { quantity: '1', price_per_coin: '20000', date: '2023-01-10T10:00:00Z' });
    await u.ok(p.id, { quantity: '1', price_per_coin: '60000', date: '2026-03-01T10:00:00Z' });
    await u.client.send('PATCH', settingsPath, { rule: 'de', short_rate: '42' });
    const projection = await createProjection(u.client);
    const path = `${projectionsBase}${projection.id}/tax/`;
    await u.client.post(`${projectionsBase}${projection.id}/transactions/replace/`, [
      {
        coins_sold: '1',
        price_per_coin: '70000',
        fees_percentage: '0',
        price_impact_percentage: '0',
        transaction_order: 1,
      },
      {
        coins_sold: '1',
        price_per_coin: '80000',
        fees_percentage: '0',
        price_impact_percentage: '0',
        transaction_order: 2,
      },
    ]);
    const unlinked = projectionTaxResponseSchema.parse((await u.client.get(path)).json());
    expect(unlinked).toMatchObject({ linked: null, plan: null });

    const linked = await u.client.send('PUT', path, { portfolio_id: p.id });
    expect(linked.statusCode).toBe(200);
    const body = projectionTaxResponseSchema.parse(linked.json());
    expect(body.linked).toBe(p.id);
    expect(body.plan?.sales.map((s) => [s.lots[0]?.acquired_on, s.lots[0]?.category, s.tax])).toEqual([
      ['2023-01-10', 'tax_free', '0'],
      ['2026-03-01', 'taxable', '8400'],
    ]);
    expect(body.tax_aware?.saving).toBe('8400');
    expect(body.tax_aware?.order[1]).toMatchObject({ sale_date: '2027-03-02', delayed: true });

    // The rule changes the plan at once: under the UK rule a purchase today is matched first.
    await u.ok(p.id, { quantity: '0.5', price_per_coin: '68000', date: '2026-11-24T09:00:00Z' });
    // A gain already realized in 2026/27 in another portfolio and coin: 1 ETH bought for 2,000,
    // sold for 3,000 on 1 May 2026 (gain 1,000), uses 1,000 of the person's £3,000 allowance.
    const eth = await u.portfolio({ name: 'Ether' });
    await u.ok(eth.id, {
      coin_id: 'ethereum',
      quantity: '1',
      price_per_coin: '2000',
      date: '2026-04-10T10:00:00Z',
    });
    await u.ok(eth.id, {
      coin_id: 'ethereum',
      type: 'sell',
      quantity: '1',
      price_per_coin: '3000',
      date: '2026-05-01T10:00:00Z',
    });
    await u.client.send('PATCH', settingsPath, { rule: 'uk', short_rate: '24' });
    const uk = projectionTaxResponseSchema.parse((await u.client.get(path)).json());
    expect(uk.plan?.sales[0]?.lots.map((l) => [l.acquired_on, l.quantity, l.cost])).toEqual([
      ['2026-11-24', '0.5', '34000'],
      [null, '0.5', '20000'],
    ]);
    // Rung 1: 70,000 − (34,000 + 20,000) = 16,000, less the 2,000 left of the allowance:
    // 14,000 × 24 % = 3,360. Rung 2: 1 BTC from the pool (1.5 BTC for 60,000): 40,000 × 24 %.
    expect(uk.plan?.sales.map((s) => [s.gain, s.tax_year, s.exempt_used, s.tax])).toEqual([
      ['16000', '2026/27', '2000', '3360'],
      ['40000', '2026/27', '0', '9600'],
    ]);
    expect(uk.plan?.tax_years).toEqual([
      {
        tax_year: '2026/27',
        exempt_amount: '3000',
        realized_gain: '1000',
        exempt_used_by_realized: '1000',
        exempt_used_by_plan: '2000',
      },
    ]);
    expect(uk.note).toBe(ukPlanNote);
    await u.client.send('PATCH', settingsPath, { rule: 'de', short_rate: '42' });

    const other = await portfolioUser(t.client());
    expect((await other.client.get(path)).statusCode).toBe(404);
    expect((await other.client.send('PUT', path, { portfolio_id: 'all' })).statusCode).toBe(404);
    const foreign = await other.portfolio({ name: 'Theirs' });
    expect((await u.client.send('PUT', path, { portfolio_id: foreign.id })).statusCode).toBe(404);
    expect((await u.client.send('PUT', path, { portfolio_id: 'x' })).statusCode).toBe(400);
    expect((await u.client.get(`${projectionsBase}draft-1/tax/`)).statusCode).toBe(404);

    // A plan in another currency than the lots: its prices are converted at today's rate, and it says so.
    const eurPlan = await createProjection(u.client, { currency: 'eur' });
    await u.client.post(`${projectionsBase}${eurPlan.id}/transactions/replace/`, [
      {
        coins_sold: '1',
        price_per_coin: '70000',
        fees_percentage: '0',
        price_impact_percentage: '0',
        transaction_order: 1,
      },
    ]);
    const eur = projectionTaxResponseSchema.parse(
      (await u.client.send('PUT', `${projectionsBase}${eurPlan.id}/tax/`, { portfolio_id: p.id })).json(),
    );
    expect(eur.currency).toBe('usd');
    const rate = Number(/1 EUR = ([\d.]+) USD/.exec(eur.note ?? '')?.[1]);
    expect(rate).toBeGreaterThan(0);
    expect(Number(eur.plan?.sales[0]?.effective_price) / 70000).toBeCloseTo(rate, 4);
    expect(eur.plan?.sales[0]?.lots[0]?.acquired_on).toBe('2023-01-10');

    const off = projectionTaxResponseSchema.parse(
      (await u.client.send('PUT', path, { portfolio_id: null })).json(),
    );
    expect(off).toMatchObject({ linked: null, plan: null });
  });
});
