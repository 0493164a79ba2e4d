import {
  type DashboardResponse,
  type ExplainResponse,
  type PortfolioSummary,
  unknownCostLines,
  unknownCostMessages,
} from '@app/contracts';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { LeftOutNote } from '@/components/ui/left-out-note';
import { configureApiClient, resetApiClientState } from '@/lib/api/client';
import { formatMoney } from '@/lib/settings';
import { installFakeFetch, json } from '@/test/fake-fetch';
import { renderPage } from '@/test/render-page';
import { render, screen, within } from '@/test/testing-library';
import { PositionsList } from './positions-list';
import { SummaryCards } from './summary-cards';

/*
 * Coins received without a cost count in holdings and value, never in cost basis or P&L, and the
 * figures say so in the contracts' words: "cost unknown" in a cell, and a line under the figures
 * ("3 lots have no cost: figures exclude them").
 */

const money = (v: number | string | null | undefined) => formatMoney(v, 'usd');

/** 1 BTC bought at 100 and 0.5 BTC received without a cost, BTC at 200 (value 300). */
const summary = (counts: Partial<PortfolioSummary>): PortfolioSummary => ({
  portfolio_id: null,
  cost_basis_method: 'fifo',
  base_currency: 'usd',
  total_value: '300',
  total_investment: '100',
  unique_coins_count: 1,
  change_24h: '0',
  change_percentage_24h: '0',
  returns: {
    total: { profitLoss: '100', profitLossPercentage: '100' },
    unrealized: { profitLoss: '100', profitLossPercentage: '100' },
    realized: { profitLoss: '0', profitLossPercentage: null },
  },
  unpriced_coins: [],
  converted_currencies: [],
  ...counts,
});

type Position = NonNullable<DashboardResponse['positions']>['items'][number];
const roi = (profitLoss: string) => ({ profitLoss, profitLossPercentage: null });
const position = (fields: Partial<Position>): Position => ({
  coin_id: 'bitcoin',
  symbol: 'btc',
  name: 'Bitcoin',
  image: null,
  quantity: '1.5',
  totalInvestment: '100',
  costBasisPerCoin: '100',
  currentPrice: '200',
  totalValue: '300',
  realizedProfitLoss: '0',
  unrealizedProfitLoss: '100',
  returns: { total: roi('100'), unrealized: roi('100'), realized: roi('0') },
  ...fields,
});

const explained: ExplainResponse = {
  coin_id: 'bitcoin',
  method: 'fifo',
  base_currency: 'usd',
  portfolios: [
    {
      portfolio_id: '00000000-0000-4000-8000-000000000001',
      name: 'Main',
      currency: 'usd',
      quantity: '1.5',
      cost_basis: '100',
      average_cost: '100',
      unknown_cost_quantity: '0.5',
      lots_without_cost: 1,
      explanation: {
        method: 'fifo',
        lots: [
          {
            transaction_id: 'bought',
            type: 'buy',
            acquired_at: '2024-01-01T00:00:00.000Z',
            quantity_acquired: '1',
            quantity_left: '1',
            unit_cost: '100',
            cost_basis: '100',
          },
          {
            transaction_id: '00000000-0000-4000-8000-0000000000a2',
            type: 'transfer_in',
            acquired_at: '2024-02-01T00:00:00.000Z',
            quantity_acquired: '0.5',
            quantity_left: '0.5',
            unit_cost: null,
            cost_basis: null,
          },
        ],
      },
      sources: [
        {
          transaction_id: '00000000-0000-4000-8000-0000000000a2',
          connection_id: '00000000-0000-4000-8000-0000000000c1',
          source_id: 'f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16:0',
        },
      ],
    },
  ],
};

beforeEach(() => {
  resetApiClientState();
  configureApiClient({ sleep: async () => {}, isOnline: () => true });
  installFakeFetch({
    'GET /api/v2/settings/': () => json({ base_currency: 'usd', favorites: [], cost_basis_method: 'fifo' }),
    'GET /api/v2/dashboard/explain/': () => json(explained),
  });
});

describe('the wording of what unknown costs leave out', () => {
  it('says one lot in the singular and several in the plural, and nothing when none', () => {
    const { container } = render(<LeftOutNote lines={unknownCostLines({})} />);
    expect(container.textContent).toBe('');
    render(<LeftOutNote lines={unknownCostLines({ lots_without_cost: 1 })} />);
    expect(screen.getByRole('note').textContent).toBe('1 lot has no cost: figures exclude it');
  });

  it('puts the line under the summary figures, and in the unrealized explanation', async () => {
    render(
      <SummaryCards
        summary={summary({ lots_without_cost: 3, disposals_with_unknown_cost: 1 })}
        money={money}
      />,
    );
    expect(screen.getByRole('note').textContent).toBe(
      '3 lots have no cost: figures exclude them · 1 sale or transfer out took units of unknown cost: its gain leaves them out',
    );
    await userEvent.click(screen.getByRole('button', { name: 'What Unrealized means' }));
    const unrealized = screen.getByRole('region', { name: 'Unrealized: what it means' });
    expect(unrealized.textContent).toContain('whose cost is known');
    expect(unrealized.textContent).toContain('3 lots have no cost: figures exclude them.');
  });

  it('adds no line to a summary without lots of unknown cost', () => {
    render(<SummaryCards summary={summary({})} money={money} />);
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('shows the units of unknown cost beside the cost basis, and "cost unknown" when nothing else is held', async () => {
    renderPage(
      <PositionsList
        items={[
          position({ unknown_cost_quantity: '0.5', lots_without_cost: 1 }),
          position({
            coin_id: 'ethereum',
            symbol: 'eth',
            name: 'Ethereum',
            quantity: '2',
            totalInvestment: '0',
            costBasisPerCoin: null,
            unrealizedProfitLoss: '0',
            unknown_cost_quantity: '2',
            lots_without_cost: 1,
          }),
        ]}
        portfolioId="all"
        money={money}
      />,
      { pattern: '/', path: '/' },
    );
    const table = screen.getByRole('table', { name: 'Positions' });
    const [btc, eth] = within(table).getAllByRole('row').slice(1);
    expect(btc?.textContent).toContain('0.5 of it at unknown cost');
    // Cost basis and unrealized P&L: no figure, never $0.00.
    expect(eth && within(eth).getAllByText(unknownCostMessages.costUnknown)).toHaveLength(2);
    expect(screen.getByRole('note').textContent).toBe('2 lots have no cost: figures exclude them');

    await userEvent.click(within(table).getByRole('button', { name: 'Explain BTC cost basis' }));
    const lots = await screen.findByRole('table', { name: 'Main: lots left, in the order they are sold' });
    const received = within(lots).getAllByRole('row')[2];
    expect(received && within(received).getAllByText(unknownCostMessages.costUnknown)).toHaveLength(2);
    // The received lot says which connection and on-chain id it came from; the bought one is typed by hand.
    const link = received && within(received).getByRole('link', { name: /^On-chain f4184fc596/ });
    expect(link?.getAttribute('href')).toBe('/settings/connections/00000000-0000-4000-8000-0000000000c1');
    expect(within(lots).getAllByRole('row')[1]?.textContent).not.toContain('On-chain');
    expect(screen.getByRole('region', { name: 'How Main got its cost basis' }).textContent).toContain(
      '1 lot has no cost: figures exclude it',
    );
  });
});
