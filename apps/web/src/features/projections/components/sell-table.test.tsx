import { projectionMessages } from '@app/contracts';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeFetch, json } from '@/test/fake-fetch';
import { cleanup, screen, waitFor, within } from '@/test/testing-library';
import { useProjectionsSelection } from '../store/projections-selection-store';
import { btcDetail, renderWithQuery, setViewport, simulateSellLayout } from '../test/render';
import { ProjectionView } from './projection-view';

const id = btcDetail.projection.id;
const rows = () =>
  within(screen.getByRole('table', { name: 'Sell transactions' }))
    .getAllByRole('row')
    .slice(1);
const input = (label: string, n: number) => screen.getByRole('textbox', { name: `${label}, sell ${n}` });

function renderView(detail = btcDetail) {
  return renderWithQuery(
    <MemoryRouter>
      <ProjectionView projectionId={id} detail={detail} />
      <Toaster />
    </MemoryRouter>,
  );
}

let undoLayout = () => {};
beforeEach(() => {
  useProjectionsSelection.setState({ transactions: null, lastSavedAt: null });
  setViewport(1280, 800);
  undoLayout = simulateSellLayout({ viewport: 560, row: 49 });
});
afterEach(() => {
  // Unmount first: a list still mounted would re-lay itself out at the next viewport.
  cleanup();
  undoLayout();
  setViewport(1024, 768);
});

describe('sell table (the sell transaction list)', () => {
  it('starts with one blank row and appends one when the last is filled and tokens remain', async () => {
    installFakeFetch({});
    const user = userEvent.setup();
    renderView();
    expect(rows()).toHaveLength(1);
    await user.type(input('Coins sold', 1), '0.5');
    expect(rows()).toHaveLength(1);
    await user.type(input('Price per coin', 1), '150000');
    await waitFor(() => expect(rows()).toHaveLength(2));
    // Live figures: 0.5 × 150,000 = 75,000 gross, 20% tax → 60,000 cash out; 1.5 left.
    const summary = screen.getByRole('region', { name: 'Projection summary' });
    expect(within(summary).getByText('1.5')).toBeTruthy();
    expect(within(summary).getAllByText('$60,000.00').length).toBeGreaterThan(0);
    // Extras: 150,000 is 1.5× the current price and 1.2× the ATH; market cap = price × supply.
    const first = rows()[0];
    if (first === undefined) throw new Error('no row');
    expect(within(first).getByText('1.50×')).toBeTruthy();
    expect(within(first).getByText('1.20×')).toBeTruthy();
    expect(within(first).getByText('$3,000,000,000,000')).toBeTruthy();
    // Selling everything stops the blank rows.
    await user.type(input('Coins sold', 2), '5');
    await user.type(input('Price per coin', 2), '200000');
    expect(rows()).toHaveLength(2);
    expect(screen.getByText(/capped at 1\.5/)).toBeTruthy();
  });

  it('renumbers after a delete and leaves one blank row carrying the tax when none remain', async () => {
    installFakeFetch({});
    const user = userEvent.setup();
    renderView();
    await user.type(input('Coins sold', 1), '0.1');
    await user.type(input('Price per coin', 1), '1');
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Delete sell 1' }));
    expect(rows()).toHaveLength(1);
    expect((input('Coins sold', 1) as HTMLInputElement).value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Delete sell 1' }));
    expect(rows()).toHaveLength(1);
    expect(useProjectionsSelection.getState().transactions?.rows[0]?.sell_tax).toBe('20');
  });

  it('fills the table from a three-rung ladder', async () => {
    installFakeFetch({});
    const user = userEvent.setup();
    renderView();
    await user.type(screen.getByRole('textbox', { name: 'Start price' }), '100000');
    await user.type(screen.getByRole('textbox', { name: 'End price' }), '200000');
    await user.click(screen.getByRole('button', { name: 'Generate ladder' }));
    expect((input('Price per coin', 2) as HTMLInputElement).value).toBe('150000');
    expect((input('Coins sold', 3) as HTMLInputElement).value).toBe('0.66666668');
    expect(rows()).toHaveLength(3);
  });

  it('keeps unsaved edits in the persisted store so they survive a reload', async () => {
    installFakeFetch({});
    const user = userEvent.setup();
    const view = renderView();
    await user.type(input('Coins sold', 1), '0.25');
    const persisted = JSON.parse(localStorage.getItem('exit-liquidity-projections') ?? '{}');
    expect(persisted.version).toBe(1);
    expect(persisted.state.transactions.rows[0].coins_sold).toBe('0.25');
    view.unmount();
    renderView();
    expect((input('Coins sold', 1) as HTMLInputElement).value).toBe('0.25');
  });

  it('saves the normalised rows, re-fetches, and reports a failed re-fetch', async () => {
    let detailCalls = 0;
    const fetch = installFakeFetch({
      [`POST /api/v2/projections/exit-strategy/${id}/transactions/replace/`]: () => json([]),
      [`GET /api/v2/projections/exit-strategy/${id}/calculate-with-transactions/`]: () => {
        detailCalls += 1;
        return json({ error: { code: 'x', message: 'boom', category: 'business', details: null } }, 409);
      },
    });
    const user = userEvent.setup();
    renderView();
    await user.type(input('Coins sold', 1), '0.123456789');
    await user.type(input('Price per coin', 1), '10');
    await user.click(screen.getByRole('button', { name: 'Save transactions' }));
    await waitFor(() => expect(detailCalls).toBe(1));
    const sent = fetch.calls.find((c) => c.path.endsWith('/replace/'));
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({
      transactions: [
        {
          coins_sold: '0.12345679',
          price_per_coin: '10',
          fees_percentage: '0',
          price_impact_percentage: '0',
          transaction_order: 1,
        },
      ],
    });
    // The list is cleared (one blank row) after the failed sync.
    await waitFor(() => expect((input('Coins sold', 1) as HTMLInputElement).value).toBe(''));
    expect(await screen.findByText(projectionMessages.syncAfterSaveFailed('boom'))).toBeTruthy();
  });

  it('says when the rows were saved in relative time, never a timestamp', () => {
    installFakeFetch({});
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600_000 - 60_000).toISOString();
    useProjectionsSelection.setState({ lastSavedAt: twoDaysAgo });
    renderView();
    const saved = screen.getByText(/^Saved /);
    expect(saved.textContent).toBe('Saved 2d ago');
    expect(saved.getAttribute('title')).toBe(new Date(twoDaysAgo).toLocaleString());
  });
});
