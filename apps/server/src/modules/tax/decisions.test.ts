import {
  errorEnvelopeSchema,
  harvestCatches,
  insightsResponseSchema,
  taxDecisionsSchema,
  taxDecisionWords,
  whatIfResponseSchema,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolioUser } from '../../test/portfolio-test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestMarket } from '../../test/test-market.ts';

const market = createTestMarket();
let t: TestApp;
beforeAll(async () => {
  market.setCoin('bitcoin', [70000, 75000, 80000], 80000);
  t = await createTestApp({ market });
  t.clock.set(new Date('2026-12-09T18:00:00Z'));
});
afterAll(async () => {
  await t?.close();
});

const path = '/api/v2/tax/decisions/';
type User = Awaited<ReturnType<typeof portfolioUser>>;

async function decisions(u: User, query = '') {
  const res = await u.client.get(`${path}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return taxDecisionsSchema.parse(res.json());
}

/** Lot A (long-term, half sold in June), lot B (long-term from 21 December), lot C (below cost). */
async function books(u: User) {
  const p = await u.portfolio({ name: 'Main', currency: 'usd' });
  const a = await u.ok(p.id, { quantity: '1', price_per_coin: '20000', date: '2025-01-10T10:00:00Z' });
  const b = await u.ok(p.id, { quantity: '1', price_per_coin: '50000', date: '2025-12-20T10:00:00Z' });
  const c = await u.ok(p.id, { quantity: '1', price_per_coin: '100000', date: '2026-03-01T10:00:00Z' });
  await u.ok(p.id, { type: 'sell', quantity: '0.5', price_per_coin: '60000', date: '2026-06-01T10:00:00Z' });
  return { p, a, b, c };
}

describe('decisions this year', () => {
  it('US: waiting 12 days for lot B saves 5,100, the same tax the what-if gives for that lot', async () => {
    const u = await portfolioUser(t.client());
    const { p, b, c } = await books(u);
    await u.client.send('PATCH', '/api/v2/settings/', { cost_basis_method: 'fifo' });
    await u.client.send('PATCH', '/api/v2/tax/settings/', { rule: 'us', short_rate: '32', long_rate: '15' });

    const d = await decisions(u, `?portfolio_id=${p.id}`);
    // Lot B sold alone today: 80,000 − 50,000 = 30,000 short-term × 32 % = 9,600; on 21 December
    // it is long-term, × 15 % = 4,500 (the June sale's 20,000 long-term gain is taxed either way).
    expect(d.waits.map((w) => [w.acquisition_id, w.days_to_wait, w.tax_now, w.tax_after, w.saving])).toEqual([
      [b.id, 12, '9600', '4500', '5100'],
    ]);
    expect(d).toMatchObject({ rule: 'us', currency: 'usd', as_of: '2026-12-09', portfolio_id: p.id });
    // Lot C at 80,000 is 20,000 under its cost: sold now it cancels the June gain's 3,000 of tax.
    expect(d.harvest.lots.map((l) => [l.acquisition_id, l.unrealized, l.category, l.tax_effect])).toEqual([
      [c.id, '-20000', 'short', '-3000'],
    ]);
    expect(d.harvest.catch).toEqual(harvestCatches.us);
    expect(d.year).toMatchObject({
      net_gain: '20000',
      estimated_tax: '3000',
      allowance: { kind: 'loss_deduction_limit', amount: '3000', used: '0', left: '3000' },
    });
    expect(d.disclaimer).toBe(taxDecisionWords.disclaimer);

    // The what-if of the same sale (lot B named, at the price now) adds the same tax.
    const whatIf = await u.client.post('/api/v2/tax/what-if/', {
      coin_id: 'bitcoin',
      quantity: '1',
      portfolio_id: p.id,
      lots: [{ acquisition_id: b.id, quantity: '1' }],
    });
    expect(whatIf.statusCode, whatIf.body).toBe(200);
    expect(whatIfResponseSchema.parse(whatIf.json()).estimated_tax).toBe('9600');

    // The Oracle card says it, labelled an estimate under the rule it applied.
    const insights = insightsResponseSchema.parse((await u.client.get('/api/v2/insights/')).json());
    const card = insights.cards.find((x) => x.kind === 'tax_timing');
    expect(card?.estimate).toBe(true);
    expect(card?.headline).toContain('wait 12 days: saves $5,100.00 at your rate');
    expect(card?.headline).toContain('$3,000.00 of the $3,000.00 loss deduction against other income left');
    expect(card?.headline).toMatch(/Estimate, not advice \(United States rule\)\.$/);
    expect(card?.why.numbers).toContainEqual({
      label: 'Harvesting: the catch',
      value: harvestCatches.us.text,
    });
    expect(card?.why.tables[0]?.title).toBe('Sell now or wait');
  });

  it('without a rule it asks for one and figures nothing', async () => {
    const u = await portfolioUser(t.client());
    await books(u);
    const d = await decisions(u);
    expect(d).toMatchObject({ needs_rule: true, waits: [], year: null, notes: [taxDecisionWords.needsRule] });
  });

  it('is scoped to the signed-in user, refuses a bad query with the error envelope, and needs a session', async () => {
    const owner = await portfolioUser(t.client());
    const { p } = await books(owner);
    const other = await portfolioUser(t.client());
    await other.client.send('PATCH', '/api/v2/tax/settings/', { rule: 'us' });
    expect((await other.client.get(`${path}?portfolio_id=${p.id}`)).statusCode).toBe(404);
    const own = await decisions(other);
    expect([own.waits, own.harvest.lots]).toEqual([[], []]);

    const bad = await other.client.get(`${path}?portfolio_id=not-a-portfolio`);
    expect(bad.statusCode).toBe(400);
    const envelope = errorEnvelopeSchema.parse(bad.json());
    expect(envelope.error.category).toBe('validation');
    expect(Object.keys((envelope.error.details?.fields ?? {}) as object)).toEqual([
      'querystring.portfolio_id',
    ]);

    expect((await t.client().get(path)).statusCode).toBe(401);
  });
});
