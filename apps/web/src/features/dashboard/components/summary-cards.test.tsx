import type { PortfolioSummary } from '@app/contracts';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '@/lib/settings';
import { render, screen } from '@/test/testing-library';
import { SummaryCards } from './summary-cards';

/** Bought 1 BTC at 100 and 1 at 300 (average 200), sold 1 at 250: cost held 200, cost sold 200. */
const summary: PortfolioSummary = {
  portfolio_id: null,
  cost_basis_method: 'average',
  base_currency: 'usd',
  total_value: '400',
  total_investment: '200',
  unique_coins_count: 1,
  change_24h: '-10',
  change_percentage_24h: '-2.4390243902',
  returns: {
    total: { profitLoss: '250', profitLossPercentage: '62.5' },
    unrealized: { profitLoss: '200', profitLossPercentage: '100' },
    realized: { profitLoss: '50', profitLossPercentage: '25' },
  },
  unpriced_coins: [],
  converted_currencies: [],
};

const money = (v: number | string | null | undefined) => formatMoney(v, 'usd');

describe('summary cards explain themselves', () => {
  it('reconciles capital invested with the cost of coins sold and what total return is measured against', async () => {
    render(<SummaryCards summary={summary} money={money} />);
    expect(screen.getByText('(+62.50%)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'What Capital invested means' }));
    const capital = screen.getByRole('region', { name: 'Capital invested: what it means' });
    expect(capital.textContent).toContain('cost basis of the coins you still hold (average cost): $200.00');
    expect(capital.textContent).toContain('the cost of coins already sold ($200.00)');
    expect(capital.textContent).toContain('together they are $400.00');

    await userEvent.click(screen.getByRole('button', { name: 'What Total return means' }));
    expect(screen.queryByRole('region', { name: 'Capital invested: what it means' })).toBeNull();
    const total = screen.getByRole('region', { name: 'Total return: what it means' });
    expect(total.textContent).toContain('$200.00 + $50.00 = $250.00');
    expect(
      screen.getByRole('button', { name: 'What Total return means' }).getAttribute('aria-expanded'),
    ).toBe('true');
  });
});
