import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeFetch } from '@/test/fake-fetch';
import { cleanup, fireEvent, screen, waitFor, within } from '@/test/testing-library';
import { sellOverscan } from '../hooks/use-sell-virtualizer';
import { useProjectionsSelection } from '../store/projections-selection-store';
import { slowTest as slow, thousandSellPlan } from '../test/long-plan';
import { btcDetail, renderWithQuery, setViewport, simulateSellLayout } from '../test/render';
import { ProjectionView } from './projection-view';

const cardHeight = 300;
const windowHeight = 700;

function renderView(detail = thousandSellPlan) {
  return renderWithQuery(
    <MemoryRouter>
      <ProjectionView projectionId={detail.projection.id} detail={detail} />
    </MemoryRouter>,
  );
}

const cards = () => screen.getAllByRole('listitem', { name: /^Sell \d+$/ });
const card = (n: number) => screen.getByRole('listitem', { name: `Sell ${n}` });
const input = (label: string, n: number) => screen.getByRole('textbox', { name: `${label}, sell ${n}` });

let undoLayout = () => {};
beforeEach(() => {
  useProjectionsSelection.setState({ transactions: null, lastSavedAt: null });
  installFakeFetch({});
  setViewport(390, windowHeight);
  // The cards scroll with the window; only the cards need a height.
  undoLayout = simulateSellLayout({ viewport: 0, row: cardHeight });
});
afterEach(() => {
  // Unmount first: a list still mounted would re-lay itself out at the next viewport.
  cleanup();
  undoLayout();
  window.scrollTo(0, 0);
  setViewport(1024, 768);
});

describe('below 1,280 px each sell is a card', () => {
  it('stacks labelled inputs and figures per sell, with the blank-row rule and capping', async () => {
    const user = userEvent.setup();
    renderView(btcDetail);
    expect(screen.queryByRole('table', { name: 'Sell transactions' })).toBeNull();
    expect(screen.getByRole('list', { name: 'Sell transactions' })).toBeTruthy();
    expect(cards()).toHaveLength(1);
    await user.type(input('Coins sold', 1), '0.5');
    await user.type(input('Price per coin', 1), '150000');
    await waitFor(() => expect(cards()).toHaveLength(2));
    const first = card(1);
    for (const label of ['Coins sold', 'Price per coin', 'Fees %', 'Price impact %']) {
      expect(within(first).getByText(label)).toBeTruthy();
    }
    // Each figure sits under its own label: 0.5 × 150,000 less 20% tax; 1.5× the current price.
    const figureOf = (label: string) => within(first).getByText(label).nextElementSibling?.textContent;
    expect(figureOf('Cash out')).toBe('$60,000.00');
    expect(figureOf('Remaining')).toBe('1.5');
    expect(figureOf('× current')).toBe('1.50×');
    expect(figureOf('× ATH')).toBe('1.20×');
    expect(figureOf('Implied market cap')).toBe('$3,000,000,000,000');
    await user.type(input('Coins sold', 2), '5');
    await user.type(input('Price per coin', 2), '200000');
    expect(cards()).toHaveLength(2);
    expect(within(card(2)).getByText('capped at 1.5')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete sell 1' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect((input('Price per coin', 1) as HTMLInputElement).value).toBe('200000');
  });

  it(
    'mounts only the cards in view of a 1,000-sell plan',
    async () => {
      renderView();
      const inView = Math.ceil(windowHeight / cardHeight);
      expect(cards().length).toBeLessThanOrEqual(inView + 2 * sellOverscan + 1);
      expect(card(1).getAttribute('aria-setsize')).toBe('1000');
      // The cards scroll with the page.
      window.scrollTo(0, 899 * cardHeight);
      fireEvent.scroll(window);
      await waitFor(() => expect(card(900)).toBeTruthy());
      expect(within(card(900)).getByText('capped at 0')).toBeTruthy();
      expect(cards().length).toBeLessThanOrEqual(inView + 2 * sellOverscan + 1);
    },
    slow,
  );
});
