import type { Alert } from '@app/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClientState } from '@/lib/api/client';
import { createQueryClient } from '@/lib/query-client';
import { installFakeFetch, json, type RecordedCall } from '@/test/fake-fetch';
import { render, screen, waitFor, within } from '@/test/testing-library';
import { AlertDialog } from './components/alert-dialog';
import { CreateAlertButton } from './create-alert-button';

/** An alert made while the user's base currency was US dollars. */
const dollarAlert: Alert = {
  id: 'a1',
  coin_id: 'bitcoin',
  left: { type: 'indicator', metric: 'price', params: { period: null }, value: null },
  op: '>=',
  right: { type: 'value', metric: null, params: { period: null }, value: 100_000 },
  active: true,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  last_triggered_at: null,
  currency: 'usd',
};

let calls: RecordedCall[] = [];
beforeEach(() => {
  calls = [];
  resetApiClientState();
  configureApiClient({ sleep: async () => {}, isOnline: () => true });
  installFakeFetch({
    'GET /api/v2/settings/': () => json({ base_currency: 'eur', favorites: [], cost_basis_method: 'fifo' }),
    'POST /api/v2/alerts/': (call) => {
      calls.push(call);
      return json({ ...dollarAlert, id: 'a2', currency: 'eur' }, 201);
    },
    'PATCH /api/v2/alerts/a1/': (call) => {
      calls.push(call);
      return json(dollarAlert);
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
const slow = { timeout: 5_000 };

describe('the alert form in a euro base currency', () => {
  it('types a price threshold in euros and sends its currency; an indicator has none', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <CreateAlertButton coinId="bitcoin" coinName="Bitcoin" />
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create alert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create alert' });
    const value = await within(dialog).findByLabelText('Right value in EUR', undefined, slow);
    expect(dialog.textContent).toContain('A price is compared in EUR');
    await userEvent.type(value, '92000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create alert' }));
    await waitFor(() => expect(calls).toHaveLength(1), slow);
    expect(JSON.parse(calls[0]?.body ?? '')).toMatchObject({
      left: { type: 'indicator', metric: 'price' },
      op: '>=',
      right: { type: 'value', value: 92_000 },
      currency: 'eur',
    });
  });

  it('leaves the currency out of an RSI level', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <CreateAlertButton coinId="bitcoin" coinName="Bitcoin" />
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create alert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create alert' });
    await within(dialog).findByLabelText('Right value in EUR', undefined, slow);
    await userEvent.selectOptions(within(dialog).getByLabelText('Left metric'), 'rsi');
    await userEvent.type(within(dialog).getByLabelText('Right value'), '30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create alert' }));
    await waitFor(() => expect(calls).toHaveLength(1), slow);
    expect(JSON.parse(calls[0]?.body ?? '')).not.toHaveProperty('currency');
  });

  it('edits a dollar alert in dollars and says it keeps its own currency', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AlertDialog coinId="bitcoin" coinName="Bitcoin" alert={dollarAlert} onClose={() => {}} />
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit alert' });
    await waitFor(() => expect(dialog.textContent).toContain('yours is now EUR'), slow);
    expect(dialog.textContent).toContain("A price is compared in USD, this alert's own currency");
    const value = within(dialog).getByLabelText('Right value in USD');
    expect((value as HTMLInputElement).value).toBe('100000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save alert' }));
    await waitFor(() => expect(calls).toHaveLength(1), slow);
    expect(JSON.parse(calls[0]?.body ?? '')).toMatchObject({ currency: 'usd' });
  });
});
