import {
  dashboardResponseSchema,
  explainResponseSchema,
  taxReportResponseSchema,
  transactionSchema,
} from '@app/contracts';
import { Dec } from '@app/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolioUser } from '../../test/portfolio-test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const metrics = 'holdings,roi,capital,cost_basis,positions';

/*
 * A portfolio with 1 BTC bought at 100 + fee 1 (cost 101) and 0.5 BTC received from outside
 * with no price: the holding is 1.5 BTC, its cost basis the buy's 101 only, and the received
 * units are counted as unknown cost until a price is given.
 */
describe('a transfer in of unknown cost, end to end', () => {
  it('is held but left out of cost figures, listed as needing a price, and counted once priced', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio();
    await u.ok(p.id, { quantity: '1', price_per_coin: '100', fee: '1', date: '2024-01-01T00:00:00Z' });
    const received = transactionSchema.parse(
      await u.ok(p.id, {
        type: 'transfer_in',
        quantity: '0.5',
        price_per_coin: '',
        date: '2024-02-01T00:00:00Z',
      }),
    );
    expect(received.price_per_coin).toBeNull();

    const before = dashboardResponseSchema.parse(
      (await u.client.get(`/api/v2/dashboard/?portfolio_id=${p.id}&metrics=${metrics}`)).json(),
    );
    const price = new Dec(before.holdings?.items[0]?.currentPrice ?? Number.NaN);
    expect(price.isFinite()).toBe(true);
    expect(before.portfolio_summary).toMatchObject({ total_investment: '101', lots_without_cost: 1 });
    expect(before.portfolio_summary.disposals_with_unknown_cost).toBeUndefined();
    // Every unit is valued; only the bought one is compared with its cost.
    expect(new Dec(before.portfolio_summary.total_value).eq(price.mul('1.5'))).toBe(true);
    expect(new Dec(before.portfolio_summary.returns.unrealized.profitLoss).eq(price.sub(101))).toBe(true);
    expect(before.holdings?.items[0]).toMatchObject({
      quantity: '1.5',
      unknown_cost_quantity: '0.5',
      lots_without_cost: 1,
    });
    expect(before.capital).toMatchObject({
      totalInvestment: '101',
      lots_without_cost: 1,
      items: [expect.objectContaining({ totalInvestment: '101', unknown_cost_quantity: '0.5' })],
    });
    expect(before.cost_basis?.items[0]).toMatchObject({ costBasisPerCoin: '101', lots_without_cost: 1 });
    expect(before.roi?.items[0]).toMatchObject({ unknown_cost_quantity: '0.5', lots_without_cost: 1 });
    const position = before.positions?.items[0];
    expect(position).toMatchObject({
      quantity: '1.5',
      totalInvestment: '101',
      costBasisPerCoin: '101',
      unknown_cost_quantity: '0.5',
      lots_without_cost: 1,
    });
    expect(new Dec(position?.unrealizedProfitLoss ?? Number.NaN).eq(price.sub(101))).toBe(true);

    // Oracle's data-health card names what the figures left out.
    const cards = (await u.client.get(`/api/v2/insights/?portfolio_id=${p.id}`)).json().cards as {
      kind: string;
      headline: string;
      figures: Record<string, string>;
    }[];
    const health = cards.find((c) => c.kind === 'data_health');
    expect(health?.headline).toContain('1 lot has no cost: figures exclude it.');
    expect(health?.figures.lots_without_cost).toBe('1');

    await u.client.send('PATCH', '/api/v2/settings/', { cost_basis_method: 'fifo' });
    const explained = explainResponseSchema.parse(
      (await u.client.get(`/api/v2/dashboard/explain/?portfolio_id=${p.id}&coin_id=bitcoin`)).json(),
    );
    expect(explained.portfolios[0]).toMatchObject({
      quantity: '1.5',
      cost_basis: '101',
      average_cost: '101',
      unknown_cost_quantity: '0.5',
      lots_without_cost: 1,
    });
    const lots = explained.portfolios[0]?.explanation;
    expect(
      lots && 'lots' in lots ? lots.lots.map((l) => [l.quantity_left, l.unit_cost, l.cost_basis]) : [],
    ).toEqual([
      ['1', '101', '101'],
      ['0.5', null, null],
    ]);

    await u.client.send('PATCH', '/api/v2/tax/settings/', { rule: 'us' });
    const report = taxReportResponseSchema.parse(
      (await u.client.get(`/api/v2/tax/report/?portfolio_id=${p.id}&year=2024`)).json(),
    );
    expect(report.needs_price.map((n) => [n.transaction_id, n.type, n.reason])).toEqual([
      [received.id, 'transfer_in', 'no_price'],
    ]);

    const priced = await u.client.send('PUT', `/api/v2/transactions/${received.id}/`, {
      portfolio_id: p.id,
      coin_id: 'bitcoin',
      type: 'transfer_in',
      quantity: '0.5',
      price_per_coin: '200',
      date: '2024-02-01T00:00:00Z',
    });
    expect(priced.statusCode).toBe(200);
    expect(priced.json()).toMatchObject({ price_per_coin: '200' });

    await u.client.send('PATCH', '/api/v2/settings/', { cost_basis_method: 'average' });
    const after = dashboardResponseSchema.parse(
      (await u.client.get(`/api/v2/dashboard/?portfolio_id=${p.id}&metrics=${metrics}`)).json(),
    );
    // 101 + 0.5 × 200 = 201 over 1.5 units.
    expect(after.portfolio_summary.total_investment).toBe('201');
    expect(after.portfolio_summary.lots_without_cost).toBeUndefined();
    expect(new Dec(after.portfolio_summary.returns.unrealized.profitLoss).eq(price.mul('1.5').sub(201))).toBe(
      true,
    );
    expect(after.holdings?.items[0]?.unknown_cost_quantity).toBeUndefined();
    expect(after.positions?.items[0]).toMatchObject({ totalInvestment: '201', costBasisPerCoin: '134' });
    const pricedReport = taxReportResponseSchema.parse(
      (await u.client.get(`/api/v2/tax/report/?portfolio_id=${p.id}&year=2024`)).json(),
    );
    expect(pricedReport.needs_price).toEqual([]);
  });

  it('keeps a hand-entered transfer in without a price unknown, and refuses no price on a buy', async () => {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio();
    const body = { portfolio_id: p.id, coin_id: 'bitcoin', quantity: '1', date: '2024-01-01T00:00:00Z' };
    // Omitted, null or empty: a transfer in's cost is unknown.
    for (const price of [{}, { price_per_coin: null }, { price_per_coin: '' }]) {
      const res = await u.client.post('/api/v2/transactions/validate/', {
        ...body,
        type: 'transfer_in',
        ...price,
      });
      expect(res.json()).toMatchObject({ valid: true });
    }
    const buy = await u.tx(p.id, { price_per_coin: null });
    expect(buy.statusCode).toBe(400);
    expect(buy.json().error.details.fields).toMatchObject({
      price_per_coin: ['Price per coin must be a plain decimal number like 12.5'],
    });
    // An omitted price on a buy is still 0, as it always was.
    const omitted = await u.client.post('/api/v2/transactions/', { ...body, type: 'buy' });
    expect(omitted.json()).toMatchObject({ price_per_coin: '0' });
    const preview = await u.client.post('/api/v2/transactions/preview/', {
      ...body,
      type: 'transfer_in',
      quantity: '0.5',
      date: '2024-02-01T00:00:00Z',
    });
    expect(preview.json()).toMatchObject({
      holding_after: '1.5',
      cost_basis_after: '0',
      unknown_cost_quantity_after: '0.5',
      lots_without_cost_after: 1,
    });
  });
});
