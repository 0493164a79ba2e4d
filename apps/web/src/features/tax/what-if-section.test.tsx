import { type WhatIfResponse, whatIfMessages } from '@app/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient, resetApiClientState } from '@/lib/api/client';
import { envelope, installFakeFetch, json, type RecordedCall } from '@/test/fake-fetch';
import { renderPage } from '@/test/render-page';
import { fireEvent, screen, waitFor, within } from '@/test/testing-library';
import { TaxPage } from './tax-page';
import { lotsView, report } from './tax-view-fixtures';
import { WhatIfSection } from './what-if-section';

/*
 * "What if I sell?" on the Tax page: the coins held, the holding and the price now as hints, the
 * request the form sends, and the answer: its figures, the lots table and cards, the estimate label.
 */

// 1.2 ETH at the price now (3,000) with 0.5 % fees: lot t1 whole (long-term), 0.2 of t2 (short-term).
const answer: WhatIfResponse = {
  coin_id: 'ethereum',
  portfolio_id: null,
  currency: 'usd',
  sale_date: '2026-05-31',
  quantity_requested: '1.2',
  quantity: '1.2',
  held: '1.5',
  capped: false,
  price_per_coin: '3000',
  price_source: 'market_now',
  fees_percentage: '0.5',
  proceeds: '3600',
  fees: '18',
  cost: '2400',
  gain: '1182',
  estimated_tax: '220.64',
  after_tax: '3361.36',
  lots: [
    {
      basis: 'lot',
      basis_label: 'Lot',
      acquisition_id: 't1',
      acquired_on: '2024-01-17',
      quantity: '1',
      proceeds: '3000',
      fee: '15',
      cost: '2000',
      gain: '985',
      category: 'long',
      category_label: 'Long-term',
      qualifies_on: '2025-01-18',
    },
    {
      basis: 'lot',
      basis_label: 'Lot',
      acquisition_id: 't2',
      acquired_on: '2026-03-01',
      quantity: '0.2',
      proceeds: '600',
      fee: '3',
      cost: '400',
      gain: '197',
      category: 'short',
      category_label: 'Short-term',
      qualifies_on: '2027-03-02',
    },
  ],
  lots_without_cost: 0,
  categories: [
    {
      category: 'short',
      label: 'Short-term',
      quantity: '0.2',
      proceeds: '600',
      fees: '3',
      cost: '400',
      gain: '197',
      rate: '37',
      estimated_tax: '72.89',
    },
    {
      category: 'long',
      label: 'Long-term',
      quantity: '1',
      proceeds: '3000',
      fees: '15',
      cost: '2000',
      gain: '985',
      rate: '15',
      estimated_tax: '147.75',
    },
  ],
  all_qualify_on: '2027-03-02',
  rule: 'us',
  rule_label: 'United States',
  qualifying_label: 'long-term',
  method: 'fifo',
  method_label: 'FIFO (first in, first out)',
  lots_chosen: false,
  lowest_tax_choice: null,
  year: {
    tax_year: '2026',
    estimated_tax_before: '100',
    estimated_tax_after: '320.64',
    allowance_kind: 'loss_deduction_limit',
    allowance_amount: '3000',
    allowance_used_before: '0',
    allowance_used_after: '0',
    losses_brought_forward: '0',
    incomplete_disposals: 0,
  },
  uk: null,
  notes: ["Priced at the market's price now; the price you sell at will differ."],
  disclaimer: whatIfMessages.disclaimer,
};

let sent: RecordedCall[] = [];
let reply: () => Response = () => json(answer);

beforeEach(() => {
  sent = [];
  reply = () => json(answer);
  resetApiClientState();
  configureApiClient({ sleep: async () => {}, isOnline: () => true });
  installFakeFetch({
    'GET /api/auth/csrf/': () => json({ csrfToken: 'tok' }),
    'GET /api/v2/settings/': () => json({ base_currency: 'usd', favorites: [], cost_basis_method: 'fifo' }),
    'GET /api/v2/transactions/crypto_options/': () =>
      json({ cryptocurrencies: [{ id: 'ethereum', symbol: 'eth', name: 'Ethereum', image: null }] }),
    'GET /api/v2/portfolios/': () => json({ count: 0, next: null, previous: null, results: [] }),
    'GET /api/v2/tax/lots/': () => json(lotsView),
    'GET /api/v2/tax/report/': () => json(report),
    'POST /api/v2/tax/what-if/': (call) => {
      sent.push(call);
      return reply();
    },
  });
});

async function openSection() {
  renderPage(<TaxPage />, { pattern: '/tax', path: '/tax' });
  const heading = await screen.findByRole('heading', { name: 'What if I sell?' });
  const section = heading.closest('section') as HTMLElement;
  await within(section).findByRole('button', { name: 'Estimate the tax' });
  return section;
}

describe('what if I sell? on the Tax page', () => {
  it('sends the sale and shows its figures, lots and the estimate label', async () => {
    const section = await openSection();
    expect((within(section).getByLabelText('Coin') as HTMLSelectElement).value).toBe('ethereum');
    expect(within(section).getByText('You hold 1.5 in your portfolios')).toBeTruthy();
    expect(within(section).getByLabelText('Price per coin (USD)').getAttribute('placeholder')).toBe(
      'Now $3,000.00',
    );
    fireEvent.change(within(section).getByLabelText('Quantity'), { target: { value: ' 1.2 ' } });
    fireEvent.change(within(section).getByLabelText('Fees (%)'), { target: { value: '0.5' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Estimate the tax' }));

    const result = await within(section).findByRole('region', { name: 'What the sale would cost' });
    // Spaces typed around the number go; no price means the price now, no portfolio all of them.
    expect(JSON.parse(sent[0]?.body ?? '{}')).toEqual({
      coin_id: 'ethereum',
      quantity: '1.2',
      fees_percentage: '0.5',
    });
    expect(within(result).getByText('Estimate, not advice')).toBeTruthy();
    const figures = Object.fromEntries(
      [...result.querySelectorAll('dl[aria-label="The sale\'s figures"] > div')].map((d) => [
        d.querySelector('dt')?.textContent,
        d.querySelector('dd')?.textContent,
      ]),
    );
    expect(figures).toEqual({
      'Estimated tax': '$220.64',
      Gain: '$1,182.00',
      'After fees and tax': '$3,361.36',
      Proceeds: '$3,600.00',
      'Fees (0.5%)': '$18.00',
      Cost: '$2,400.00',
      'Quantity sold': '1.2',
      'Price (market now)': '$3,000.00',
      'Sale date': 'May 31, 2026',
    });
    const categories = within(result).getByRole('list', { name: 'Per category' });
    expect(
      within(categories)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Short-term0.2 sold · gain $197.00estimated tax $72.89 at 37%',
      'Long-term1 sold · gain $985.00estimated tax $147.75 at 15%',
    ]);
    const table = within(result).getByRole('table', { name: 'Lots the sale would use' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) =>
          within(r)
            .getAllByRole('cell')
            .map((c) => c.textContent),
        ),
    ).toEqual([
      ['Jan 17, 2024', 'Lot', '1', '$3,000.00', '$2,000.00', '$985.00', 'Long-term', 'since Jan 18, 2025'],
      ['Mar 1, 2026', 'Lot', '0.2', '$600.00', '$400.00', '$197.00', 'Short-term', 'Mar 2, 2027'],
    ]);
    // A phone's cards show the same figures in the same order.
    const cards = within(result).getByRole('list', { name: 'Lots the sale would use' });
    expect(
      within(cards)
        .getAllByRole('listitem')
        .map((li) => [...li.querySelectorAll('dd')].map((d) => d.textContent)),
    ).toEqual([
      ['Jan 17, 2024', 'Lot', '1', '$3,000.00', '$2,000.00', '$985.00', 'Long-term', 'since Jan 18, 2025'],
      ['Mar 1, 2026', 'Lot', '0.2', '$600.00', '$400.00', '$197.00', 'Short-term', 'Mar 2, 2027'],
    ]);
    expect(within(result).getByText(whatIfMessages.disclaimer)).toBeTruthy();
    expect(within(result).getByText(/^Estimated tax for 2026/).textContent).toBe(
      'Estimated tax for 2026, all your portfolios: $100.00 without this sale, $320.64 with it',
    );
    expect(within(result).getByText(/Rule: United States · Method: FIFO/).textContent).toContain(
      'every lot sold is long-term from Mar 2, 2027',
    );
  });

  it("shows the server's field message under its field", async () => {
    reply = () =>
      envelope(400, 'validation_error', 'validation', 'Please check your input and try again', {
        fields: { quantity: [whatIfMessages.nothingHeld] },
      });
    const section = await openSection();
    fireEvent.change(within(section).getByLabelText('Quantity'), { target: { value: '2' } });
    fireEvent.change(within(section).getByLabelText('Price per coin (USD)'), { target: { value: '4000' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Estimate the tax' }));
    await waitFor(() => expect(within(section).getByText(whatIfMessages.nothingHeld)).toBeTruthy());
    expect(within(section).getByLabelText('Quantity').getAttribute('aria-invalid')).toBe('true');
    expect(JSON.parse(sent[0]?.body ?? '{}')).toMatchObject({ price_per_coin: '4000' });
    expect(within(section).queryByRole('region', { name: 'What the sale would cost' })).toBeNull();
  });

  it('on a coin page: that coin only, and a coin not held has nothing to sell', async () => {
    const held = renderPage(<WhatIfSection coinId="ethereum" />, {
      pattern: '/cryptocurrencies/:id',
      path: '/cryptocurrencies/ethereum',
    });
    const quantity = await screen.findByLabelText('Quantity');
    expect(screen.queryByLabelText('Coin')).toBeNull();
    fireEvent.change(quantity, { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Estimate the tax' }));
    await screen.findByRole('region', { name: 'What the sale would cost' });
    expect(JSON.parse(sent[0]?.body ?? '{}')).toEqual({ coin_id: 'ethereum', quantity: '1' });
    held.unmount();

    renderPage(<WhatIfSection coinId="bitcoin" />, {
      pattern: '/cryptocurrencies/:id',
      path: '/cryptocurrencies/bitcoin',
    });
    expect(await screen.findByText('You hold none of bitcoin in your portfolios.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Estimate the tax' })).toBeNull();
  });
});

describe('the lowest-tax choice of lots (US rule)', () => {
  const lowest: NonNullable<WhatIfResponse['lowest_tax_choice']> = {
    lots: [
      { acquisition_id: 't2', quantity: '0.5' },
      { acquisition_id: 't1', quantity: '0.7' },
    ],
    lines: [
      {
        acquisition_id: 't2',
        acquired_on: '2026-03-01',
        quantity: '0.5',
        cost: '1000',
        gain: '492.5',
        category: 'short',
        category_label: 'Short-term',
      },
      {
        acquisition_id: 't1',
        acquired_on: '2024-01-17',
        quantity: '0.7',
        cost: '1400',
        gain: '689.5',
        category: 'long',
        category_label: 'Long-term',
      },
    ],
    estimated_tax: '200',
    gain: '1182',
    after_tax: '3382',
    method: 'fifo',
    method_label: 'FIFO (first in, first out)',
    method_estimated_tax: '220.64',
    method_gain: '1182',
    tax_saving: '20.64',
    same_as_method: false,
    notes: ['Found by taking the lots in the order of the tax each coin adds at your rates.'],
  };

  it('shows it beside the method, and opens the sale form with those lots for a portfolio', async () => {
    reply = () => json({ ...answer, portfolio_id: 'p1', lowest_tax_choice: lowest });
    const { router } = renderPage(<WhatIfSection coinId="ethereum" portfolioId="p1" />, {
      pattern: '/cryptocurrencies/:id',
      path: '/cryptocurrencies/ethereum',
    });
    fireEvent.change(await screen.findByLabelText('Quantity'), { target: { value: '1.2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Estimate the tax' }));
    const choice = await screen.findByRole('region', { name: 'Lowest-tax choice of lots' });
    expect(within(choice).getByText(/^Naming these lots/).textContent).toBe(
      'Naming these lots: estimated tax $200.00 against $220.64 with FIFO (first in, first out), $20.64 less; gain $1,182.00.',
    );
    expect(
      within(within(choice).getByRole('list', { name: 'Lots named' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Mar 1, 2026: 0.5 · Short-term · gain $492.50',
      'Jan 17, 2024: 0.7 · Long-term · gain $689.50',
    ]);
    fireEvent.click(within(choice).getByRole('link', { name: 'Enter this sale with these lots' }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/transactions');
    expect(router.state.location.state).toEqual({
      saleDraft: {
        portfolio_id: 'p1',
        coin_id: 'ethereum',
        quantity: '1.2',
        price_per_coin: '3000',
        lots: lowest.lots,
      },
    });
  });

  it('across all portfolios, asks for one before a sale can name lots', async () => {
    reply = () => json({ ...answer, lowest_tax_choice: lowest });
    const section = await openSection();
    fireEvent.change(within(section).getByLabelText('Quantity'), { target: { value: '1.2' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Estimate the tax' }));
    const choice = await within(section).findByRole('region', { name: 'Lowest-tax choice of lots' });
    expect(within(choice).queryByRole('link')).toBeNull();
    expect(within(choice).getByText('Choose a portfolio to enter this sale with these lots.')).toBeTruthy();
  });
});
