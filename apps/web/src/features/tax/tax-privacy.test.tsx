import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usePreferences } from '@/lib/preferences';
import { maskedValue } from '@/lib/privacy';
import { renderPage } from '@/test/render-page';
import { screen, within } from '@/test/testing-library';
import { LotsPanel } from './lots-panel';
import { ReportPanel } from './report-panel';
import { installTaxApi } from './tax-view-fixtures';

/*
 * Privacy mode masks every monetary value and quantity on every page. The tax views
 * masked their money but printed quantities ("1.5 held", a lot's "0.5") as they are.
 */

beforeEach(() => {
  installTaxApi();
  usePreferences.setState({ privacyMode: true });
});

afterEach(() => {
  usePreferences.setState({ privacyMode: false });
});

describe('privacy mode on the tax views', () => {
  it('lots: quantities and amounts are masked in the table, the cards and the summaries', async () => {
    const { container } = renderPage(<LotsPanel portfolioId="all" />, { pattern: '/tax', path: '/tax' });
    const table = await screen.findByRole('table', { name: /lots$/ });
    const cells = within(table)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    const cards = [...screen.getByRole('list', { name: /lots$/ }).querySelectorAll('dd')].map(
      (d) => d.textContent,
    );
    // Two lots, each with quantity, cost, value and unrealized masked (days and dates are not).
    expect(cells.filter((t) => t === maskedValue)).toHaveLength(8);
    expect(cards.filter((t) => t === maskedValue)).toHaveLength(8);
    expect(container.textContent).not.toMatch(/1\.5|0\.5|\$/);
  });

  it('report: the quantities of disposals and income are masked, like their amounts', async () => {
    const { container } = renderPage(<ReportPanel portfolioId="all" year={2024} onYear={() => {}} />, {
      pattern: '/tax',
      path: '/tax',
    });
    await screen.findAllByRole('table');
    expect(container.textContent).toContain(maskedValue);
    expect(container.textContent).not.toMatch(/0\.1\b|0\.01\b|\$/);
  });
});
