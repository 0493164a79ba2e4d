import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { installFakeFetch } from '@/test/fake-fetch';
import { cleanup, screen, waitFor, within } from '@/test/testing-library';
import { useProjectionsSelection } from '../store/projections-selection-store';
import { btcDetail, renderWithQuery, setViewport, simulateSellLayout } from '../test/render';
import { ProjectionView } from './projection-view';

const input = (label: string, n: number) => screen.getByRole('textbox', { name: `${label}, sell ${n}` });
const stat = (label: string) =>
  within(screen.getByRole('region', { name: 'Projection summary' })).getByText(label).nextElementSibling
    ?.textContent;

/**
 * 0.5 BTC at 150,000 with a 1 % fee and 10 % price impact, under the plan's 20 % sell tax:
 * cash out 75,000 − 750 − 15,000 = 59,250 (impact ignored, as the spec's formulas are);
 * take-home 67,500 (at 135,000) − 675 − 13,500 = 53,325.
 */
async function typeSale() {
  const user = userEvent.setup();
  await user.type(input('Coins sold', 1), '0.5');
  await user.type(input('Price per coin', 1), '150000');
  await user.type(input('Fees %', 1), '1');
  await user.type(input('Price impact %', 1), '10');
}

afterEach(() => {
  cleanup();
  setViewport(1024, 768);
});

describe.each([
  ['1280 px, a table row per sell', 1280, 49],
  ['390 px, a card per sell', 390, 300],
])('take-home after price impact at %s', (_name, width, row) => {
  it('shows each sell and the total after impact beside the unchanged cash out', async () => {
    useProjectionsSelection.setState({ transactions: null, lastSavedAt: null });
    installFakeFetch({});
    setViewport(width, 800);
    const undo = simulateSellLayout({ viewport: width >= 1280 ? 560 : 0, row });
    try {
      renderWithQuery(
        <MemoryRouter>
          <ProjectionView projectionId={btcDetail.projection.id} detail={btcDetail} />
        </MemoryRouter>,
      );
      await typeSale();
      await waitFor(() => expect(stat('Total cash out')).toBe('$59,250.00'));
      expect(stat('Total take-home after price impact')).toBe('$53,325.00');
      const sell = screen.getByRole(width >= 1280 ? 'row' : 'listitem', { name: 'Sell 1' });
      expect(within(sell).getByText('$53,325.00')).toBeTruthy();
      expect(within(sell).getAllByText('$59,250.00').length).toBeGreaterThan(0);
      if (width < 1280) expect(within(sell).getByText('Take-home after price impact')).toBeTruthy();
      else expect(screen.getByRole('columnheader', { name: 'Take-home after price impact' })).toBeTruthy();
    } finally {
      cleanup();
      undo();
    }
  });
});
