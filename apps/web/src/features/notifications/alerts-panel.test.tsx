import type { Notification } from '@app/contracts';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClientState } from '@/lib/api/client';
import { browserLocation } from '@/lib/browser-location';
import { authRoutesFor, installFakeFetch, json } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';
import { screen, waitFor, within } from '@/test/testing-library';

const minute = 60_000;
function notification(i: number, isRead = false): Notification {
  return {
    id: `n${i}`,
    is_read: isRead,
    created_at: new Date(Date.now() - i * 7 * minute).toISOString(),
    coin_coingecko_id: i === 0 ? 'bitcoin' : 'ethereum',
    event_payload: {
      left: { type: 'indicator', metric: 'price', params: { period: null }, value: 101_000 },
      op: '>=',
      right: { type: 'value', metric: null, params: { period: null }, value: 100_000 },
      // One firing on the demo snapshot's simulated prices.
      ...(i === 1 ? { demo: true } : {}),
    },
  };
}

let unread = 150;
let readCalls: string[] = [];

beforeEach(() => {
  unread = 150;
  readCalls = [];
  resetApiClientState();
  configureApiClient({ sleep: async () => {}, isOnline: () => true });
  vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
  installFakeFetch({
    ...authRoutesFor(true),
    'GET /api/v2/notifications/': (call) => {
      const size = Number(new URL(call.path, 'http://x').searchParams.get('page_size'));
      const all = Array.from({ length: 12 }, (_, i) => notification(i, i > 5));
      return json({
        results: all.slice(0, size),
        count: 12,
        next: null,
        previous: null,
        unread_count: unread,
      });
    },
    // The market's top coins: the panel names bitcoin by its name; ethereum is in neither list.
    'GET /api/v2/cryptocurrencies/market_select/': () =>
      json({
        cryptocurrencies: [
          {
            id: 'bitcoin',
            db_id: 'bitcoin',
            symbol: 'btc',
            name: 'Bitcoin',
            image: '',
            user_favorite: false,
            available_balance: '0',
            current_price: 101_000,
            market_cap_rank: 1,
          },
        ],
      }),
    'POST /api/v2/notifications/read/': (call) => {
      readCalls.push(call.body ?? '');
      unread -= 1;
      return json({ updated: 1, unread_count: unread });
    },
    'POST /api/v2/notifications/read-all/': () => {
      readCalls.push('all');
      unread = 0;
      return json({ updated: 6, unread_count: 0 });
    },
  });
});

/** Waits for state on a busy shared machine; never a timing assertion. */
const slow = { timeout: 5_000 };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openPanel() {
  await userEvent.click(await screen.findByRole('button', { name: /^User menu/ }));
  await userEvent.click(await screen.findByRole('menuitem', { name: /Alerts/ }));
  return screen.findByRole('region', { name: 'Alerts' });
}

describe('Alerts panel and badge (10 most recent, read state, badge maximum 99)', () => {
  it('the badge shows at most 99 while the label keeps the real count', async () => {
    renderApp('/dashboard');
    // The whole app's first render (session, lazy route, notifications): over 1 s at CI load.
    const trigger = await screen.findByRole(
      'button',
      { name: 'User menu, 150 unread notifications' },
      { timeout: 5_000 },
    );
    const badge = await within(trigger).findByRole('status');
    expect(badge.textContent).toBe('99');
    expect(badge.getAttribute('aria-label')).toBe('150 unread notifications');
  });

  it('lists the 10 most recent with relative times, in a 200 px panel', async () => {
    renderApp('/dashboard');
    const panel = await openPanel();
    const list = await within(panel).findByRole('list', { name: 'Recent notifications' });
    const items = within(list).getAllByRole('button');
    expect(items).toHaveLength(10);
    await waitFor(() => expect(items[0]?.textContent).toContain('Bitcoin'), slow);
    expect(items[0]?.textContent).toContain('Price $101,000.00 ≥ $100,000.00');
    expect(items[0]?.textContent).toContain('now');
    expect(items[1]?.textContent).toContain('7m');
    expect(items[1]?.textContent).toContain('(demo data, simulated prices)');
    expect(items[0]?.textContent).not.toContain('demo');
    expect(list.parentElement?.style.height).toBe('200px');
  });

  it('clicking a notification marks it read and opens the terminal on its coin', async () => {
    const { router } = renderApp('/dashboard');
    const panel = await openPanel();
    await userEvent.click(await within(panel).findByRole('button', { name: /^Unread: Bitcoin,/ }, slow));
    await waitFor(() => expect(router.state.location.pathname).toBe('/terminal'), slow);
    expect(router.state.location.search).toBe('?coin=bitcoin');
    await waitFor(() => expect(readCalls).toEqual([JSON.stringify({ ids: ['n0'] })]), slow);
  });

  it("'Mark all read' marks everything and the badge disappears; 'View all' opens /notifications", async () => {
    const { router } = renderApp('/dashboard');
    const panel = await openPanel();
    await userEvent.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(readCalls).toEqual(['all']), slow);
    const trigger = screen.getByRole('button', { name: /^User menu/ });
    await waitFor(() => expect(within(trigger).queryByRole('status')).toBeNull(), slow);
    await userEvent.click(within(panel).getByRole('link', { name: 'View all' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/notifications'), slow);
    expect(await screen.findByRole('heading', { name: 'Notifications', level: 1 })).toBeTruthy();
  });
});
