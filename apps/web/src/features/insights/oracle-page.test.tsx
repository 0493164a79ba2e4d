import type { InsightCard, InsightsResponse } from '@app/contracts';
import { insightMessages } from '@app/contracts';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient, resetApiClientState } from '@/lib/api/client';
import { envelope, heldUntilReleased, installFakeFetch, json, type RecordedCall } from '@/test/fake-fetch';
import { renderPage } from '@/test/render-page';
import { render, screen, waitFor, within } from '@/test/testing-library';
import { highlightUnverified } from './components/narration-panel';
import { OraclePage } from './oracle-page';

const concentration: InsightCard = {
  kind: 'concentration',
  severity: 'warning',
  title: 'Concentration',
  headline: 'BTC is 60.00% of the portfolio, above your 40% limit; top 3 hold 100.00%, Herfindahl 0.4600.',
  figures: { largest_share_pct: '60', herfindahl: '0.46' },
  why: {
    formula: 'Herfindahl index = sum of every share squared.',
    numbers: [{ label: 'Herfindahl index', value: '0.4600' }],
    tables: [
      { title: 'Positions by value', columns: ['Coin', 'Share'], rows: [['BTC', '60.00%']], omitted: 2 },
    ],
  },
  actions: [{ label: 'Open BTC', href: '/cryptocurrencies/bitcoin' }],
  caveats: ['Prices are demo data from the bundled snapshot, not live market prices.'],
  estimate: false,
  available: true,
};

const feed = (consented: boolean): InsightsResponse => ({
  portfolio_id: null,
  base_currency: 'usd',
  cost_basis_method: 'fifo',
  generated_at: '2026-06-01T00:00:00.000Z',
  market: { source: 'demo', as_of: '2026-06-01T00:00:00.000Z', stale: false, demo: true },
  cards: [concentration],
  empty: null,
  narration: { available: true, consented },
});

const plan = (subject: string, symbol: string): InsightCard => ({
  ...concentration,
  kind: 'exit_plan',
  subject,
  severity: 'info',
  title: `Exit plan: ${symbol}`,
  headline: `${symbol} plan: 3 rungs.`,
  why: {
    formula: 'Each rung’s cash out follows the plan.',
    numbers: [],
    tables: [{ title: 'Rungs', columns: ['#'], rows: [['1']], omitted: 2 }],
  },
  actions: [{ label: `Open the ${symbol} plan`, href: `/projections/${subject}` }],
  caveats: [],
});

let calls: RecordedCall[];
function install(consented = false, cards: InsightCard[] = [concentration]) {
  const fake = installFakeFetch({
    'GET /api/v2/portfolios/': () => json({ results: [], count: 0 }),
    'GET /api/v2/insights/': () => json({ ...feed(consented), cards }),
    'GET /api/v2/insights/exit_plan/explain/': (call) => {
      const subject = new URL(call.path, 'http://localhost').searchParams.get('subject') ?? '';
      const symbol = subject === 'p-eth' ? 'ETH' : 'BTC';
      const card = plan(subject, symbol);
      return json({
        card: {
          ...card,
          why: {
            ...card.why,
            tables: [
              { title: 'Rungs', columns: ['#'], rows: [[`${symbol} rung 1`], ['2'], ['3']], omitted: 0 },
            ],
          },
        },
      });
    },
    'GET /api/v2/insights/concentration/explain/': () =>
      json({
        card: {
          ...concentration,
          why: {
            ...concentration.why,
            tables: [
              {
                title: 'Positions by value',
                columns: ['Coin', 'Share'],
                rows: [
                  ['BTC', '60.00%'],
                  ['ETH', '30.00%'],
                  ['USDC', '10.00%'],
                ],
                omitted: 0,
              },
            ],
          },
        },
      }),
    'GET /api/v2/insights/targets/': () => json({ portfolio_id: null, targets: [] }),
    'PUT /api/v2/insights/targets/': () =>
      envelope(400, 'validation_error', 'validation', 'Please check your input and try again', {
        fields: { targets: [insightMessages.targetsSum('90')] },
      }),
    'GET /api/v2/insights/settings/': () =>
      json({ concentration_threshold: '40', near_percent: '10', narration_consented_at: null }),
    'GET /api/v2/insights/narrate/prompt/': () =>
      json({
        prompt: '### system\nYou summarise…\n\n### user\n{"insights":[]}',
        payload: '{}',
        consented: false,
      }),
    'POST /api/v2/insights/narrate/consent/': () =>
      json({
        concentration_threshold: '40',
        near_percent: '10',
        narration_consented_at: '2026-06-01T00:00:00.000Z',
      }),
    'POST /api/v2/insights/narrate/': () =>
      new Response(
        [
          { type: 'delta', text: 'BTC is 60% of the portfolio; ' },
          { type: 'delta', text: 'it may double to 120,000.' },
          { type: 'done', unverified: ['120,000'] },
        ]
          .map((e) => `data: ${JSON.stringify(e)}\n\n`)
          .join(''),
        { headers: { 'content-type': 'text/event-stream' } },
      ),
  });
  calls = fake.calls;
}

beforeEach(() => {
  resetApiClientState();
  configureApiClient({ sleep: async () => {}, isOnline: () => true });
});

const renderOracle = () => renderPage(<OraclePage />, { pattern: '/insights', path: '/insights' });

describe('OraclePage', () => {
  it('shows the card, its caveat and the why drill-down with every row on request', async () => {
    install();
    renderOracle();
    const card = await screen.findByRole('article', { name: 'Concentration' });
    expect(within(card).getByText('Warning')).toBeTruthy();
    expect(within(card).getByRole('list', { name: 'Data caveats' }).textContent).toContain('demo data');
    expect(within(card).getByRole('link', { name: 'Open BTC' }).getAttribute('href')).toBe(
      '/cryptocurrencies/bitcoin',
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Why?' }));
    const why = screen.getByRole('region', { name: 'Why: Concentration' });
    expect(why.textContent).toContain('sum of every share squared');
    expect(why.textContent).toContain('2 more rows not shown.');
    await userEvent.click(within(why).getByRole('button', { name: 'Show every row' }));
    await waitFor(() => expect(within(why).getByRole('table').textContent).toContain('USDC'));
  });

  it('keeps the headings in order: the page, each card, each table of its why', async () => {
    install();
    renderOracle();
    const card = await screen.findByRole('article', { name: 'Concentration' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Oracle');
    expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe('Concentration');
    await userEvent.click(within(card).getByRole('button', { name: 'Why?' }));
    const why = screen.getByRole('region', { name: 'Why: Concentration' });
    expect(within(why).getByRole('heading', { level: 3 }).textContent).toBe('Positions by value');
    // No level is skipped anywhere on the page (Lighthouse's heading-order audit).
    const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    levels.forEach((level, i) => {
      expect(level - (levels[i - 1] ?? 0)).toBeLessThanOrEqual(1);
    });
  });

  it('explains the card that was clicked when a kind has one card per projection', async () => {
    install(false, [plan('p-btc', 'BTC'), plan('p-eth', 'ETH')]);
    renderOracle();
    const card = await screen.findByRole('article', { name: 'Exit plan: ETH' });
    await userEvent.click(within(card).getByRole('button', { name: 'Why?' }));
    const why = screen.getByRole('region', { name: 'Why: Exit plan: ETH' });
    await userEvent.click(within(why).getByRole('button', { name: 'Show every row' }));
    await waitFor(() => expect(within(why).getByRole('table').textContent).toContain('ETH rung 1'));
    expect(calls.map((c) => c.path)).toContain(
      '/api/v2/insights/exit_plan/explain/?portfolio_id=all&subject=p-eth',
    );
    expect(calls.map((c) => c.path).some((p) => p.includes('subject=p-btc'))).toBe(false);
  });

  it('shows the server’s field error when targets do not add up to 100 %', async () => {
    install();
    renderOracle();
    const form = await screen.findByRole('form', { name: 'Target allocation' });
    await userEvent.click(within(form).getByRole('button', { name: 'Add target' }));
    await userEvent.type(within(form).getByLabelText('Target 1 coin id'), 'bitcoin');
    await userEvent.type(within(form).getByLabelText('Target 1 percent'), '90');
    expect(form.textContent).toContain('(must be 100 %)');
    await userEvent.click(within(form).getByRole('button', { name: 'Save targets' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(insightMessages.targetsSum('90'));
    const put = calls.find((c) => c.method === 'PUT');
    expect(JSON.parse(put?.body ?? '{}')).toEqual({
      portfolio_id: 'all',
      targets: [{ type: 'coin', key: 'bitcoin', percentage: '90' }],
    });
  });

  it('opens the target form once the stored targets are in, so a row added then is kept', async () => {
    const targets = heldUntilReleased(() =>
      json({ portfolio_id: null, targets: [{ type: 'coin', key: 'bitcoin', percentage: '100' }] }),
    );
    installFakeFetch({
      'GET /api/v2/portfolios/': () => json({ results: [], count: 0 }),
      'GET /api/v2/insights/': () => json({ ...feed(false), cards: [concentration] }),
      'GET /api/v2/insights/targets/': targets.handler,
      'GET /api/v2/insights/settings/': () =>
        json({ concentration_threshold: '40', near_percent: '10', narration_consented_at: null }),
    });
    renderOracle();
    await screen.findByText('Loading targets…');
    expect(screen.queryByRole('form', { name: 'Target allocation' })).toBeNull();
    targets.release();
    const form = await screen.findByRole('form', { name: 'Target allocation' });
    expect((within(form).getByLabelText('Target 1 coin id') as HTMLInputElement).value).toBe('bitcoin');
    await userEvent.click(within(form).getByRole('button', { name: 'Add target' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((within(form).getByLabelText('Target 1 coin id') as HTMLInputElement).value).toBe('bitcoin');
    expect(within(form).getByLabelText('Target 2 coin id')).toBeTruthy();
  });

  it('shows what will be sent before the first summary, then streams it with unverified numbers marked', async () => {
    install(false);
    renderOracle();
    await userEvent.click(await screen.findByRole('button', { name: 'Summarise' }));
    const dialog = await screen.findByRole('dialog', { name: 'What will be sent' });
    await waitFor(() => expect(dialog.textContent).toContain('### system'));
    expect(calls.some((c) => c.path === '/api/v2/insights/narrate/')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agree and summarise' }));
    const summary = screen.getByRole('region', { name: 'Summary' });
    await waitFor(() => expect(summary.textContent).toContain('1 number not found in the data sent'));
    expect(within(summary).getByTitle('Not in the data sent: unverified').textContent).toContain('120,000');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /api/v2/insights/narrate/consent/');
  });
});

describe('highlightUnverified', () => {
  it('marks whole numbers only, not digits inside other numbers', () => {
    const { container } = render(<p>{highlightUnverified('Fees 21.5 of 121.5 and 21.5%', ['21.5'])}</p>);
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual([
      '21.5 (unverified)',
      '21.5 (unverified)',
    ]);
  });
});
