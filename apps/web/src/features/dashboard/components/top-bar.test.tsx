import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@/test/testing-library';
import {
  allowedMetric,
  type DashboardSelection,
  defaultSelection,
  sanitizeSelection,
  toggleCostSeries,
} from '../dashboard-selection';
import { TopBar } from './top-bar';

function Harness({ initial = defaultSelection }: { initial?: DashboardSelection }) {
  const [selection, setSelection] = useState(initial);
  return (
    <TopBar
      selection={selection}
      portfolios={[{ id: 'p1', name: 'Long term' }]}
      onChange={(patch) => setSelection((s) => sanitizeSelection({ ...s, ...patch }))}
    />
  );
}

describe('dashboard selection rules (allowed metric, never an empty cost series)', () => {
  it('falls back to holdings for a metric that is not allowed', () => {
    expect(allowedMetric('roi')).toBe('roi');
    expect(allowedMetric('positions')).toBe('positions');
    expect(allowedMetric('news')).toBe('holdings');
    expect(allowedMetric(undefined)).toBe('holdings');
    expect(sanitizeSelection({ metric: 'bogus', costSeries: [] })).toMatchObject({
      metric: 'holdings',
      holdingsView: 'chart',
      viewMode: 'grid',
      costSeries: ['costBasisPerCoin', 'currentPrice', 'athPrice'],
    });
  });

  it('never leaves the cost series empty', () => {
    expect(toggleCostSeries(['costBasisPerCoin', 'currentPrice'], 'currentPrice')).toEqual([
      'costBasisPerCoin',
    ]);
    expect(toggleCostSeries(['costBasisPerCoin'], 'costBasisPerCoin')).toEqual(['costBasisPerCoin']);
    expect(toggleCostSeries(['currentPrice'], 'costBasisPerCoin')).toEqual([
      'costBasisPerCoin',
      'currentPrice',
    ]);
  });
});

describe('<TopBar>', () => {
  it('offers All Portfolios or one portfolio, and the four metrics with Holdings selected', () => {
    render(
      <MemoryRouter>
        <Harness />
      </MemoryRouter>,
    );
    const portfolio = screen.getByRole('combobox', { name: 'Portfolio' });
    expect(portfolio).toHaveProperty('value', 'all');
    expect(screen.getByRole('option', { name: 'All Portfolios' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Long term' })).toBeTruthy();
    const metric = screen.getByRole('group', { name: 'Metric' });
    expect([...metric.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      'Holdings',
      'Returns',
      'Capital',
      'Cost',
    ]);
    expect(screen.getByRole('button', { name: 'Holdings' }).getAttribute('aria-pressed')).toBe('true');
    // Holdings view defaults to Chart; the general view mode to grid.
    expect(screen.getByRole('button', { name: 'Chart' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Grid' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows the return types for Returns and the cost series for Cost, keeping one series', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <Harness />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Returns' }));
    const types = screen.getByRole('group', { name: 'Return type' });
    expect([...types.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      'Total',
      'Unrealized',
      'Realized',
    ]);
    await user.click(screen.getByRole('button', { name: 'Realized' }));
    expect(screen.getByRole('button', { name: 'Realized' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Chart' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Cost' }));
    const costBasis = screen.getByRole('checkbox', { name: 'Cost Basis' }) as HTMLInputElement;
    const current = screen.getByRole('checkbox', { name: 'Current Price' }) as HTMLInputElement;
    const ath = screen.getByRole('checkbox', { name: 'ATH' }) as HTMLInputElement;
    expect(costBasis.checked && current.checked && ath.checked).toBe(true);
    await user.click(ath);
    expect(ath.checked).toBe(false);
    await user.click(current);
    expect(current.checked).toBe(false);
    await user.click(costBasis);
    expect(costBasis.checked).toBe(true);
  });
});
