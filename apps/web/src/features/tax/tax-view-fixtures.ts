import type { LotsView, TaxReportResponse } from '@app/contracts';
import { configureApiClient, resetApiClientState } from '@/lib/api/client';
import { installFakeFetch, json } from '@/test/fake-fetch';

/** The tax views' test data: one coin's two lots (one long-term), a 2024 sale and a reward. */
const noTotal = { quantity: '0', cost: '0', value: '0', unrealized: '0' };
const summary = {
  quantity: '1.5',
  cost: '3000',
  value: '4500',
  unrealized: '1500',
  qualifying_now: { quantity: '1', cost: '2000', value: '3000', unrealized: '1000' },
  qualifying_within_30_days: noTotal,
  qualifying_within_90_days: noTotal,
};

export const lotsView: LotsView = {
  rule: 'us',
  method: 'fifo',
  qualifying_label: 'long-term',
  as_of: '2026-05-31',
  currency: 'usd',
  portfolio_id: null,
  coins: [
    {
      coin_id: 'ethereum',
      current_price: '3000',
      summary,
      lots: [
        {
          portfolio_id: 'p1',
          coin_id: 'ethereum',
          basis: 'lot',
          acquisition_id: 't1',
          acquired_on: '2024-01-17',
          quantity: '1',
          cost: '2000',
          unit_cost: '2000',
          value: '3000',
          unrealized: '1000',
          days_held: 865,
          qualifies_on: '2025-01-18',
          qualifies_now: true,
        },
        {
          portfolio_id: 'p1',
          coin_id: 'ethereum',
          basis: 'lot',
          acquisition_id: 't2',
          acquired_on: '2026-03-01',
          quantity: '0.5',
          cost: '1000',
          unit_cost: '2000',
          value: '1500',
          unrealized: '500',
          days_held: 91,
          qualifies_on: '2027-03-02',
          qualifies_now: false,
        },
      ],
    },
  ],
  summary,
  needs_price: [
    {
      transaction_id: 't9',
      portfolio_id: 'p1',
      coin_id: 'ethereum',
      type: 'buy',
      executed_at: '2025-02-03T00:30:00.000Z',
      reason: 'no_rate',
    },
  ],
};

export const report: TaxReportResponse = {
  years: [2024],
  settings_from: { from_year: null, from_label: null },
  rule: 'us',
  method: 'fifo',
  year: 2024,
  year_start: '2024-01-01',
  year_end: '2024-12-31',
  year_label: '2024',
  currency: 'usd',
  portfolio_id: null,
  disposals: [
    {
      transaction_id: 's1',
      portfolio_id: 'p1',
      coin_id: 'bitcoin',
      sold_at: '2024-01-16T00:10:00.000Z',
      sold_on: '2024-01-16',
      quantity: '0.1',
      proceeds: '4000',
      fee: '4',
      cost: '3800',
      gain: '196',
      lines: [
        {
          basis: 'lot',
          acquisition_id: 'b1',
          acquired_on: '2024-01-15',
          quantity: '0.1',
          proceeds: '4000',
          fee: '4',
          cost: '3800',
          gain: '196',
          days_held: 1,
          category: 'short',
        },
      ],
    },
  ],
  totals: [],
  total_gain: '196',
  estimated_tax: '0',
  income: [
    {
      transaction_id: 'r1',
      portfolio_id: 'p1',
      coin_id: 'ethereum',
      received_at: '2024-03-05T01:00:00.000Z',
      quantity: '0.01',
      value: '35',
    },
  ],
  income_total: '35',
  needs_price: [],
  incomplete_disposals: 0,
  year_summary: {
    scope: 'all_portfolios',
    gains: '196',
    losses: '0',
    net_gain: '196',
    allowance: {
      kind: 'loss_deduction_limit',
      amount: '3000',
      used: '304',
      left: '2696',
      source: 'IRS Publication 550, "Capital Losses"',
    },
    losses_brought_forward: '500',
    losses_used: '500',
    losses_carried_forward: '0',
    losses_by_category: [
      { category: 'short', brought_forward: '0', used: '0', carried_forward: '0' },
      { category: 'long', brought_forward: '500', used: '500', carried_forward: '0' },
    ],
    taxable_gain: '0',
    taxable_by_category: [
      { category: 'short', taxable: '0', rate: '0', estimated_tax: '0' },
      { category: 'long', taxable: '0', rate: '0', estimated_tax: '0' },
    ],
    estimated_tax: '0',
    incomplete_disposals: 0,
    steps: [
      {
        text: '2024: short-term gains of {st_gains} give {st_net}; long-term, with the loss carried over of {lt_brought}, {lt_net} (Schedule D, lines 7 and 15).',
        amounts: { st_gains: '196', st_net: '196', lt_brought: '500', lt_net: '-500' },
      },
      {
        text: 'Up to {limit} of a net capital loss a year is deducted from your other income: {deduction} deducted.',
        amounts: { limit: '3000', deduction: '304' },
      },
    ],
  },
  lot_choices: { applies: true, applied: 0, ignored: 0, not_followed: [], notes: [] },
};

/** The API answers the tax views read, with the fixtures above. */
export function installTaxApi(): void {
  installTaxViews(lotsView, report);
}

/** The API answers the tax views read, with these lots and this report. */
export function installTaxViews(lots: LotsView, taxReport: TaxReportResponse): void {
  resetApiClientState();
  configureApiClient({ sleep: async () => {}, isOnline: () => true });
  installFakeFetch({
    'GET /api/v2/settings/': () => json({ base_currency: 'usd', favorites: [], cost_basis_method: 'fifo' }),
    'GET /api/v2/transactions/crypto_options/': () =>
      json({
        cryptocurrencies: [
          { id: 'ethereum', symbol: 'eth', name: 'Ethereum', image: null },
          { id: 'bitcoin', symbol: 'btc', name: 'Bitcoin', image: null },
        ],
      }),
    'GET /api/v2/portfolios/': () => json({ count: 0, next: null, previous: null, results: [] }),
    'GET /api/v2/tax/lots/': () => json(lots),
    'GET /api/v2/tax/report/': () => json(taxReport),
  });
}
