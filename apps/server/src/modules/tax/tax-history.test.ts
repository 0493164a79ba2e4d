import {
  accessTokenCreatedSchema,
  errorEnvelopeSchema,
  taxHistorySchema,
  taxReportResponseSchema,
  userSettingsSchema,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolioUser } from '../../test/portfolio-test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/** The current tax year of the US and custom rules (a calendar year): changes are dated from it. */
const now = new Date().getUTCFullYear();
afterAll(async () => {
  await t?.close();
});

const historyPath = '/api/v2/tax/history/';
const latestPath = '/api/v2/tax/history/latest/';
const reportPath = (year: number) => `/api/v2/tax/report/?portfolio_id=all&year=${year}`;

type User = Awaited<ReturnType<typeof portfolioUser>>;

async function report(u: User, year: number) {
  const res = await u.client.get(reportPath(year));
  expect(res.statusCode).toBe(200);
  return taxReportResponseSchema.parse(res.json());
}

async function history(u: User) {
  const res = await u.client.get(historyPath);
  expect(res.statusCode).toBe(200);
  return taxHistorySchema.parse(res.json());
}

function fields(body: unknown): Record<string, string[]> {
  const envelope = errorEnvelopeSchema.parse(body);
  return (envelope.error.details?.fields ?? {}) as Record<string, string[]>;
}

/**
 * Three lots bought in 2022 (at 100, 300, 200), one sold in 2023 and one in 2024, at 500 each.
 * FIFO in 2023 sells the lot at 100 (gain 400), leaving 300 and 200; HIFO from 2024 then sells
 * the dearer of those, 300 (gain 200), where FIFO would have sold it too and LIFO the 200.
 */
async function ledger(u: User): Promise<{ id: string; buys: string[] }> {
  const p = await u.portfolio({ name: 'Main', currency: 'usd' });
  const buys: string[] = [];
  for (const [price, date] of [
    ['100', '2022-01-10T10:00:00Z'],
    ['300', '2022-02-10T10:00:00Z'],
    ['200', '2022-03-10T10:00:00Z'],
  ] as const)
    buys.push((await u.ok(p.id, { quantity: '1', price_per_coin: price, date })).id);
  await u.ok(p.id, { type: 'sell', quantity: '1', price_per_coin: '500', date: '2023-05-01T10:00:00Z' });
  await u.ok(p.id, { type: 'sell', quantity: '1', price_per_coin: '500', date: '2024-05-01T10:00:00Z' });
  return { id: p.id, buys };
}

describe('the cost-basis method and the tax rule by tax year', () => {
  it('FIFO in 2023 and HIFO from 2024: 2023 stays as it was, 2024 matches HIFO on the lots FIFO left', async () => {
    const u = await portfolioUser(t.client());
    const { buys } = await ledger(u);
    expect(
      (await u.client.send('PATCH', '/api/v2/settings/', { cost_basis_method: 'lifo' })).statusCode,
    ).toBe(200);
    expect(
      (
        await u.client.send('PATCH', '/api/v2/tax/settings/', {
          rule: 'us',
          short_rate: '30',
          long_rate: '15',
        })
      ).statusCode,
    ).toBe(200);
    // One entry: the current settings, for every year.
    expect((await history(u)).entries).toMatchObject([{ from_year: null, method: 'lifo', rule: 'us' }]);

    // The base becomes FIFO (the current setting, for all years), then HIFO from 2024.
    await u.client.send('PATCH', '/api/v2/settings/', { cost_basis_method: 'fifo' });
    const before2023 = await report(u, 2023);
    const before2024 = await report(u, 2024);
    expect(before2023.disposals[0]?.lines[0]).toMatchObject({ acquisition_id: buys[0], gain: '400' });
    expect(before2024.disposals[0]?.lines[0]).toMatchObject({ acquisition_id: buys[1], gain: '200' });

    const refused = await u.client.send('POST', historyPath, { from_year: 2024, method: 'hifo' });
    expect(refused.statusCode).toBe(400);
    expect(fields(refused.json())).toHaveProperty('confirm_past_years');
    expect((await history(u)).entries).toHaveLength(1);

    const added = await u.client.send('POST', historyPath, {
      from_year: 2024,
      method: 'hifo',
      confirm_past_years: true,
    });
    expect(added.statusCode).toBe(200);
    const h = taxHistorySchema.parse(added.json());
    expect(h.entries).toMatchObject([
      { from_year: null, method: 'fifo', rule: 'us', effective_method: 'fifo' },
      { from_year: 2024, from_label: '2024', method: 'hifo', rule: 'us', effective_method: 'hifo' },
    ]);
    expect(h).toMatchObject({ current_year: now, latest_year: now + 1, earliest_year: 2025 });
    // The current setting is the latest entry.
    const settings = userSettingsSchema.parse((await u.client.get('/api/v2/settings/')).json());
    expect(settings.cost_basis_method).toBe('hifo');

    const after2023 = await report(u, 2023);
    expect(after2023.disposals).toEqual(before2023.disposals);
    expect(after2023.method).toBe('fifo');
    expect(after2023.year_summary).toEqual(before2023.year_summary);
    const after2024 = await report(u, 2024);
    expect(after2024.method).toBe('hifo');
    // The lots left by FIFO are 300 and 200: HIFO takes 300 (as FIFO would) — and then
    // the 200 lot is what stays held.
    expect(after2024.disposals[0]?.lines[0]).toMatchObject({ acquisition_id: buys[1], gain: '200' });
    const lots = (await u.client.get('/api/v2/tax/lots/?portfolio_id=all')).json() as {
      coins: { lots: { acquisition_id: string | null }[] }[];
    };
    expect(lots.coins.flatMap((c) => c.lots.map((l) => l.acquisition_id))).toEqual([buys[2]]);

    // Removing the latest change brings the base back for every year and as the current setting.
    const removed = await u.client.send('DELETE', latestPath);
    expect(removed.statusCode).toBe(200);
    expect(taxHistorySchema.parse(removed.json()).entries).toHaveLength(1);
    expect(userSettingsSchema.parse((await u.client.get('/api/v2/settings/')).json()).cost_basis_method).toBe(
      'fifo',
    );
    expect((await report(u, 2024)).disposals).toEqual(before2024.disposals);
    const nothing = await u.client.send('DELETE', latestPath);
    expect(nothing.statusCode).toBe(409);
  });

  it('HIFO from 2024 after FIFO differs from HIFO for every year: the 2023 sale already took the cheap lot', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio({ name: 'Main', currency: 'usd' });
    // Lots at 100, 400, 300; 2023 sells one, 2024 sells one.
    const a = await u.ok(p.id, { quantity: '1', price_per_coin: '100', date: '2022-01-10T10:00:00Z' });
    const b = await u.ok(p.id, { quantity: '1', price_per_coin: '400', date: '2022-02-10T10:00:00Z' });
    const c = await u.ok(p.id, { quantity: '1', price_per_coin: '300', date: '2022-03-10T10:00:00Z' });
    await u.ok(p.id, { type: 'sell', quantity: '1', price_per_coin: '500', date: '2023-05-01T10:00:00Z' });
    await u.ok(p.id, { type: 'sell', quantity: '1', price_per_coin: '500', date: '2024-05-01T10:00:00Z' });
    await u.client.send('PATCH', '/api/v2/tax/settings/', { rule: 'us', short_rate: '30', long_rate: '15' });
    await u.client.send('PATCH', '/api/v2/settings/', { cost_basis_method: 'hifo' });
    // HIFO for every year: 2023 takes 400, 2024 takes 300.
    expect((await report(u, 2023)).disposals[0]?.lines[0]?.acquisition_id).toBe(b.id);
    expect((await report(u, 2024)).disposals[0]?.lines[0]?.acquisition_id).toBe(c.id);
    await u.client.send('PATCH', '/api/v2/settings/', { cost_basis_method: 'fifo' });
    await u.client.send('POST', historyPath, { from_year: 2024, method: 'hifo', confirm_past_years: true });
    // FIFO in 2023 takes 100 (long-term: held more than a year, gain 400); HIFO in 2024 then takes 400.
    const y2023 = await report(u, 2023);
    expect(y2023.disposals[0]?.lines[0]).toMatchObject({
      acquisition_id: a.id,
      gain: '400',
      category: 'long',
    });
    const y2024 = await report(u, 2024);
    expect(y2024.disposals[0]?.lines[0]).toMatchObject({
      acquisition_id: b.id,
      gain: '100',
      category: 'long',
    });
    expect(y2024.totals.find((x) => x.category === 'long')).toMatchObject({
      gain: '100',
      estimated_tax: '15',
    });
  });

  it('custom until 2023, US from 2024: each year figured under its own rule and rates', async () => {
    const u = await portfolioUser(t.client());
    await ledger(u);
    await u.client.send('PATCH', '/api/v2/settings/', { cost_basis_method: 'fifo' });
    // Custom: more than 730 days is long-term, 40 % / 10 %, no allowance.
    await u.client.send('PATCH', '/api/v2/tax/settings/', {
      rule: 'custom',
      custom_threshold_days: 730,
      short_rate: '40',
      long_rate: '10',
    });
    const res = await u.client.send('POST', historyPath, {
      from_year: 2024,
      rule: 'us',
      short_rate: '30',
      long_rate: '15',
      confirm_past_years: true,
    });
    expect(res.statusCode).toBe(200);
    const y2023 = await report(u, 2023);
    expect(y2023.rule).toBe('custom');
    // Held 2022-01-10 → 2023-05-01: under 730 days, short-term at the custom 40 %.
    expect(y2023.disposals[0]?.lines[0]).toMatchObject({ gain: '400', category: 'short' });
    expect(y2023.totals.find((x) => x.category === 'short')).toMatchObject({
      rate: '40',
      estimated_tax: '160',
    });
    const y2024 = await report(u, 2024);
    expect(y2024.rule).toBe('us');
    // Held 2022-02-10 → 2024-05-01: more than a year, long-term at the US 15 %.
    expect(y2024.disposals[0]?.lines[0]).toMatchObject({ gain: '200', category: 'long' });
    expect(y2024.totals.find((x) => x.category === 'long')).toMatchObject({
      rate: '15',
      estimated_tax: '30',
    });
    expect(y2024.year_summary?.estimated_tax).toBe('30');
  });

  it('refuses a change out of order, too far ahead, unchanged or across tax calendars, changing nothing', async () => {
    const u = await portfolioUser(t.client());
    await u.client.send('PATCH', '/api/v2/tax/settings/', { rule: 'us' });
    expect((await u.client.send('POST', historyPath, { from_year: now, method: 'hifo' })).statusCode).toBe(
      200,
    );
    const before = await history(u);

    const cases: [Record<string, unknown>, string][] = [
      [{ from_year: now, method: 'lifo' }, 'from_year'],
      [{ from_year: 2024, method: 'lifo', confirm_past_years: true }, 'from_year'],
      [{ from_year: now + 2, method: 'lifo' }, 'from_year'],
      [{ from_year: now + 1, method: 'hifo' }, 'method'],
      [{ from_year: now + 1, rule: 'uk' }, 'rule'],
      [{ from_year: now + 1, rule: 'de' }, 'rule'],
    ];
    for (const [body, field] of cases) {
      const res = await u.client.send('POST', historyPath, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fields(res.json()), JSON.stringify(body)).toHaveProperty(field);
    }
    for (const body of [
      { from_year: now + 1, method: 'median' },
      { from_year: 1999 },
      { from_year: now + 1, extra: 1 },
    ]) {
      const res = await u.client.send('POST', historyPath, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      errorEnvelopeSchema.parse(res.json());
    }
    // The current rule cannot leave the earlier entries' calendar either.
    const rule = await u.client.send('PATCH', '/api/v2/tax/settings/', { rule: 'uk' });
    expect(rule.statusCode).toBe(400);
    expect(fields(rule.json())).toHaveProperty('rule');
    expect(await history(u)).toEqual(before);

    // Next year is allowed without confirming (no report changes yet).
    expect(
      (await u.client.send('POST', historyPath, { from_year: now + 1, method: 'lifo' })).statusCode,
    ).toBe(200);
  });

  it('is the owner’s own; tokens may read it and never change it; writes need the CSRF token', async () => {
    const a = await portfolioUser(t.client());
    const b = await portfolioUser(t.client());
    await a.client.send('POST', historyPath, { from_year: now, method: 'hifo' });
    expect((await history(b)).entries).toHaveLength(1);
    expect((await b.client.send('DELETE', latestPath)).statusCode).toBe(409);
    expect((await history(a)).entries).toHaveLength(2);

    const noCsrf = await a.client.request('POST', historyPath, {
      json: { from_year: now + 1, method: 'lifo' },
    });
    expect(noCsrf.statusCode).toBe(403);

    const made = await a.client.post('/api/v2/tokens/', { name: 'Script', scopes: ['read'] });
    const { token } = accessTokenCreatedSchema.parse(made.json());
    const bearer = (method: 'GET' | 'POST' | 'DELETE', url: string, json?: unknown) =>
      t.app.inject({
        method,
        url,
        headers: {
          authorization: `Bearer ${token}`,
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(json === undefined ? {} : { payload: JSON.stringify(json) }),
      });
    const read = await bearer('GET', historyPath);
    expect(read.statusCode).toBe(200);
    expect(taxHistorySchema.parse(read.json()).entries).toHaveLength(2);
    expect((await bearer('POST', historyPath, { from_year: now + 1, method: 'lifo' })).statusCode).toBe(403);
    expect((await bearer('DELETE', latestPath)).statusCode).toBe(403);
    expect((await history(a)).entries).toHaveLength(2);
  });
});
