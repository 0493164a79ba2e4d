import { recalculate } from '@app/core';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeFetch } from '@/test/fake-fetch';
import { cleanup, fireEvent, screen, waitFor, within } from '@/test/testing-library';
import { sellOverscan } from '../hooks/use-sell-virtualizer';
import { useProjectionsSelection } from '../store/projections-selection-store';
import {
  referenceFigures as figure,
  slowTest as slow,
  thousandSells as thousand,
  thousandSellPlan,
} from '../test/long-plan';
import { renderWithQuery, setViewport, simulateSellLayout } from '../test/render';
import { money } from './format';
import { ProjectionView } from './projection-view';
import { figureHeadings } from './sell-row-parts';

const viewport = 560;
const rowHeight = 49;

function renderView() {
  return renderWithQuery(
    <MemoryRouter>
      <ProjectionView projectionId={thousandSellPlan.projection.id} detail={thousandSellPlan} />
    </MemoryRouter>,
  );
}

/** A figure cell's text by its column heading (the four input cells come first). */
const cellText = (row: HTMLElement, heading: string) =>
  within(row).getAllByRole('cell')[4 + figureHeadings.indexOf(heading)]?.textContent;

const sells = () => screen.getAllByRole('row', { name: /^Sell \d+$/ });
const sell = (n: number) => screen.getByRole('row', { name: `Sell ${n}` });
const input = (label: string, n: number) => screen.getByRole('textbox', { name: `${label}, sell ${n}` });

let undoLayout = () => {};
beforeEach(() => {
  useProjectionsSelection.setState({ transactions: null, lastSavedAt: null });
  installFakeFetch({});
  setViewport(1280, 800);
  undoLayout = simulateSellLayout({ viewport, row: rowHeight });
});
afterEach(() => {
  // Unmount first: a list still mounted would re-lay itself out at the next viewport.
  cleanup();
  undoLayout();
  setViewport(1024, 768);
});

describe('the sell table mounts only the rows in view', () => {
  it(
    'renders a window of a 1,000-row plan, and the rows below it when scrolled',
    async () => {
      renderView();
      const table = screen.getByRole('table', { name: 'Sell transactions' });
      expect(table.getAttribute('aria-rowcount')).toBe('1001');
      const inView = Math.ceil(viewport / rowHeight);
      expect(sells().length).toBeGreaterThanOrEqual(inView);
      expect(sells().length).toBeLessThanOrEqual(inView + 2 * sellOverscan + 1);
      expect(cellText(sell(1), 'Total cash out')).toBe(money(figure(1).cumulativeCashOut, 'usd'));
      expect(screen.queryByRole('row', { name: 'Sell 500' })).toBeNull();

      const scroller = screen.getByTestId('sell-table-scroller');
      scroller.scrollTop = 499 * rowHeight;
      fireEvent.scroll(scroller);
      await waitFor(() => expect(sell(500)).toBeTruthy());
      expect(screen.queryByRole('row', { name: 'Sell 1' })).toBeNull();
      expect(sells().length).toBeLessThanOrEqual(inView + 2 * sellOverscan + 1);
      // The figures are those of the right row: its running total and its own market figures.
      expect(cellText(sell(500), 'Total cash out')).toBe(money(figure(500).cumulativeCashOut, 'usd'));
      expect(cellText(sell(500), 'Implied market cap')).toBe(money(figure(500).impliedMarketCap, 'usd'));
      expect(sell(500).getAttribute('aria-rowindex')).toBe('501');

      scroller.scrollTop = 900 * rowHeight;
      fireEvent.scroll(scroller);
      await waitFor(() => expect(sell(901)).toBeTruthy());
      expect(within(sell(901)).getByText('capped at 0')).toBeTruthy();
    },
    slow,
  );

  it(
    'keeps the row being edited mounted when it scrolls away, and edits recalculate the totals',
    async () => {
      const user = userEvent.setup();
      renderView();
      const price = input('Price per coin', 2);
      await user.click(price);
      const scroller = screen.getByTestId('sell-table-scroller');
      scroller.scrollTop = 600 * rowHeight;
      fireEvent.scroll(scroller);
      await waitFor(() => expect(sell(601)).toBeTruthy());
      // Sell 2 is far out of view, yet still mounted, focused, and editable.
      expect(document.activeElement).toBe(price);
      await user.keyboard('5');
      expect((price as HTMLInputElement).value).toBe('1000105');
      const edited = recalculate(
        thousand.map((t) => (t.transaction_order === 2 ? { ...t, price_per_coin: '1000105' } : t)),
        '2',
        '20',
        { investedCapital: '10000' },
      );
      const summary = screen.getByRole('region', { name: 'Projection summary' });
      // Without price impact the take-home beside it is the same sum: read the stat by its name.
      const stat = (label: string) => within(summary).getByText(label).nextElementSibling?.textContent;
      await waitFor(() => expect(stat('Total cash out')).toBe(money(edited.totalCashOut, 'usd')));
      expect(stat('Total take-home after price impact')).toBe(money(edited.totalCashOut, 'usd'));
      expect(cellText(sell(601), 'Total cash out')).toBe(
        money(edited.rows[600]?.cumulativeCashOut ?? null, 'usd'),
      );
    },
    slow,
  );

  it(
    'moves through the inputs with Tab, row after row',
    async () => {
      const user = userEvent.setup();
      renderView();
      await user.click(input('Price impact %', 1));
      await user.tab();
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete sell 1' }));
      await user.tab();
      expect(document.activeElement).toBe(input('Coins sold', 2));
      await user.keyboard('{Control>}a{/Control}0.5');
      expect((input('Coins sold', 2) as HTMLInputElement).value).toBe('0.5');
    },
    slow,
  );

  it(
    'deletes a row in a long plan and renumbers the rest',
    async () => {
      const user = userEvent.setup();
      renderView();
      await user.click(screen.getByRole('button', { name: 'Delete sell 1' }));
      const table = screen.getByRole('table', { name: 'Sell transactions' });
      await waitFor(() => expect(table.getAttribute('aria-rowcount')).toBe('1000'));
      expect((input('Price per coin', 1) as HTMLInputElement).value).toBe('100010');
    },
    slow,
  );
});
