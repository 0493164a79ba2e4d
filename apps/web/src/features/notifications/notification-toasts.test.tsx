import type { Notification } from '@app/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeFetch, json } from '@/test/fake-fetch';
import { renderPage } from '@/test/render-page';
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

const slow = { timeout: 5000 };

describe('a toast when a notification arrives (spec §9 toasts)', () => {
  it('toasts a new one with its condition, but not the ones there at load', async () => {
    let list = [notification('n1', 'ethereum', 100_500)];
    installFakeFetch({
      'GET /api/v2/notifications/': () =>
        json({ results: list, count: list.length, next: null, previous: null, unread_count: list.length }),
    });
    const { client } = renderPage(<NotificationToasts />, { pattern: '/', path: '/' });
    await waitFor(
      () => expect(client.getQueryState(notificationKeys.page(1, 10))?.status).toBe('success'),
      slow,
    );
    expect(screen.queryByText('Alert: ethereum')).toBeNull();

    list = [notification('n2', 'bitcoin', 101_000), ...list];
    await act(() => client.invalidateQueries({ queryKey: notificationKeys.all }));
    expect(await screen.findByText('Alert: bitcoin', {}, slow)).toBeTruthy();
    expect(screen.getByText('Price $101,000.00 ≥ $100,000.00')).toBeTruthy();
    expect(screen.queryByText('Alert: ethereum')).toBeNull();
  });
});
