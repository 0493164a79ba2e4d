import type { ProjectionTaxResponse } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient, resetApiClientState } from '@/lib/api/client';
import { installFakeFetch, json } from '@/test/fake-fetch';
import { renderPage } from '@/test/render-page';
import { inTimeZone } from '@/test/time-zone';
import { LotTaxPanel } from './lot-tax-panel';

/*
 * Issue 12: an exit plan linked to real lots dates its lots, their qualifying days and the tax-aware order in the reader's locale ("May 31, 2026"), never as YYYY-MM-DD,
 * read in UTC so a day never moves with the browser's time zone (the tests run in Honolulu,
 * UTC−10, where "2026-05-31" read as local time would show May 30).
 */

inTimeZone('Pacific/Honolulu');

const iso = /\d{4}-\d{2}-\d{2}/;

const plan = {
  sales: [
    {
      id: 'r1',
      sale_date: '2026-05-31',
      coins_sold: '0.05',
      effective_price: '90000',
      gross: '4500',
      fee: '4.5',
      cost: '100',
      gain: '4395.5',
      tax: '0',
      net: '4495.5',
      lots: [
        {
          acquisition_id: 't2',
          acquired_on: '2026-03-01',
          quantity: '0.05',
          cost: '100',
          gain: '4395.5',
          category: 'short' as const,
          qualifies_on: '2027-03-02',
        },
      ],
      all_qualify_on: '2027-03-02',
    },
  ],
  total_tax: '0',
  total_net: '4495.5',
};

const projectionTax: ProjectionTaxResponse = {
  linked: 'p1',
  rule: 'us',
  method: 'fifo',
  currency: 'usd',
  as_of: '2026-05-31',
  plan,
  tax_aware: {
    order: [{ id: 'r1', sale_date: '2027-03-02', delayed: true }],
    plan,
    tax_before: '100',
    tax_after: '50',
    saving: '50',
  },
  note: null,
};

beforeEach(() => {
  resetApiClientState();
  configureApiClient({ sleep: async () => {}, isOnline: () => true });
  installFakeFetch({
    'GET /api/v2/settings/': () => json({ base_currency: 'usd', favorites: [], cost_basis_method: 'fifo' }),
    'GET /api/v2/portfolios/': () => json({ count: 0, next: null, previous: null, results: [] }),
    'GET /api/v2/projections/exit-strategy/x1/tax/': () => json(projectionTax),
  });
});

describe('calendar days in the exit plan tax panel', () => {
  it("exit plan: the lots' days, qualifying day and tax-aware sale day are in the locale", async () => {
    const user = userEvent.setup();
    renderPage(<LotTaxPanel projectionId="x1" currency="usd" dirty={false} />, {
      pattern: '/projections/:id',
      path: '/projections/x1',
    });
    const rungs = await screen.findByRole('table', { name: 'Tax per planned sale' });
    expect(within(rungs).getByRole('listitem').textContent).toBe(
      '0.05 from Mar 1, 2026 (short-term, qualifies Mar 2, 2027)',
    );
    expect(screen.getByText(/figures for the saved plan as of May 31, 2026\./)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Tax-aware order' }));
    expect(screen.getByText(/^Rung 1 on Mar 2, 2027/)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(iso);
  });
});

describe('a UK plan', () => {
  it("shows each rung's part of the annual exempt amount and the tax year's allowance", async () => {
    const usSale = plan.sales[0] as (typeof plan.sales)[number];
    const ukSale = {
      ...usSale,
      lots: [
        {
          ...usSale.lots[0],
          acquisition_id: null,
          acquired_on: null,
          category: 'gain' as const,
          qualifies_on: null,
        },
      ],
      all_qualify_on: null,
      tax: '279.1',
      net: '4216.4',
      tax_year: '2026/27',
      exempt_used: '1000',
    };
    const ukPlan = {
      sales: [ukSale],
      total_tax: '279.1',
      total_net: '4216.4',
      tax_years: [
        {
          tax_year: '2026/27',
          exempt_amount: '3000',
          realized_gain: '2000',
          exempt_used_by_realized: '2000',
          exempt_used_by_plan: '1000',
        },
      ],
    };
    installFakeFetch({
      'GET /api/v2/settings/': () => json({ base_currency: 'gbp', favorites: [], cost_basis_method: 'fifo' }),
      'GET /api/v2/portfolios/': () => json({ count: 0, next: null, previous: null, results: [] }),
      'GET /api/v2/projections/exit-strategy/x1/tax/': () =>
        json({
          ...projectionTax,
          rule: 'uk',
          method: 'uk_pooling',
          currency: 'gbp',
          plan: ukPlan,
          tax_aware: null,
          note: 'UK matching: a note.',
        }),
    });
    renderPage(<LotTaxPanel projectionId="x1" currency="gbp" dirty={false} />, {
      pattern: '/projections/:id',
      path: '/projections/x1',
    });
    const rungs = await screen.findByRole('table', { name: 'Tax per planned sale' });
    expect(within(rungs).getByText('2026/27 allowance used £1,000.00')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Annual exempt amount per tax year' }).textContent).toBe(
      '2026/27: annual exempt amount £3,000.00; gains realized this year £2,000.00 used £2,000.00, this plan uses £1,000.00.',
    );
  });
});
