import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClientState } from '@/lib/api/client';
import { browserLocation } from '@/lib/browser-location';
import { authRoutesFor, installFakeFetch, json } from '@/test/fake-fetch';
import { fakeMarketRoutes, fakeMarketState } from '@/test/fake-market';
import { renderApp } from '@/test/render-app';
import { screen, waitFor, within } from '@/test/testing-library';

vi.mock('@/components/ui/price-chart-canvas', async () => {
  const { PriceChartCanvasStandIn } = await import('@/test/chart-stand-in');
  return { PriceChartCanvas: PriceChartCanvasStandIn };
});

// A shared machine runs many suites at once; the waits below are for state, not speed.
vi.setConfig({ testTimeout: 30_000 });
const slow = { timeout: 10_000 };

beforeEach(() => {
  resetApiClientState();
  configureApiClient({ sleep: async () => {}, isOnline: () => true });
  vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  // happy-dom does no layout: the market table's scroller gets the height its CSS gives it.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(640);
  installFakeFetch({
    ...authRoutesFor(true),
    'GET /api/v2/notifications/': () =>
      json({ results: [], count: 0, next: null, previous: null, unread_count: 0 }),
    'GET /api/v2/alerts/': () => json({ results: [], count: 0, next: null, previous: null }),
    ...fakeMarketRoutes(fakeMarketState()),
  });
});
afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('market routes in the real route table', () => {
  it('/terminal?coin=bitcoin opens the terminal on Bitcoin', async () => {
    const { router } = renderApp('/terminal?coin=bitcoin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terminal' }, slow)).toBeTruthy();
    const section = await screen.findByRole('region', { name: 'Bitcoin chart' }, slow);
    expect(await within(section).findByRole('img', { name: 'Bitcoin price chart, 1D' }, slow)).toBeTruthy();
    expect(router.state.location.search).toBe('?coin=bitcoin');
  });

  it('/ is the terminal too, and Details leads to /cryptocurrencies/{id}', async () => {
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terminal' }, slow)).toBeTruthy();
    const market = await screen.findByRole('region', { name: 'Market' }, slow);
    await userEvent.click(await within(market).findByRole('button', { name: /^Ethereum/ }, slow));
    await waitFor(() => expect(router.state.location.search).toBe('?coin=ethereum'), slow);
    const section = await screen.findByRole('region', { name: 'Ethereum chart' }, slow);
    await userEvent.click(within(section).getByRole('link', { name: 'Details' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cryptocurrencies/ethereum'), slow);
    expect((await screen.findByRole('heading', { level: 1, name: /^Ethereum/ }, slow)).textContent).toBe(
      'Ethereum eth',
    );
  });
});
