import type { TaxReportResponse, TaxYearSummary } from '@app/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { usePreferences } from '@/lib/preferences';
import { maskedValue } from '@/lib/privacy';
import { renderPage } from '@/test/render-page';
import { screen, within } from '@/test/testing-library';
import { ReportPanel } from './report-panel';
import { installTaxViews, lotsView, report } from './tax-view-fixtures';

/*
 * The report year after the rule's allowance and the losses carried between years: the figures,
 * each step of the working with its source, money formatted like every other figure (and masked
 * in privacy mode), and the estimate on the taxable gain.
 */

const ukSummary: TaxYearSummary = {
  scope: 'all_portfolios',
  gains: '10000',
  losses: '0',
  net_gain: '10000',
  allowance: {
    kind: 'annual_exempt_amount',
    amount: '3000',
    used: '3000',
    left: '0',
    source: 'HMRC: the Capital Gains Tax annual exempt amount for individuals',
  },
  losses_brought_forward: '4000',
  losses_used: '4000',
  losses_carried_forward: '0',
  losses_by_category: [],
  taxable_gain: '3000',
  taxable_by_category: [{ category: 'gain', taxable: '3000', rate: '20', estimated_tax: '600' }],
  estimated_tax: '600',
  incomplete_disposals: 0,
  steps: [
    {
      text: '2024/25: gains of {gains} less losses of {losses} give a net gain of {net_gain} (HMRC Capital Gains Manual CG18030).',
      amounts: { gains: '10000', losses: '0', net_gain: '10000' },
    },
    {
      text: 'Losses brought forward from earlier years: {brought}. They are used only to bring the net gain down to the annual exempt amount (HMRC Capital Gains Manual CG21570): {used} used, {carried} carried forward.',
      amounts: { brought: '4000', used: '4000', carried: '0' },
    },
  ],
};

const ukReport: TaxReportResponse = {
  ...report,
  rule: 'uk',
  method: 'uk_pooling',
  year_label: '2024/25',
  currency: 'gbp',
  portfolio_id: 'p1',
  totals: [
    {
      category: 'gain',
      disposals: 1,
      proceeds: '11000',
      cost: '1000',
      fees: '0',
      gain: '10000',
      rate: '20',
      estimated_tax: '2000',
    },
  ],
  total_gain: '10000',
  estimated_tax: '2000',
  year_summary: ukSummary,
};

function show(data: TaxReportResponse) {
  installTaxViews(lotsView, data);
  renderPage(<ReportPanel portfolioId="p1" year={2024} onYear={() => {}} />, {
    pattern: '/tax',
    path: '/tax',
  });
  return screen.findByRole('region', { name: `${data.year_label} after allowances and losses` });
}

afterEach(() => {
  usePreferences.setState({ privacyMode: false });
});

describe('the year after allowances and losses', () => {
  it('shows the allowance used and left, the losses, the taxable gain and the estimate, each step with its source', async () => {
    const section = await show(ukReport);
    const figure = (term: string) => within(section).getByText(term).nextElementSibling?.textContent;
    expect(figure('Annual exempt amount')).toBe('£3,000.00');
    expect(figure('Allowance used')).toBe('£3,000.00');
    expect(figure('Allowance left')).toBe('£0.00');
    expect(figure('Losses brought forward')).toBe('£4,000.00');
    expect(figure('Losses carried forward')).toBe('£0.00');
    expect(figure('Taxable gain')).toBe('£3,000.00');
    expect(figure('Estimated tax (an estimate, not a tax return)')).toBe('£600.00');
    expect(section.textContent).toMatch(/Across all your portfolios/);

    const steps = within(within(section).getByRole('list', { name: 'How it was worked out' })).getAllByRole(
      'listitem',
    );
    expect(steps.map((s) => s.textContent)).toEqual([
      '2024/25: gains of £10,000.00 less losses of £0.00 give a net gain of £10,000.00 (HMRC Capital Gains Manual CG18030).',
      'Losses brought forward from earlier years: £4,000.00. They are used only to bring the net gain down to the annual exempt amount (HMRC Capital Gains Manual CG21570): £4,000.00 used, £0.00 carried forward.',
    ]);
    expect(section.textContent).toMatch(/Source: HMRC: the Capital Gains Tax annual exempt amount/);

    // The totals show the estimate on the taxable figure, not the rate times this portfolio's gains.
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(totals.textContent).toMatch(
      /estimated tax £600\.00 after allowances and losses \(all portfolios\)/,
    );
    expect(totals.textContent).not.toMatch(/£2,000\.00/);
  });

  it('names the US cap and the carryovers by character, and wraps rather than scrolling sideways', async () => {
    const section = await show({ ...report, year_label: '2024' });
    const figure = (term: string) => within(section).getByText(term).nextElementSibling?.textContent;
    expect(figure('Loss deduction limit')).toBe('$3,000.00');
    expect(figure('Loss set against other income')).toBe('$304.00');
    expect(figure('Short-term loss carried forward')).toBe('$0.00');
    expect(figure('Long-term loss carried forward')).toBe('$0.00');
    expect(within(section).getAllByRole('listitem')[0]?.textContent).toContain('-$500.00');
    // Two figures a line on a phone, four from the sm breakpoint; long words and amounts wrap.
    expect(section.querySelector('dl')?.className).toMatch(/grid-cols-2 .*sm:grid-cols-4/);
    expect(within(section).getByRole('list').className).toContain('[overflow-wrap:anywhere]');
  });

  it('names the rule and method of the year, and the tax year their entry of the settings starts from', async () => {
    await show({ ...report, settings_from: { from_year: 2024, from_label: '2024' } });
    expect(screen.getByText(/Rule: United States · Method:/).textContent).toMatch(
      /USD · Rule: United States · Method: FIFO \(first in, first out\), as set from 2024$/,
    );
  });

  it('names a limit as a limit: what it kept tax-free, nothing left over', async () => {
    const limit: TaxReportResponse = {
      ...report,
      rule: 'de',
      year_label: '2024',
      currency: 'eur',
      year_summary: {
        ...ukSummary,
        allowance: {
          kind: 'exemption_limit',
          amount: '1000',
          used: '800',
          left: null,
          source: '§ 23 (3) EStG',
        },
      },
    };
    const de = await show(limit);
    expect(within(de).getByText('Exemption limit').nextElementSibling?.textContent).toBe('€1,000.00');
    expect(within(de).getByText('Kept tax-free by the limit')).toBeTruthy();
    expect(within(de).queryByText('Allowance left')).toBeNull();
  });

  it('masks every amount in privacy mode, in the figures and in the steps', async () => {
    usePreferences.setState({ privacyMode: true });
    const section = await show(ukReport);
    expect(section.textContent).toContain(maskedValue);
    expect(section.textContent).not.toMatch(/£|\d,\d{3}/);
  });

  it('without a rule there is no summary', async () => {
    installTaxViews(lotsView, { ...report, rule: 'none', year_summary: null });
    renderPage(<ReportPanel portfolioId="all" year={2024} onYear={() => {}} />, {
      pattern: '/tax',
      path: '/tax',
    });
    await screen.findByRole('region', { name: 'Totals' });
    expect(screen.queryByRole('region', { name: /after allowances and losses/ })).toBeNull();
  });
});
