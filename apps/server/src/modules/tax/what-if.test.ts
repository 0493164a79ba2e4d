import { taxReportResponseSchema, whatIfMessages, whatIfResponseSchema } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolioUser } from '../../test/portfolio-test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // "Today" is fixed, and in the past, so the entered sale is never a future-dated transaction.
  t.clock.set(new Date('2026-11-24T18:00:00Z'));
});
afterAll(async () => {
  await t?.close();
});

const path = '/api/v2/tax/what-if/';
const settingsPath = '/api/v2/tax/settings/';
type User = Awaited<ReturnType<typeof portfolioUser>>;

async function whatIf(u: User, body: Record<string, unknown>) {
  const res = await u.client.post(path, body);
  expect(res.statusCode, res.body).toBe(200);
  return whatIfResponseSchema.parse(res.json());
}

/** The realized-gains report of 2026 for one portfolio. */
async function report(u: User, portfolioId: string) {
  const res = await u.client.get(`/api/v2/tax/report/?portfolio_id=${portfolioId}&year=2026`);
  return taxReportResponseSchema.parse(res.json());
}

const lotFigures = (
  lots: readonly {
    acquisition_id: string | null;
    acquired_on: string | null;
    quantity: string;
    cost: string | null;
    gain: string | null;
    category: string;
  }[],
) => lots.map((l) => [l.acquisition_id, l.acquired_on, l.quantity, l.cost, l.gain, l.category]);

/** Three buys and a sale of bitcoin in one portfolio. */
async function books(u: User, currency = 'usd') {
  const p = await u.portfolio({ name: 'Main', currency });
  const a = await u.ok(p.id, {
    quantity: '0.5',
    price_per_coin: '40000',
    fee: '20',
    date: '2025-01-15T10:00:00Z',
  });
  const b = await u.ok(p.id, {
    quantity: '0.3',
    price_per_coin: '70000',
    fee: '10',
    date: '2025-11-01T10:00:00Z',
  });
  const c = await u.ok(p.id, {
    quantity: '0.4',
    price_per_coin: '100000',
    fee: '40',
    date: '2026-06-10T10:00:00Z',
  });
  await u.ok(p.id, {
    type: 'sell',
    quantity: '0.2',
    price_per_coin: '110000',
    fee: '11',
    date: '2026-08-01T10:00:00Z',
  });
  return { p, a, b, c };
}

describe('what if I sell?', () => {
  it('US, FIFO: the figures worked by hand, and the report shows the same sale once it is entered', async () => {
    const u = await portfolioUser(t.client());
    const { p, a, b, c } = await books(u);
    await u.client.send('PATCH', '/api/v2/settings/', { cost_basis_method: 'fifo' });
    await u.client.send('PATCH', settingsPath, { rule: 'us', short_rate: '24', long_rate: '15' });

    const w = await whatIf(u, {
      coin_id: 'bitcoin',
      quantity: '0.8',
      price_per_coin: '90000',
      fees_percentage: '0.5',
      portfolio_id: p.id,
    });
    // The August sale took 0.2 of lot A (8,008 of its 20,020), leaving 0.3 for 12,012.
    // Proceeds 0.8 × 90,000 = 72,000 and 0.5 % fees = 360, shared by quantity (3 : 3 : 2):
    // A 0.3: 27,000 − 135 − 12,012 = 14,853, long-term (held since 15 January 2025);
    // B 0.3: 27,000 − 135 − 21,010 = 5,855, long-term (more than a year since 1 November 2025);
    // C 0.2 of 0.4: 18,000 − 90 − 20,020 = −2,110, short-term.
    // The year already holds the August sale: 22,000 − 11 − 8,008 = 13,981 long-term, taxed
    // 13,981 × 15 % = 2,097.15. With this sale the short-term loss nets against the long-term
    // gains: 13,981 + 20,708 − 2,110 = 32,579 × 15 % = 4,886.85. The sale adds 2,789.7.
    expect(w).toMatchObject({
      coin_id: 'bitcoin',
      portfolio_id: p.id,
      currency: 'usd',
      sale_date: '2026-11-24',
      quantity: '0.8',
      capped: false,
      price_per_coin: '90000',
      price_source: 'given',
      proceeds: '72000',
      fees: '360',
      cost: '53042',
      gain: '18598',
      estimated_tax: '2789.7',
      after_tax: '68850.3',
      all_qualify_on: '2027-06-11',
      rule: 'us',
      rule_label: 'United States',
      method: 'fifo',
      uk: null,
      disclaimer: whatIfMessages.disclaimer,
    });
    expect(lotFigures(w.lots)).toEqual([
      [a.id, '2025-01-15', '0.3', '12012', '14853', 'long'],
      [b.id, '2025-11-01', '0.3', '21010', '5855', 'long'],
      [c.id, '2026-06-10', '0.2', '20020', '-2110', 'short'],
    ]);
    expect(w.categories.map((x) => [x.category, x.gain, x.rate, x.estimated_tax])).toEqual([
      ['short', '-2110', '24', '0'],
      ['long', '20708', '15', '2789.7'],
    ]);
    expect(w.year).toMatchObject({
      tax_year: '2026',
      estimated_tax_before: '2097.15',
      estimated_tax_after: '4886.85',
    });
    expect((await report(u, p.id)).year_summary?.estimated_tax).toBe('2097.15');

    const sale = await u.ok(p.id, {
      type: 'sell',
      quantity: '0.8',
      price_per_coin: '90000',
      fee: '360',
      date: '2026-11-24T13:00:00Z',
    });
    const after = await report(u, p.id);
    const d = after.disposals.find((x) => x.transaction_id === sale.id);
    expect(d).toMatchObject({ proceeds: w.proceeds, fee: w.fees, cost: w.cost, gain: w.gain });
    expect(lotFigures(d?.lines ?? [])).toEqual(lotFigures(w.lots));
    expect(after.year_summary?.estimated_tax).toBe(w.year?.estimated_tax_after);
  });

  it('UK: the same-day purchase first, then the pool; the report agrees once the sale is entered', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio({ name: 'UK', currency: 'gbp' });
    await u.ok(p.id, { quantity: '0.5', price_per_coin: '40000', fee: '20', date: '2025-01-15T10:00:00Z' });
    await u.ok(p.id, { quantity: '0.3', price_per_coin: '70000', fee: '10', date: '2025-11-01T10:00:00Z' });
    const today = await u.ok(p.id, {
      quantity: '0.1',
      price_per_coin: '90000',
      date: '2026-11-24T09:00:00Z',
    });
    await u.client.send('PATCH', settingsPath, { rule: 'uk', short_rate: '20' });

    const w = await whatIf(u, { coin_id: 'bitcoin', quantity: '0.5', price_per_coin: '92000' });
    // Same day: 0.1 for 9,000. The pool holds 0.8 for 41,030; 0.4 of it costs 20,515.
    // 46,000 − 29,515 = 16,485, less the 2026/27 exempt amount of 3,000: 13,485 × 20 % = 2,697.
    expect(w).toMatchObject({
      currency: 'gbp',
      portfolio_id: null,
      cost: '29515',
      gain: '16485',
      estimated_tax: '2697',
      method: 'uk_pooling',
      method_label: 'HMRC share matching',
      uk: {
        tax_year: '2026/27',
        exempt_amount: '3000',
        realized_gain: '0',
        exempt_used_by_realized: '0',
        exempt_used: '3000',
      },
    });
    expect(w.lots.map((l) => [l.basis, l.acquisition_id, l.quantity, l.cost])).toEqual([
      ['same_day', today.id, '0.1', '9000'],
      ['section_104', null, '0.4', '20515'],
    ]);

    const sale = await u.ok(p.id, {
      type: 'sell',
      quantity: '0.5',
      price_per_coin: '92000',
      date: '2026-11-24T15:00:00Z',
    });
    const after = await report(u, p.id);
    expect(after.year_summary?.estimated_tax).toBe('2697');
    const d = after.disposals.find((x) => x.transaction_id === sale.id);
    expect(d).toMatchObject({ proceeds: w.proceeds, cost: w.cost, gain: w.gain });
    expect(d?.lines.map((l) => [l.basis, l.acquisition_id, l.quantity, l.cost, l.gain, l.category])).toEqual(
      w.lots.map((l) => [l.basis, l.acquisition_id, l.quantity, l.cost, l.gain, l.category]),
    );
  });

  it('prices at the market now when no price is given, and caps a sale at what is held', async () => {
    const u = await portfolioUser(t.client());
    await books(u);
    const w = await whatIf(u, { coin_id: 'bitcoin', quantity: '5' });
    expect(w).toMatchObject({
      price_source: 'market_now',
      quantity_requested: '5',
      quantity: '1',
      held: '1',
      capped: true,
    });
    expect(Number(w.price_per_coin)).toBeGreaterThan(0);
    expect(w.notes.some((n) => n.startsWith("Priced at the market's price now"))).toBe(true);
    // The test app runs on the offline snapshot: its price is a demo's, and the answer says so.
    expect(w.notes.some((n) => n.includes('demo'))).toBe(true);
    expect(w.notes).toContain(
      'That is more than you hold in your portfolios: the figures are for selling all of it.',
    );
  });

  it('refuses bad input field by field, an unknown coin or portfolio with a 404, and needs a session', async () => {
    const u = await portfolioUser(t.client());
    const { p } = await books(u);
    const fields = async (body: Record<string, unknown>) => {
      const res = await u.client.post(path, body);
      expect(res.statusCode, `${JSON.stringify(body)} → ${res.body}`).toBe(400);
      expect(res.json().error.category).toBe('validation');
      return Object.keys(res.json().error.details.fields);
    };
    const sale = { coin_id: 'bitcoin', quantity: '0.1' };
    expect(await fields({ ...sale, quantity: '0' })).toEqual(['quantity']);
    expect(await fields({ ...sale, quantity: '1e3' })).toEqual(['quantity']);
    expect(await fields({ coin_id: 'bitcoin' })).toEqual(['quantity']);
    expect(await fields({ ...sale, price_per_coin: '-1' })).toEqual(['price_per_coin']);
    expect(await fields({ ...sale, fees_percentage: '101' })).toEqual(['fees_percentage']);
    expect(await fields({ ...sale, date: '2008-12-31' })).toEqual(['date']);
    expect(await fields({ ...sale, date: '2026-02-30' })).toEqual(['date']);
    expect(await fields({ ...sale, portfolio_id: 'x' })).toEqual(['portfolio_id']);
    expect(await fields({ ...sale, coin_id: 'Not A Coin' })).toEqual(['coin_id']);
    expect((await u.client.post(path, { ...sale, other: 1 })).statusCode).toBe(400);
    // Checks that need the books and the clock: five years ahead at most, not before the last transaction.
    expect(await fields({ ...sale, date: '2031-11-25' })).toEqual(['date']);
    expect((await u.client.post(path, { ...sale, date: '2031-11-24', price_per_coin: '1' })).statusCode).toBe(
      200,
    );
    const early = await u.client.post(path, { ...sale, date: '2026-07-31' });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.details.fields.date).toEqual([
      whatIfMessages.beforeLastTransaction('2026-08-01'),
    ]);
    // A coin the market knows but the books do not hold: nothing to sell, said on the quantity.
    const none = await u.client.post(path, { ...sale, coin_id: 'ethereum' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.details.fields).toEqual({ quantity: [whatIfMessages.nothingHeld] });

    expect((await u.client.post(path, { ...sale, coin_id: 'no-such-coin-anywhere' })).statusCode).toBe(404);
    const other = await portfolioUser(t.client());
    const theirs = await other.portfolio({ name: 'Theirs' });
    expect((await u.client.post(path, { ...sale, portfolio_id: theirs.id })).statusCode).toBe(404);
    expect((await other.client.post(path, { ...sale, portfolio_id: p.id })).statusCode).toBe(404);
    // Their own scope holds none of it: the other user's lots are never read.
    expect((await other.client.post(path, sale)).json().error.details.fields).toEqual({
      quantity: [whatIfMessages.nothingHeld],
    });
    expect((await t.client().post(path, sale)).statusCode).toBe(401);
  });
});
