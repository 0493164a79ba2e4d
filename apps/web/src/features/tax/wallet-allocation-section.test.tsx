import { defaultTaxSettings, type TaxSettings, type WalletAllocation } from '@app/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient, resetApiClientState } from '@/lib/api/client';
import { installFakeFetch, json, type RecordedCall } from '@/test/fake-fetch';
import { renderPage } from '@/test/render-page';
import { fireEvent, screen, waitFor, within } from '@/test/testing-library';
import { WalletAllocationSection } from './wallet-allocation-section';

/*
 * "Per-portfolio lots: 2024 allocation" on the Tax page: shown only while the setting is on, the
 * proposal per coin and portfolio with its lots, confirming it, and going back to the proposal.
 * Figures: IRS Rev. Proc. 2024-28, section 5.02 (global allocation), worked by hand (A holds 10,
 * B holds 5; 8 bought at $100 in A, 7 at $200 in B, 2 of them moved to A).
 */

const proposal: WalletAllocation = {
  source: 'proposed',
  status: 'proposed',
  confirmed_at: null,
  lots_per_portfolio: true,
  as_of: '2024-12-31',
  method: 'fifo',
  currency: 'usd',
  coins: [
    {
      coin_id: 'bitcoin',
      held: '15',
      portfolios: [
        {
          portfolio_id: 'pa',
          portfolio_name: 'Wallet A',
          held: '10',
          pieces: [
            { acquisition_id: 'l1', acquired_at: '2021-03-01T12:00:00.000Z', quantity: '8', cost: '800' },
            { acquisition_id: 'l2', acquired_at: '2022-06-01T12:00:00.000Z', quantity: '2', cost: '400' },
          ],
        },
        {
          portfolio_id: 'pb',
          portfolio_name: 'Wallet B',
          held: '5',
          pieces: [
            { acquisition_id: 'l2', acquired_at: '2022-06-01T12:00:00.000Z', quantity: '5', cost: '1000' },
          ],
        },
      ],
    },
  ],
};

let settings: TaxSettings;
let stored: WalletAllocation;
let calls: RecordedCall[] = [];
beforeEach(() => {
  settings = { ...defaultTaxSettings, rule: 'us', lots_per_portfolio: true };
  stored = proposal;
  resetApiClientState();
  configureApiClient({ sleep: async () => {}, isOnline: () => true });
  ({ calls } = installFakeFetch({
    'GET /api/auth/csrf/': () => json({ csrfToken: 'tok' }),
    'GET /api/v2/settings/': () => json({ base_currency: 'usd', favorites: [], cost_basis_method: 'fifo' }),
    'GET /api/v2/transactions/crypto_options/': () =>
      json({ cryptocurrencies: [{ id: 'bitcoin', symbol: 'btc', name: 'Bitcoin', image: null }] }),
    'GET /api/v2/tax/settings/': () => json(settings),
    'GET /api/v2/tax/wallet-allocation/': () => json(stored),
    'PUT /api/v2/tax/wallet-allocation/': () => {
      stored = {
        ...proposal,
        source: 'confirmed',
        status: 'confirmed',
        confirmed_at: '2026-03-02T10:00:00.000Z',
      };
      return json(stored);
    },
    'DELETE /api/v2/tax/wallet-allocation/': () => {
      stored = proposal;
      return json(stored);
    },
  }));
});

const title = 'Per-portfolio lots: 2024 allocation';

describe('the 2024 allocation section', () => {
  it('shows the proposal per coin and portfolio, labelled an estimate, and confirms it', async () => {
    renderPage(<WalletAllocationSection />, { pattern: '/tax', path: '/tax' });
    const region = await screen.findByRole('region', { name: title });
    const a = await within(region).findByRole('list', { name: 'Lots placed in Wallet A' });
    expect(
      within(a)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Mar 1, 20218$800.00', 'Jun 1, 20222$400.00']);
    expect(region.textContent).toContain('Wallet Bheld 5');
    expect(region.textContent).toContain('not tax advice');
    expect(region.textContent).toContain('Proposed: estimated until you confirm it.');
    await waitFor(() => expect(region.textContent).toContain('Bitcoin (BTC) · 15 held on 31 Dec 2024'));

    fireEvent.click(within(region).getByRole('button', { name: 'Confirm allocation' }));
    await within(region).findByText('Confirmed on Mar 2, 2026');
    const put = calls.find((c) => c.method === 'PUT');
    expect(JSON.parse(put?.body ?? '{}')).toEqual({
      pieces: [
        { acquisition_id: 'l1', portfolio_id: 'pa', quantity: '8' },
        { acquisition_id: 'l2', portfolio_id: 'pa', quantity: '2' },
        { acquisition_id: 'l2', portfolio_id: 'pb', quantity: '5' },
      ],
    });

    fireEvent.click(within(region).getByRole('button', { name: 'Back to the proposal' }));
    await within(region).findByRole('button', { name: 'Confirm allocation' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('is not shown while lots are not tracked per portfolio', async () => {
    settings = { ...defaultTaxSettings, rule: 'us', lots_per_portfolio: false };
    renderPage(<WalletAllocationSection />, { pattern: '/tax', path: '/tax' });
    await waitFor(() => expect(calls.some((c) => c.path.includes('/tax/settings/'))).toBe(true));
    expect(screen.queryByRole('region', { name: title })).toBeNull();
    expect(calls.some((c) => c.path.includes('wallet-allocation'))).toBe(false);
  });
});
