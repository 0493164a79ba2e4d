import type { Alert } from '@app/contracts';
import { alertMessages } from '@app/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClientState } from '@/lib/api/client';
import { browserLocation } from '@/lib/browser-location';
import { coinDetailsQuery } from '@/lib/market/market-api';
import { createQueryClient } from '@/lib/query-client';
import { authRoutesFor, envelope, installFakeFetch, json, type RecordedCall } from '@/test/fake-fetch';
import { coinDetails, marketCoin } from '@/test/fake-market';
import { renderApp } from '@/test/render-app';
import { render, screen, waitFor, within } from '@/test/testing-library';
import { CreateAlertButton } from './create-alert-button';

const alert: Alert = {
  id: 'a1',
  coin_id: 'bitcoin',
  left: { type: 'indicator', metric: 'rsi', params: { period: 14 }, value: null },
  op: '<=',
  right: { type: 'value', metric: null, params: { period: null }, value: 30 },
  active: true,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  last_triggered_at: null,
  waiting_for_data: true,
  currency: null,
};

let calls: RecordedCall[] = [];
beforeEach(() => {
  calls = [];
  resetApiClientState();
  configureApiClient({ sleep: async () => {}, isOnline: () => true });
  vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
  installFakeFetch({
    ...authRoutesFor(true),
    'GET /api/v2/notifications/': () =>
      json({ results: [], count: 0, next: null, previous: null, unread_count: 0 }),
    'GET /api/v2/alerts/': () => json({ results: [alert], count: 1, next: null, previous: null }),
    // The market's top coins: the page names the alert's coin by its name.
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
    'PATCH /api/v2/alerts/a1/': (call) => {
      calls.push(call);
      const body = JSON.parse(call.body ?? '{}');
      if (body.right?.value === 500) {
        return envelope(400, 'validation_error', 'validation', 'Please check your input and try again', {
          fields: { 'right.value': ['Server says no.'] },
        });
      }
      return json({ ...alert, ...body, right: alert.right });
    },
    'POST /api/v2/alerts/': (call) => {
      calls.push(call);
      return json({ ...alert, id: 'a2' }, 201);
    },
  });
});
/** Waits for state on a busy shared machine; never a timing assertion. */
const slow = { timeout: 5_000 };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/alerts', () => {
  it('lists alerts with their state and pauses one', async () => {
    renderApp('/alerts');
    const list = await screen.findByRole('region', { name: 'Your alerts' }, slow);
    expect(within(list).getByText('RSI(14) ≤ 30')).toBeTruthy();
    expect(within(list).getByText('Waiting for data')).toBeTruthy();
    expect(await within(list).findByRole('link', { name: 'Bitcoin' }, slow)).toBeTruthy();
    await userEvent.click(within(list).getByRole('button', { name: 'Pause alert bitcoin RSI(14) ≤ 30' }));
    await waitFor(() => expect(calls.map((c) => c.body)).toEqual([JSON.stringify({ active: false })]), slow);
  });

  it('edits an alert and shows server field errors under the field', async () => {
    renderApp('/alerts');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit alert bitcoin RSI(14) ≤ 30' }, slow),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit alert' }, slow);
    expect(dialog.textContent).toContain('On Bitcoin.');
    const value = within(dialog).getByLabelText('Right value');
    await userEvent.clear(value);
    await userEvent.type(value, '500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save alert' }));
    expect(await within(dialog).findByText('Server says no.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Right value').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('Create alert', () => {
  function renderButton() {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <CreateAlertButton coinId="bitcoin" coinName="Bitcoin" />
      </QueryClientProvider>,
    );
  }

  it("names the coin whose page is open at once, from that page's details", async () => {
    const client = createQueryClient();
    client.setQueryData(
      coinDetailsQuery('ethereum', 'usd').queryKey,
      coinDetails(marketCoin(2, { id: 'ethereum', symbol: 'eth', name: 'Ethereum' })),
    );
    render(
      <QueryClientProvider client={client}>
        <CreateAlertButton coinId="ethereum" />
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create alert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create alert' }, slow);
    expect(dialog.textContent).toContain('On Ethereum.');
  });

  it('checks the draft with the contract before sending: a missing value, a bad period', async () => {
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Create alert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create alert' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create alert' }));
    expect(within(dialog).getByText(alertMessages.valueRequired)).toBeTruthy();
    await userEvent.selectOptions(within(dialog).getByLabelText('Left metric'), 'ema');
    const period = within(dialog).getByLabelText('Left period');
    expect((period as HTMLInputElement).value).toBe('50');
    await userEvent.clear(period);
    await userEvent.type(period, '1');
    await userEvent.type(within(dialog).getByLabelText('Right value'), '100');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create alert' }));
    expect(within(dialog).getByText(alertMessages.periodInvalid)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('creates `ema(50) >= sma(200)` as the contract shape', async () => {
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Create alert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create alert' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Left metric'), 'ema');
    await userEvent.selectOptions(within(dialog).getByLabelText('Right metric'), 'sma');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create alert' }));
    await waitFor(() => expect(calls).toHaveLength(1), slow);
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({
      coin_id: 'bitcoin',
      left: { type: 'indicator', metric: 'ema', params: { period: 50 } },
      op: '>=',
      right: { type: 'indicator', metric: 'sma', params: { period: 200 } },
      active: true,
      // No channel unticked, so every enabled channel.
      channel_ids: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), slow);
  });
});

describe('Create alert offline', () => {
  it('closes the dialog like a save when the write is kept on this device, showing no error', async () => {
    const queued: unknown[] = [];
    const notices: string[] = [];
    configureApiClient({
      isOnline: () => false,
      queueWrite: async (write) => {
        queued.push(write);
        return true;
      },
      onQueuedOffline: () => notices.push('queued'),
    });
    installFakeFetch({
      'POST /api/v2/alerts/': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <CreateAlertButton coinId="bitcoin" coinName="Bitcoin" />
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create alert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create alert' });
    await userEvent.type(within(dialog).getByLabelText('Right value in USD'), '100');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create alert' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), slow);
    expect(queued).toHaveLength(1);
    expect(notices).toEqual(['queued']);
    expect(screen.queryByRole('alert')).toBeNull();
    configureApiClient({ queueWrite: async () => false, onQueuedOffline: () => {} });
  });
});
