import type { InsightsResponse } from '@app/contracts';
import { buildInsights, type InsightsInput } from '@app/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient, resetApiClientState } from '@/lib/api/client';
import { installFakeFetch, json } from '@/test/fake-fetch';
import { renderPage } from '@/test/render-page';
import { screen, within } from '@/test/testing-library';
import { OraclePage } from './oracle-page';

/*
 * The data-health card Oracle shows is built by core from the server's figures: with lots of
 * unknown cost it says how many, in the words every other screen uses.
 */

function input(lots: number): InsightsInput {
  return {
    now: new Date('2026-06-01T12:00:00Z'),
    baseCurrency: 'usd',
    method: 'fifo',
    settings: { concentrationThreshold: '40', nearPercent: '10' },
    positions: [
      {
        coinId: 'bitcoin',
        symbol: 'btc',
        name: 'Bitcoin',
        quantity: '2',
        costBasis: '30000',
        unknownCostQuantity: '1',
        lotsWithoutCost: lots,
        marketValue: '120000',
        price: '60000',
        ath: null,
        categories: [],
      },
    ],
    lots: [],
    closes: new Map(),
    heldThirtyDaysAgo: new Map(),
    fees: [],
    projections: [],
    alerts: [],
    firings: [],
    targets: [],
    feeRate: '0',
    health: {
      unpriced: [],
      market: { source: 'coingecko', asOf: '2026-06-01T11:59:00Z', stale: false, demo: false },
      unsupportedCurrencies: [],
      lotsWithoutCost: lots,
    },
    transactionCount: 3,
    taxLots: { unavailable: 'No tax rule chosen.' },
  };
}

function install(lots: number) {
  const cards = buildInsights(input(lots)).filter((c) => c.kind === 'data_health');
  const feed: InsightsResponse = {
    portfolio_id: null,
    base_currency: 'usd',
    cost_basis_method: 'fifo',
    generated_at: '2026-06-01T12:00:00.000Z',
    market: { source: 'coingecko', as_of: '2026-06-01T11:59:00.000Z', stale: false, demo: false },
    cards,
    empty: null,
    narration: { available: false, consented: false },
  };
  installFakeFetch({
    'GET /api/v2/portfolios/': () => json({ results: [], count: 0 }),
    'GET /api/v2/insights/': () => json(feed),
    'GET /api/v2/insights/targets/': () => json({ portfolio_id: null, targets: [] }),
    'GET /api/v2/insights/settings/': () =>
      json({ concentration_threshold: '40', near_percent: '10', narration_consented_at: null }),
  });
}

beforeEach(() => {
  resetApiClientState();
  configureApiClient({ sleep: async () => {}, isOnline: () => true });
});

describe('Oracle data health and lots without a cost', () => {
  it.each([
    [3, '3 lots have no cost: figures exclude them.'],
    [1, '1 lot has no cost: figures exclude it.'],
  ])('%i lots: "%s"', async (lots, words) => {
    install(lots);
    renderPage(<OraclePage />, { pattern: '/insights', path: '/insights' });
    const card = await screen.findByRole('article', { name: 'Data health' });
    expect(within(card).getAllByText(words, { exact: false }).length).toBeGreaterThan(0);
  });
});
