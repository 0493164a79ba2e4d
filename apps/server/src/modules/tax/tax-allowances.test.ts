import { taxReportResponseSchema, taxSettingsSchema } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolioUser } from '../../test/portfolio-test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const settingsPath = '/api/v2/tax/settings/';
const reportPath = (scope: string, year: number) => `/api/v2/tax/report/?portfolio_id=${scope}&year=${year}`;

describe('the report year after allowances and losses', () => {
  it('UK: a loss in one portfolio carries into the next tax year and the person’s allowance, whichever portfolio is shown', async () => {
    const u = await portfolioUser(t.client());
    const a = await u.portfolio({ name: 'Losses', currency: 'gbp' });
    const b = await u.portfolio({ name: 'Gains', currency: 'gbp' });
    // 2023/24: bought for £9,000, sold for £5,000 (a £4,000 loss). 2024/25: a £10,000 gain elsewhere.
    await u.ok(a.id, { quantity: '1', price_per_coin: '9000', date: '2023-06-01T10:00:00Z' });
    await u.ok(a.id, { type: 'sell', quantity: '1', price_per_coin: '5000', date: '2023-08-01T10:00:00Z' });
    await u.ok(b.id, {
      coin_id: 'ethereum',
      quantity: '1',
      price_per_coin: '1000',
      date: '2024-05-01T10:00:00Z',
    });
    await u.ok(b.id, {
      coin_id: 'ethereum',
      type: 'sell',
      quantity: '1',
      price_per_coin: '11000',
      date: '2024-07-01T10:00:00Z',
    });
    expect((await u.client.send('PATCH', settingsPath, { rule: 'uk', short_rate: '20' })).statusCode).toBe(
      200,
    );

    const earlier = taxReportResponseSchema.parse((await u.client.get(reportPath('all', 2023))).json());
    expect(earlier.year_summary).toMatchObject({
      net_gain: '-4000',
      allowance: { kind: 'annual_exempt_amount', amount: '6000', used: '0', left: '6000' },
      losses_carried_forward: '4000',
      taxable_gain: '0',
    });

    for (const scope of ['all', b.id, a.id]) {
      const res = await u.client.get(reportPath(scope, 2024));
      expect(res.statusCode).toBe(200);
      const report = taxReportResponseSchema.parse(res.json());
      expect(report.year_summary, scope).toMatchObject({
        scope: 'all_portfolios',
        gains: '10000',
        net_gain: '10000',
        allowance: { amount: '3000', used: '3000', left: '0' },
        losses_brought_forward: '4000',
        losses_used: '4000',
        losses_carried_forward: '0',
        taxable_gain: '3000',
        estimated_tax: '600',
      });
      // The totals stay the listed portfolio's own, and their estimate is the one before allowances.
      expect(report.total_gain).toBe(scope === a.id ? '0' : '10000');
    }
    const shown = taxReportResponseSchema.parse((await u.client.get(reportPath(a.id, 2024))).json());
    const text = shown.year_summary?.steps.map((s) => s.text).join(' ') ?? '';
    expect(text).toMatch(/HMRC Capital Gains Manual CG21570/);
    expect(text).toMatch(/not only the one this report lists/);

    // No rule: no summary.
    await u.client.send('PATCH', settingsPath, { rule: 'none' });
    expect(
      taxReportResponseSchema.parse((await u.client.get(reportPath('all', 2024))).json()).year_summary,
    ).toBeNull();
  });

  it('Germany: a gain below the exemption limit is tax-free and keeps the earlier loss for later', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio({ name: 'DE', currency: 'eur' });
    // 2023: a private-sale loss of 1,200 euros; 2024: a gain of 800 (below 1,000); 2025: 1,500.
    await u.ok(p.id, { quantity: '1', price_per_coin: '3000', date: '2023-02-01T10:00:00Z' });
    await u.ok(p.id, { type: 'sell', quantity: '1', price_per_coin: '1800', date: '2023-03-01T10:00:00Z' });
    await u.ok(p.id, { quantity: '1', price_per_coin: '1000', date: '2024-02-01T10:00:00Z' });
    await u.ok(p.id, { type: 'sell', quantity: '1', price_per_coin: '1800', date: '2024-03-01T10:00:00Z' });
    await u.ok(p.id, { quantity: '1', price_per_coin: '1000', date: '2025-02-01T10:00:00Z' });
    await u.ok(p.id, { type: 'sell', quantity: '1', price_per_coin: '2500', date: '2025-03-01T10:00:00Z' });
    await u.client.send('PATCH', settingsPath, { rule: 'de', short_rate: '42' });

    const y2024 = taxReportResponseSchema.parse((await u.client.get(reportPath(p.id, 2024))).json());
    expect(y2024.year_summary).toMatchObject({
      net_gain: '800',
      allowance: { kind: 'exemption_limit', amount: '1000', used: '800', left: null },
      losses_brought_forward: '1200',
      losses_used: '0',
      losses_carried_forward: '1200',
      taxable_gain: '0',
    });
    // The totals' estimate is before the limit; the summary's is the one the page shows.
    expect(y2024.estimated_tax).toBe('336');
    const y2025 = taxReportResponseSchema.parse((await u.client.get(reportPath(p.id, 2025))).json());
    expect(y2025.year_summary).toMatchObject({
      net_gain: '1500',
      losses_used: '1200',
      taxable_gain: '300',
      estimated_tax: '126',
    });
  });

  it('custom rule: the yearly allowance is a validated, optional setting the report applies', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio({ name: 'Custom' });
    await u.ok(p.id, { quantity: '1', price_per_coin: '1000', date: '2024-02-01T10:00:00Z' });
    await u.ok(p.id, { type: 'sell', quantity: '1', price_per_coin: '6000', date: '2024-03-01T10:00:00Z' });
    const saved = await u.client.send('PATCH', settingsPath, {
      rule: 'custom',
      short_rate: '30',
      yearly_allowance: '1000.50',
    });
    expect(taxSettingsSchema.parse(saved.json())).toMatchObject({
      rule: 'custom',
      yearly_allowance: '1000.5',
    });
    for (const yearly_allowance of ['-1', 'abc', '1e3', '', 12]) {
      const res = await u.client.send('PATCH', settingsPath, { yearly_allowance });
      expect(res.statusCode, String(yearly_allowance)).toBe(400);
      expect(res.json().error.category).toBe('validation');
    }
    expect(taxSettingsSchema.parse((await u.client.get(settingsPath)).json()).yearly_allowance).toBe(
      '1000.5',
    );

    const report = taxReportResponseSchema.parse((await u.client.get(reportPath('all', 2024))).json());
    expect(report.year_summary).toMatchObject({
      allowance: { kind: 'custom_allowance', amount: '1000.5', used: '1000.5', left: '0' },
      taxable_gain: '3999.5',
      estimated_tax: '1199.85',
    });

    const cleared = await u.client.send('PATCH', settingsPath, { yearly_allowance: null });
    expect(taxSettingsSchema.parse(cleared.json()).yearly_allowance).toBeNull();
    const after = taxReportResponseSchema.parse((await u.client.get(reportPath('all', 2024))).json());
    expect(after.year_summary).toMatchObject({
      allowance: { kind: 'none', amount: null },
      taxable_gain: '5000',
      estimated_tax: '1500',
    });
  });
});
