import { harvestCatches, type TaxDecisions, taxDecisionWords } from '@app/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient, resetApiClientState } from '@/lib/api/client';
import { installFakeFetch, json } from '@/test/fake-fetch';
import { renderPage } from '@/test/render-page';
import { screen, waitFor, within } from '@/test/testing-library';
import { DecisionsSection } from './decisions-section';

/*
 * "Decisions this year" on the Tax page: the lot worth waiting for with the tax either way, the
 * losses with the rule's catch (dated, with its source), the allowance left, and honest empty
 * states: nothing turning within the window, or no rule yet (with the way to choose one).
 */

const decisions: TaxDecisions = {
  rule: 'us',
  rule_label: 'United States',
  method: 'fifo',
  method_label: 'FIFO (first in, first out)',
  qualifying_label: 'long-term',
  currency: 'usd',
  portfolio_id: null,
  as_of: '2026-12-09',
  tax_year: { year: 2026, label: '2026', start: '2026-01-01', end: '2026-12-31' },
  window_days: 30,
  needs_rule: false,
  waits: [
    {
      coin_id: 'bitcoin',
      portfolio_id: 'p1',
      acquisition_id: 'b',
      acquired_on: '2025-12-20',
      quantity: '1',
      cost: '50000',
      price: '80000',
      value: '80000',
      unrealized: '30000',
      qualifies_on: '2026-12-21',
      days_to_wait: 12,
      sale_quantity: '1',
      lot_named: true,
      tax_year_now: '2026',
      tax_year_after: '2026',
      tax_now: '9600',
      tax_after: '4500',
      saving: '5100',
    },
  ],
  waits_omitted: 0,
  harvest: {
    lots: [
      {
        coin_id: 'bitcoin',
        portfolio_id: 'p1',
        basis: 'lot',
        acquisition_id: 'c',
        acquired_on: '2026-03-01',
        quantity: '1',
        cost: '100000',
        value: '80000',
        unrealized: '-20000',
        category: 'short',
        category_label: 'Short-term',
        tax_effect: '-3000',
      },
    ],
    lots_omitted: 0,
    total: '-20000',
    catch: harvestCatches.us,
  },
  year: {
    net_gain: '20000',
    estimated_tax: '3000',
    allowance: {
      kind: 'loss_deduction_limit',
      amount: '3000',
      used: '0',
      left: '3000',
      source: 'IRS Publication 550',
    },
    losses_brought_forward: '0',
    incomplete_disposals: 0,
  },
  notes: [taxDecisionWords.waitsHow, taxDecisionWords.waitsNamed],
  disclaimer: taxDecisionWords.disclaimer,
};

let answer: TaxDecisions = decisions;
beforeEach(() => {
  answer = decisions;
  resetApiClientState();
  configureApiClient({ sleep: async () => {}, isOnline: () => true });
  installFakeFetch({
    'GET /api/auth/csrf/': () => json({ csrfToken: 'tok' }),
    'GET /api/v2/settings/': () => json({ base_currency: 'usd', favorites: [], cost_basis_method: 'fifo' }),
    'GET /api/v2/transactions/crypto_options/': () =>
      json({ cryptocurrencies: [{ id: 'bitcoin', symbol: 'btc', name: 'Bitcoin', image: null }] }),
    'GET /api/v2/tax/decisions/': () => json(answer),
  });
});

async function section() {
  renderPage(<DecisionsSection portfolioId="all" />, { pattern: '/tax', path: '/tax' });
  const region = await screen.findByRole('region', { name: 'Decisions this year' });
  await waitFor(() => expect(within(region).queryByRole('status')).toBeNull());
  return region;
}

describe('decisions this year', () => {
  it('says how long to wait and what it saves, with the tax either way, labelled an estimate', async () => {
    const region = await section();
    const waits = await within(region).findByRole('list', { name: 'Turning long-term within 30 days' });
    const item = within(waits).getByRole('listitem');
    expect(within(item).getByText('Wait 12 days: saves $5,100.00 at your rate')).toBeTruthy();
    // The coin's name once the coin list has loaded (its id before).
    await waitFor(() =>
      expect(item.textContent).toContain('Bitcoin (BTC) bought Dec 20, 2025: 1, long-term from Dec 21, 2026'),
    );
    expect(item.textContent).toContain('Tax selling now$9,600.00');
    expect(item.textContent).toContain('Tax selling on Dec 21, 2026$4,500.00');
    expect(within(region).getByText('Estimate, not advice')).toBeTruthy();
    expect(region.textContent).toContain('United States rule · matched by FIFO (first in, first out)');
    expect(region.textContent).toContain(taxDecisionWords.disclaimer);
  });

  it('lists the losses with the rule’s catch, its source and the day it was checked, and the allowance left', async () => {
    const region = await section();
    const harvest = await within(region).findByRole('region', { name: 'Losses you could harvest in 2026' });
    await waitFor(() =>
      expect(harvest.textContent).toContain('Bitcoin (BTC) bought Mar 1, 2026: -$20,000.00'),
    );
    expect(harvest.textContent).toContain("selling it now lowers this year's tax by $3,000.00");
    expect(harvest.textContent).toContain(`The catch (United States): ${harvestCatches.us.text}`);
    expect(harvest.textContent).toContain('Source: IRC §1091; IRS Notice 2014-21, checked Dec 4, 2026.');
    const allowance = within(region).getByRole('region', { name: 'Allowance in 2026' });
    const figures = Object.fromEntries(
      [...allowance.querySelectorAll('dl > div')].map((d) => [
        d.querySelector('dt')?.textContent,
        d.querySelector('dd')?.textContent,
      ]),
    );
    expect(figures).toEqual({
      'Loss deduction against other income': '$3,000.00',
      Used: '$0.00',
      Left: '$3,000.00',
      'Estimated tax so far': '$3,000.00',
    });
  });

  it('says so when no lot turns within the window and no lot is at a loss', async () => {
    answer = { ...decisions, waits: [], harvest: { ...decisions.harvest, lots: [], total: '0' } };
    const region = await section();
    expect(await within(region).findByText('No lot turns long-term within 30 days.')).toBeTruthy();
    expect(within(region).getByText('No lot is below its cost at the price now.')).toBeTruthy();
    expect(within(region).queryByRole('list', { name: /Turning|Losses/ })).toBeNull();
  });

  it('without a rule: figures nothing and links to the setting', async () => {
    answer = {
      ...decisions,
      rule: 'none',
      needs_rule: true,
      waits: [],
      year: null,
      notes: [taxDecisionWords.needsRule],
    };
    const region = await section();
    const link = await within(region).findByRole('link', { name: 'Choose a tax rule' });
    expect(link.getAttribute('href')).toBe('/settings#tax-rule');
    expect(region.textContent).not.toMatch(/Wait|\$/);
  });
});
