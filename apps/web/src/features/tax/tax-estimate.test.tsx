import { describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render-page';
import { screen, within } from '@/test/testing-library';
import { ReportPanel } from './report-panel';
import { installTaxViews, lotsView, report } from './tax-view-fixtures';

/*
 * Without a tax rule there is no rate, and a newcomer read "estimated tax $0.00 at 0%" as
 * "nothing to pay". The report says there is no estimate and links to the rule instead. Under a
 * rule the estimate shown is the one after the rule's allowance and losses carried between years.
 */

const gains = {
  category: 'gain' as const,
  disposals: 1,
  proceeds: '4000',
  cost: '3800',
  fees: '4',
  gain: '196',
  rate: '0',
  estimated_tax: '0',
};

function showReport() {
  renderPage(<ReportPanel portfolioId="all" year={2024} onYear={() => {}} />, {
    pattern: '/tax',
    path: '/tax',
  });
  return screen.findByRole('region', { name: 'Totals' });
}

describe('the realized-gains estimate', () => {
  it('without a tax rule: no estimate, a link to choose the rule', async () => {
    installTaxViews({ ...lotsView, rule: 'none' }, { ...report, rule: 'none', totals: [gains] });
    const totals = await showReport();
    expect(totals.textContent).not.toMatch(/estimated tax/);
    const link = within(totals).getByRole('link', { name: 'choose your tax rule' });
    expect(link.getAttribute('href')).toBe('/settings#tax-rule');
  });

  it('under a rule: the rate on each category, and the estimate on the taxable figure', async () => {
    installTaxViews(lotsView, {
      ...report,
      totals: [{ ...gains, category: 'short', rate: '24', estimated_tax: '47.04' }],
      year_summary: report.year_summary && {
        ...report.year_summary,
        taxable_gain: '96',
        estimated_tax: '23.04',
      },
    });
    const totals = await showReport();
    expect(totals.textContent).toMatch(/rate 24%/);
    // The estimate before allowances and losses is not the one shown.
    expect(totals.textContent).not.toMatch(/47\.04/);
    expect(totals.textContent).toMatch(/estimated tax \$23\.04 after allowances and losses$/);
    expect(within(totals).queryByRole('link')).toBeNull();
  });

  it('under a rule without a rate: says no rate is set and links to set one, never "at 0%"', async () => {
    installTaxViews(lotsView, {
      ...report,
      totals: [
        { ...gains, category: 'short', rate: '0', estimated_tax: '0' },
        { ...gains, category: 'tax_free', rate: '0', estimated_tax: '0' },
      ],
    });
    const totals = await showReport();
    const card = (label: RegExp) => within(totals).getByText(label).parentElement?.textContent ?? '';
    expect(card(/^Short-term/)).not.toMatch(/rate 0%/);
    expect(card(/^Short-term/)).toMatch(/no rate set/);
    expect(card(/^Tax-free/)).toMatch(/rate 0%/);
    const links = within(totals).getAllByRole('link', { name: 'set a rate' });
    // The tax-free category is 0 by law: only the short-term one asks for a rate.
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe('/settings#tax-rule');
  });
});
