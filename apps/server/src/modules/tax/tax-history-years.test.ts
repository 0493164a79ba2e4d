import { projectionTaxResponseSchema, taxHistorySchema, taxReportResponseSchema } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolioUser } from '../../test/portfolio-test-helpers.ts';
import { createProjection, base as projectionsBase } from '../../test/projections-test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/*
 * The settings by tax year outside the report's own matching: exit plans price each planned sale
 * under the entry of its tax year, and a report is in the currency of its year's rule.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // "Today" is mid-2030: a change from 2031 is next year’s, not this one’s. (Ahead of the
  // real date, so the session cookies, which expire by the real time, stay valid.)
  t.clock.set(new Date('2030-06-15T12:00:00Z'));
  // Before any request: the daily closes are read once per currency and then kept in memory.
  await seedRates();
});
afterAll(async () => {
  await t?.close();
});

/** Bitcoin's closes in usd and eur, whose ratio is the day's usd-per-eur rate: 1.1, 1.2 and 1.25. */
async function seedRates() {
  const days: [string, number, number][] = [
    ['2022-03-10', 44000, 40000],
    ['2023-05-01', 30000, 25000],
    ['2024-05-01', 62500, 50000],
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

const historyPath = '/api/v2/tax/history/';
const settingsPath = '/api/v2/tax/settings/';

type User = Awaited<ReturnType<typeof portfolioUser>>;

async function report(u: User, scope: string, year: number) {
  const res = await u.client.get(`/api/v2/tax/report/?portfolio_id=${scope}&year=${year}`);
  expect(res.statusCode).toBe(200);
  return taxReportResponseSchema.parse(res.json());
}

async function change(u: User, body: Record<string, unknown>) {
  const res = await u.client.send('POST', historyPath, body);
  expect(res.statusCode, res.body).toBe(200);
  return taxHistorySchema.parse(res.json());
}

describe('exit plans under settings that change from a tax year on', () => {
  it('prices a rung sold now under this year’s entry, and a rung delayed into next year under next year’s', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio({ name: 'Plan', currency: 'usd' });
    // 1 BTC for 60,000 on 1 March 2026. The custom rule, long-term after 1,825 days: short-term
    // today, long-term from 1 March 2031 (1,826 days on: 2028 is a leap year).
    await u.ok(p.id, { quantity: '1', price_per_coin: '60000', date: '2026-03-01T10:00:00Z' });
    await u.client.send('PATCH', '/api/v2/settings/', { cost_basis_method: 'fifo' });
    const rule = await u.client.send('PATCH', settingsPath, {
      rule: 'custom',
      custom_threshold_days: 1825,
      short_rate: '20',
      long_rate: '10',
    });
    expect(rule.statusCode).toBe(200);
    // From 2031: HIFO at 45 % short-term and 15 % long-term (next year: no confirmation needed).
    const h = await change(u, { from_year: 2031, method: 'hifo', short_rate: '45', long_rate: '15' });
    expect(h.entries.map((e) => [e.from_year, e.method, e.short_rate, e.long_rate])).toEqual([
      [null, 'fifo', '20', '10'],
      [2031, 'hifo', '45', '15'],
    ]);

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
    ]);
    const linked = await u.client.send('PUT', path, { portfolio_id: p.id });
    expect(linked.statusCode).toBe(200);
    const body = projectionTaxResponseSchema.parse(linked.json());
    // The entry of 2030 is the one shown and used for the rung sold today.
    expect(body).toMatchObject({ rule: 'custom', method: 'fifo', currency: 'usd', as_of: '2030-06-15' });
    // 70,000 − 60,000 = 10,000 short-term at this year's 20 % (not the 45 % from 2031).
    expect(body.plan?.sales.map((s) => [s.sale_date, s.lots[0]?.category, s.gain, s.tax, s.net])).toEqual([
      ['2030-06-15', 'short', '10000', '2000', '68000'],
    ]);
    expect(body.plan?.total_tax).toBe('2000');
    // Waiting for the lot to turn long-term lands in 2031: 10,000 at 2031's 15 % = 1,500.
    expect(body.tax_aware?.order).toEqual([
      { id: expect.any(String), sale_date: '2031-03-01', delayed: true },
    ]);
    expect(body.tax_aware?.plan.sales.map((s) => [s.sale_date, s.lots[0]?.category, s.tax])).toEqual([
      ['2031-03-01', 'long', '1500'],
    ]);
    expect([body.tax_aware?.tax_before, body.tax_aware?.tax_after, body.tax_aware?.saving]).toEqual([
      '2000',
      '1500',
      '500',
    ]);
  });
});

describe('a report in the currency of its year’s rule', () => {
  it('custom rule until 2023 in the portfolio’s euros, US rule from 2024 in dollars: report, files and year summary', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio({ name: 'Main', currency: 'eur' });
    // 2 BTC for 20,000 € each on 10 March 2022 (1.1 $/€: $22,000 each); 1 sold on 1 May 2023 for
    // 25,000 € (1.2: $30,000), 1 on 1 May 2024 for 50,000 € (1.25: $62,500).
    await u.ok(p.id, { quantity: '2', price_per_coin: '20000', date: '2022-03-10T10:00:00Z' });
    const sold2023 = await u.ok(p.id, {
      type: 'sell',
      quantity: '1',
      price_per_coin: '25000',
      date: '2023-05-01T10:00:00Z',
    });
    const sold2024 = await u.ok(p.id, {
      type: 'sell',
      quantity: '1',
      price_per_coin: '50000',
      date: '2024-05-01T10:00:00Z',
    });
    await u.client.send('PATCH', '/api/v2/settings/', { cost_basis_method: 'fifo' });
    // Custom: long-term after 365 days, 40 % / 10 %, 1,000 of net gain a year untaxed.
    await u.client.send('PATCH', settingsPath, {
      rule: 'custom',
      custom_threshold_days: 365,
      short_rate: '40',
      long_rate: '10',
      yearly_allowance: '1000',
    });
    await change(u, {
      from_year: 2024,
      rule: 'us',
      short_rate: '30',
      long_rate: '15',
      confirm_past_years: true,
    });

    for (const scope of ['all', p.id]) {
      const y2023 = await report(u, scope, 2023);
      expect(y2023).toMatchObject({ rule: 'custom', method: 'fifo', currency: 'eur', total_gain: '5000' });
      // The first entry of the settings: it has no year of its own.
      expect(y2023.settings_from).toEqual({ from_year: null, from_label: null });
      // 25,000 − 20,000 in euros, held 417 days: long-term at 10 %.
      expect(y2023.disposals[0]).toMatchObject({ proceeds: '25000', cost: '20000', gain: '5000' });
      expect(y2023.totals.find((x) => x.category === 'long')).toMatchObject({
        gain: '5000',
        estimated_tax: '500',
      });
      // The custom allowance is in the report's euros: 5,000 − 1,000 = 4,000 × 10 %.
      expect(y2023.year_summary).toMatchObject({
        net_gain: '5000',
        allowance: { kind: 'custom_allowance', amount: '1000', used: '1000' },
        taxable_gain: '4000',
        estimated_tax: '400',
      });

      const y2024 = await report(u, scope, 2024);
      expect(y2024).toMatchObject({ rule: 'us', method: 'fifo', currency: 'usd', total_gain: '40500' });
      expect(y2024.settings_from).toEqual({ from_year: 2024, from_label: '2024' });
      // $62,500 − $22,000, each at its day's rate; held more than a year: long-term at 15 %.
      expect(y2024.disposals[0]).toMatchObject({ proceeds: '62500', cost: '22000', gain: '40500' });
      expect(y2024.totals.find((x) => x.category === 'long')).toMatchObject({ estimated_tax: '6075' });
      expect(y2024.year_summary).toMatchObject({
        net_gain: '40500',
        allowance: { kind: 'loss_deduction_limit', amount: '3000', used: '0' },
        taxable_gain: '40500',
        estimated_tax: '6075',
      });
    }

    const csv = async (query: string) => {
      const res = await u.client.get(`/api/v2/tax/report/csv/?portfolio_id=${p.id}&${query}`);
      expect(res.statusCode).toBe(200);
      return res.body.split('\r\n');
    };
    // The generic file of 2023 in euros, of 2024 in dollars.
    const lot = (await report(u, p.id, 2023)).disposals[0]?.lines[0]?.acquisition_id;
    expect(await csv('year=2023')).toContain(
      `Bitcoin (BTC),Main,2023-05-01,2022-03-10,1,25000.00,0.00,20000.00,5000.00,EUR,long,lot,417,bitcoin,${p.id},${sold2023.id},${lot}`,
    );
    expect(await csv('year=2024')).toContain(
      `Bitcoin (BTC),Main,2024-05-01,2022-03-10,1,62500.00,0.00,22000.00,40500.00,USD,long,lot,783,bitcoin,${p.id},${sold2024.id},${lot}`,
    );
    // Form 8949 of 2024: the US year, in dollars.
    expect((await csv('year=2024&format=form8949'))[1]).toBe(
      `1 Bitcoin (BTC) (demo data),03/10/2022,05/01/2024,62500.00,22000.00,,,40500.00,Long-term,USD,${p.id},${sold2024.id}`,
    );
  });

  it('US rule until 2023 in dollars (its loss cap applies), custom from 2024 in euros', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio({ name: 'Loss', currency: 'eur' });
    // 1 BTC for 40,000 € on 10 March 2022 ($44,000), sold for 25,000 € on 1 May 2023 ($30,000).
    await u.ok(p.id, { quantity: '1', price_per_coin: '40000', date: '2022-03-10T10:00:00Z' });
    await u.ok(p.id, { type: 'sell', quantity: '1', price_per_coin: '25000', date: '2023-05-01T10:00:00Z' });
    await u.client.send('PATCH', '/api/v2/settings/', { cost_basis_method: 'fifo' });
    await u.client.send('PATCH', settingsPath, { rule: 'us', short_rate: '30', long_rate: '15' });
    await change(u, { from_year: 2024, rule: 'custom', confirm_past_years: true });

    const y2023 = await report(u, 'all', 2023);
    expect(y2023).toMatchObject({ rule: 'us', currency: 'usd', total_gain: '-14000' });
    // A net loss of $14,000: $3,000 deducted (the cap is in dollars), $11,000 carried over.
    expect(y2023.year_summary).toMatchObject({
      net_gain: '-14000',
      allowance: { kind: 'loss_deduction_limit', amount: '3000', used: '3000', left: '0' },
      losses_carried_forward: '11000',
    });
    const y2024 = await report(u, 'all', 2024);
    expect(y2024).toMatchObject({ rule: 'custom', currency: 'eur', disposals: [] });
  });
});
