import { type LotsView, unknownCostMessages } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render-page';
import { screen, within } from '@/test/testing-library';
import { LotsPanel } from './lots-panel';
import { installTaxViews, lotsView, report } from './tax-view-fixtures';

/*
 * A lot received without a cost (a transfer in nobody priced): its cost and gain read "cost
 * unknown", never a dash or 0, and the page says how many lots the figures leave out.
 */

const withoutCost: LotsView = {
  ...lotsView,
  coins: lotsView.coins.map((coin) => ({
    ...coin,
    lots: [
      ...coin.lots,
      {
        portfolio_id: 'p1',
        coin_id: 'ethereum',
        basis: 'lot',
        acquisition_id: 't3',
        acquired_on: '2026-04-01',
        quantity: '2',
        cost: null,
        unit_cost: null,
        value: '6000',
        unrealized: null,
        days_held: 60,
        qualifies_on: '2027-04-02',
        qualifies_now: false,
      },
    ],
  })),
};

describe('tax lots of unknown cost', () => {
  it('read "cost unknown" and are counted above the lots', async () => {
    installTaxViews(withoutCost, report);
    renderPage(<LotsPanel portfolioId="all" />, { pattern: '/tax', path: '/tax' });
    const table = await screen.findByRole('table', { name: 'Ethereum (ETH) lots' });
    const received = within(table).getAllByRole('row')[3];
    expect(received && within(received).getAllByText(unknownCostMessages.costUnknown)).toHaveLength(2);
    expect(screen.getByRole('note').textContent).toBe('1 lot has no cost: figures exclude it');
  });

  it('say nothing when every lot has a cost', async () => {
    installTaxViews(lotsView, report);
    renderPage(<LotsPanel portfolioId="all" />, { pattern: '/tax', path: '/tax' });
    await screen.findByRole('table', { name: 'Ethereum (ETH) lots' });
    expect(screen.queryByRole('note')).toBeNull();
  });
});
