import type { ProjectionTaxResponse, SaleTaxOut } from '@app/contracts';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient, resetApiClientState } from '@/lib/api/client';
import { installFakeFetch, json } from '@/test/fake-fetch';
import { renderPage } from '@/test/render-page';
import { screen, within } from '@/test/testing-library';
import { inTimeZone } from '@/test/time-zone';
import { LotTaxPanel } from './lot-tax-panel';

/*
 * An exit plan linked to real lots dates its lots, their qualifying days and the tax-aware order in the reader's locale ("May 31, 2026"), never as YYYY-MM-DD,
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
  /** The panel for a UK plan in pounds, served by the fake API. */
  function serveUkPlan(plan: object, note: string | null) {
    installFakeFetch({
      'GET /api/v2/settings/': () => json({ base_currency: 'gbp', favorites: [], cost_basis_method: 'fifo' }),
      'GET /api/v2/portfolios/': () => json({ count: 0, next: null, previous: null, results: [] }),
      'GET /api/v2/projections/exit-strategy/x1/tax/': () =>
        json({
          ...projectionTax,
          rule: 'uk',
          method: 'uk_pooling',
          currency: 'gbp',
          plan,
          tax_aware: null,
          note,
        }),
    });
    renderPage(<LotTaxPanel projectionId="x1" currency="gbp" dirty={false} />, {
      pattern: '/projections/:id',
      path: '/projections/x1',
    });
  }

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
    serveUkPlan(ukPlan, 'UK matching: a note.');
    const rungs = await screen.findByRole('table', { name: 'Tax per planned sale' });
    expect(within(rungs).getByText('2026/27 allowance used £1,000.00')).toBeTruthy();
    // The rule and method in the words Settings and the Tax page use, not their ids.
    expect(
      screen.getByText(/^Rule: United Kingdom \(HMRC\) · Method: HMRC share matching · figures/),
    ).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Annual exempt amount per tax year' }).textContent).toBe(
      '2026/27: annual exempt amount £3,000.00; gains realized this year £2,000.00 used £2,000.00, this plan uses £1,000.00.',
    );
  });

  /*
   * Two rungs sold today, 31 May 2026 (the plan's day), with 0.03 bought that same day: HMRC
   * matches rung 1's 0.03 with it (same-day rule) and rung 1's other 0.02 and rung 2 with the
   * pool. A purchase in the 30 days after, to 30 June 2026, would be matched with them first.
   * A rung later in the year wholly matched with a same-day purchase is not changed by one.
   */
  it('says which rungs a same-day purchase matched and until when a purchase would change the matching', async () => {
    const base = plan.sales[0] as (typeof plan.sales)[number];
    const line: SaleTaxOut['lots'][number] = {
      acquisition_id: null,
      acquired_on: null,
      quantity: '0',
      cost: '60',
      gain: '2640',
      category: 'gain',
      qualifies_on: null,
    };
    const ukSale = (id: string, sale_date: string, lots: SaleTaxOut['lots']) => ({
      ...base,
      id,
      sale_date,
      lots,
      all_qualify_on: null,
      tax_year: '2026/27',
      exempt_used: '0',
    });
    const sales = [
      ukSale('r1', '2026-05-31', [
        { ...line, acquisition_id: 't9', acquired_on: '2026-05-31', quantity: '0.03' },
        { ...line, quantity: '0.02' },
      ]),
      ukSale('r2', '2026-05-31', [{ ...line, quantity: '0.05' }]),
      ukSale('r3', '2026-12-20', [
        { ...line, acquisition_id: 't10', acquired_on: '2026-12-20', quantity: '0.05' },
      ]),
    ];
    serveUkPlan({ sales, total_tax: '0', total_net: '13486.5' }, null);
    const rungs = await screen.findByRole('table', { name: 'Tax per planned sale' });
    const [, first] = within(rungs).getAllByRole('row');
    if (!first) throw new Error('rung 1 expected');
    expect(
      within(first)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '0.03 bought the same day (same-day rule)',
      '0.02 from the Section 104 pool at its average cost',
    ]);
    const notes = within(screen.getByRole('list', { name: 'UK matching' })).getAllByRole('listitem');
    expect(notes.map((li) => li.textContent)).toEqual([
      "Rung 1 is matched in part with coins you bought the same day, May 31, 2026 (same-day rule), at their cost rather than the pool's average. " +
        'Buying this coin again after the sales on May 31, 2026, up to and including Jun 30, 2026, would be matched with them first (30-day rule) and change their cost and tax; the plan assumes you do not.',
      "Rung 3 is matched with coins you bought the same day, Dec 20, 2026 (same-day rule), at their cost rather than the pool's average. " +
        "Sales on Dec 20, 2026 are wholly matched with that day's purchases, so buying again in the next 30 days would not change them.",
    ]);
    expect(document.body.textContent).not.toMatch(iso);
  });
});
