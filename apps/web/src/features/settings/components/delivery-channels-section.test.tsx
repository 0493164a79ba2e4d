import type { NotificationChannel } from '@app/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClientState } from '@/lib/api/client';
import { createQueryClient } from '@/lib/query-client';
import { authRoutesFor, installFakeFetch, json, type RecordedCall } from '@/test/fake-fetch';
import { render, screen, waitFor, within } from '@/test/testing-library';
import { DeliveryChannelsSection } from './delivery-channels-section';

let channels: NotificationChannel[];
let calls: RecordedCall[] = [];

const channel = (over: Partial<NotificationChannel>): NotificationChannel => ({
  id: 'c1',
  kind: 'webhook',
  preset: 'ntfy',
  name: 'Phone',
  target: 'https://ntfy.sh/…opic',
  enabled: true,
  status: 'ok',
  last_error: null,
  failing_since: null,
  created_at: '2026-11-01T00:00:00Z',
  ...over,
});

beforeEach(() => {
  resetApiClientState();
  configureApiClient({ sleep: async () => {}, isOnline: () => true });
  channels = [
    channel({}),
    channel({
      id: 'c2',
      preset: 'discord',
      name: 'Old Discord',
      target: 'https://discord.com/…xyz1',
      status: 'failing',
      last_error: 'HTTP 404: Unknown Webhook',
    }),
  ];
  ({ calls } = installFakeFetch({
    ...authRoutesFor(true),
    'GET /api/v2/notification-channels/': () => json({ results: channels }),
    'POST /api/v2/notification-channels/': (call) => {
      const body = JSON.parse(call.body ?? '{}') as { name: string; preset: 'telegram' };
      const created = channel({
        id: 'c3',
        name: body.name,
        preset: body.preset,
        target: 'bot …CDEF → chat 4321',
      });
      channels = [...channels, created];
      return json(created, 201);
    },
  }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const slow = { timeout: 3_000 };

function renderSection() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DeliveryChannelsSection />
    </QueryClientProvider>,
  );
}

describe('DeliveryChannelsSection', () => {
  it('lists in-app first, then channels with their masked target and a failing one with its error', async () => {
    renderSection();
    const list = await screen.findByRole('list', { name: 'Delivery channels' }, slow);
    await within(list).findByText('Old Discord', {}, slow);
    const items = within(list).getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('In-app notifications');
    expect(items[0]?.textContent).toContain('Always on');
    expect(items[1]?.textContent).toContain('https://ntfy.sh/…opic');
    expect(items[2]?.textContent).toContain('Failing');
    expect(items[2]?.textContent).toContain('Stopped: HTTP 404: Unknown Webhook');
    expect(within(list).getAllByRole('button', { name: 'Send test' })).toHaveLength(2);
  });

  it('asks a Telegram bot for its token and chat id and checks them with the contract before sending', async () => {
    renderSection();
    const form = await screen.findByRole('form', { name: 'Add a channel' }, slow);
    await userEvent.selectOptions(within(form).getByLabelText('Channel type'), 'telegram');
    expect(within(form).getByLabelText('Bot API server (optional)')).toBeTruthy();
    await userEvent.click(within(form).getByRole('button', { name: 'Add channel' }));
    expect(await within(form).findByText('Enter the token.')).toBeTruthy();
    expect(within(form).getByText('Enter the chat id.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText('Bot token'), '123456:ABCDEF');
    await userEvent.type(within(form).getByLabelText('Chat id'), '4321');
    await userEvent.click(within(form).getByRole('button', { name: 'Add channel' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1), slow);
    expect(JSON.parse(calls.find((c) => c.method === 'POST')?.body ?? '{}')).toEqual({
      kind: 'webhook',
      preset: 'telegram',
      name: 'Telegram bot',
      token: '123456:ABCDEF',
      chat_id: '4321',
      enabled: true,
    });
    expect(await screen.findByText('bot …CDEF → chat 4321', {}, slow)).toBeTruthy();
  });

  it('offline, clears the form like a save when the channel is kept on this device', async () => {
    renderSection();
    const form = await screen.findByRole('form', { name: 'Add a channel' }, slow);
    const queued: unknown[] = [];
    configureApiClient({
      isOnline: () => false,
      queueWrite: async (write) => {
        queued.push(write);
        return true;
      },
    });
    ({ calls } = installFakeFetch({
      'POST /api/v2/notification-channels/': () => {
        throw new TypeError('Failed to fetch');
      },
    }));
    await userEvent.selectOptions(within(form).getByLabelText('Channel type'), 'telegram');
    await userEvent.type(within(form).getByLabelText('Bot token'), '123456:ABCDEF');
    await userEvent.type(within(form).getByLabelText('Chat id'), '4321');
    await userEvent.click(within(form).getByRole('button', { name: 'Add channel' }));
    await waitFor(() => expect(queued).toHaveLength(1), slow);
    await waitFor(
      () => expect((within(form).getByLabelText('Chat id') as HTMLInputElement).value).toBe(''),
      slow,
    );
    expect(within(form).queryByRole('alert')).toBeNull();
    configureApiClient({ queueWrite: async () => false });
  });
});
