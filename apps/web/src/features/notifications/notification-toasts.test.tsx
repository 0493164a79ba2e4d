import type { Notification } from '@app/contracts';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { installFakeFetch, json } from '@/test/fake-fetch';
import { renderPage } from '@/test/render-page';
import { act, screen, waitFor, within } from '@/test/testing-library';
import { AlertsPanel } from './alerts-panel';
import { notificationKeys } from './api/notifications-api';
import { NotificationToasts } from './notification-toasts';

function notification(id: string, coin: string, price: number): Notification {
  return {
    id,
    is_read: false,
    created_at: new Date().toISOString(),
    coin_coingecko_id: coin,
    event_payload: {
      left: { type: 'indicator', metric: 'price', params: { period: null }, value: price },
      op: '>=',
      right: { type: 'value', metric: null, params: { period: null }, value: 100_000 },
    },
  };
}

/** The notifications as they are now; the market's top coins name bitcoin, the user's own a small coin. */
function routes(list: () => Notification[]) {
  return {
    'GET /api/v2/notifications/': () =>
      json({
        results: list(),
        count: list().length,
        next: null,
        previous: null,
        unread_count: list().length,
      }),
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
    'GET /api/v2/transactions/crypto_options/': () =>
      json({ cryptocurrencies: [{ id: 'tiny-coin', symbol: 'tny', name: 'Tiny Coin', image: null }] }),
  };
}

const slow = { timeout: 5000 };

describe('a toast when a notification arrives', () => {
  it("toasts a new one with its coin's name and condition, but not the ones there at load", async () => {
    let list = [notification('n1', 'ethereum', 100_500)];
    installFakeFetch(routes(() => list));
    const { client } = renderPage(<NotificationToasts />, { pattern: '/', path: '/' });
    await waitFor(
      () => expect(client.getQueryState(notificationKeys.page(1, 10))?.status).toBe('success'),
      slow,
    );
    expect(screen.queryByText('Alert: ethereum')).toBeNull();

    list = [notification('n2', 'bitcoin', 101_000), ...list];
    await act(() => client.invalidateQueries({ queryKey: notificationKeys.all }));
    expect(await screen.findByText('Alert: Bitcoin', {}, slow)).toBeTruthy();
    expect(screen.getByText('Price $101,000.00 ≥ $100,000.00')).toBeTruthy();
    expect(screen.queryByText('Alert: ethereum')).toBeNull();
    expect(screen.queryByText('Alert: Ethereum')).toBeNull();

    list = [notification('n3', 'tiny-coin', 0.5), ...list];
    await act(() => client.invalidateQueries({ queryKey: notificationKeys.all }));
    expect(await screen.findByText('Alert: Tiny Coin', {}, slow)).toBeTruthy();
  });

  it('opening the Alerts panel, where the toasts are, dismisses the toast of a notification it lists', async () => {
    let list = [notification('n1', 'ethereum', 100_500)];
    installFakeFetch(routes(() => list));
    function Shell() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Alerts
          </button>
          {open && <AlertsPanel onClose={() => setOpen(false)} />}
          <NotificationToasts />
        </>
      );
    }
    const { client } = renderPage(<Shell />, { pattern: '/', path: '/' });
    await waitFor(
      () => expect(client.getQueryState(notificationKeys.page(1, 10))?.status).toBe('success'),
      slow,
    );
    list = [notification('n2', 'bitcoin', 101_000), ...list];
    await act(() => client.invalidateQueries({ queryKey: notificationKeys.all }));
    const toastTitle = await screen.findByText('Alert: Bitcoin', {}, slow);
    // The pointer rests on the toast, which holds sonner's timer: only the panel can take it away.
    await userEvent.hover(toastTitle);
    screen.getByRole('button', { name: 'Alerts' }).focus();
    await userEvent.keyboard('{Enter}');
    const panel = await screen.findByRole('region', { name: 'Alerts' });
    expect(await within(panel).findByRole('button', { name: /^Unread: Bitcoin,/ }, slow)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Alert: Bitcoin')).toBeNull(), slow);
  });
});
