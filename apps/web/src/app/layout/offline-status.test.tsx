import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClientState } from '@/lib/api/client';
import { closeOfflineDb, offlineDb } from '@/lib/offline/offline-db';
import {
  clearQuerySnapshot,
  currentBuild,
  restoreQuerySnapshot,
  savedAt,
  saveQuerySnapshot,
} from '@/lib/offline/query-snapshot';
import { listWrites, queueWrite } from '@/lib/offline/write-queue';
import { envelope, installFakeFetch, json, signedInSession } from '@/test/fake-fetch';
import { render, screen, waitFor, within } from '@/test/testing-library';
import { OfflineStatus } from './offline-status';

const user = {
  id: 'u1',
  username: 'satoshi',
  email: 'satoshi@example.com',
  picture: null,
  email_verified: true,
};
const buy = { portfolio_id: 'p1', coin_id: 'bitcoin', type: 'buy', quantity: '0.5', price_per_coin: '100' };
let online = false;

beforeEach(async () => {
  await closeOfflineDb();
  globalThis.indexedDB = new IDBFactory();
  online = false;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  resetApiClientState();
  configureApiClient({ sleep: async () => {}, isOnline: () => online });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('offline marker and queued writes', () => {
  it('says the page is offline and lists each kept write with what became of it', async () => {
    await queueWrite({ owner: 'u1', method: 'POST', path: '/v2/transactions/', body: buy });
    await queueWrite({
      owner: 'u1',
      method: 'POST',
      path: '/v2/transactions/',
      body: { ...buy, type: 'sell' },
    });
    const db = await offlineDb();
    const [, sell] = await db.getAll('writes');
    if (sell === undefined) throw new Error('missing write');
    await db.put('writes', {
      ...sell,
      status: 'rejected',
      error: {
        code: 'insufficient_holdings',
        message: 'Validation failed',
        status: 400,
        fields: { quantity: ['Only 0 BTC held.'] },
      },
    });

    render(<OfflineStatus client={new QueryClient()} user={user} unconfirmed />);
    const region = await screen.findByRole('region', { name: 'Offline' });
    expect(within(region).getByText('Offline')).toBeTruthy();
    expect(region.textContent).toContain('Showing data saved on this device.');
    // A refusal needs the user: the list opens by itself and says why, per item.
    const list = await screen.findByRole('list', { name: 'Offline changes' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('aria-label'))).toEqual([
      'New transaction: Buy 0.5 bitcoin at 100',
      'New transaction: Sell 0.5 bitcoin at 100',
    ]);
    expect(items[0]?.textContent).toContain('Waiting for the network');
    expect(items[1]?.textContent).toContain('Refused by the server');
    expect(items[1]?.textContent).toContain('Only 0 BTC held.');

    await userEvent.click(within(items[1] as HTMLElement).getByRole('button', { name: 'Send again' }));
    await waitFor(async () =>
      expect((await listWrites('u1')).map((w) => w.status)).toEqual(['pending', 'pending']),
    );
  });

  it('sends the kept writes once the network and a confirmed session are back, then shows nothing', async () => {
    await queueWrite({ owner: 'u1', method: 'POST', path: '/v2/transactions/', body: buy });
    const client = new QueryClient();
    const refreshed = vi.spyOn(client, 'invalidateQueries');
    const view = render(<OfflineStatus client={client} user={user} unconfirmed />);
    await screen.findByRole('button', { name: 'Show offline changes (1)' });

    online = true;
    const server = installFakeFetch({
      'GET /api/auth/session-status': () => json(signedInSession),
      'GET /api/auth/csrf/': () => json({ csrfToken: 't' }),
      'POST /api/v2/transactions/': () => json({ id: 't1' }, 201),
    });
    window.dispatchEvent(new Event('online'));
    // The provider confirms the session after the 'online' event; only then does the replay start.
    view.rerender(<OfflineStatus client={client} user={user} unconfirmed={false} />);

    await waitFor(() => expect(screen.queryByRole('region', { name: 'Offline' })).toBeNull());
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(refreshed).toHaveBeenCalled();
    expect(await listWrites('u1')).toEqual([]);
  });

  it('never replays while the user is only remembered (no server check yet)', async () => {
    await queueWrite({ owner: 'u1', method: 'POST', path: '/v2/transactions/', body: buy });
    online = true;
    const server = installFakeFetch({ 'POST /api/v2/transactions/': () => envelope(500, 'x', 'internal') });
    render(<OfflineStatus client={new QueryClient()} user={user} unconfirmed />);
    await screen.findByRole('button', { name: 'Show offline changes (1)' });
    expect(server.calls).toEqual([]);
  });
});

describe('saved queries for offline reading', () => {
  it('restores this user’s saved data, never another user’s, never over newer data', async () => {
    const before = new QueryClient();
    before.setQueryData(['transactions', 'list', {}], { count: 2 }, { updatedAt: 1_000 });
    await saveQuerySnapshot(before, 'u1', 2_000);

    const other = new QueryClient();
    expect(await restoreQuerySnapshot(other, 'u2', 3_000)).toBeNull();

    await saveQuerySnapshot(before, 'u1', 2_000);
    const after = new QueryClient();
    after.setQueryData(['fresh'], 'kept', { updatedAt: 5_000 });
    expect(await restoreQuerySnapshot(after, 'u1', 3_000)).toBe(2_000);
    expect(after.getQueryData(['transactions', 'list', {}])).toEqual({ count: 2 });
    expect(after.getQueryData(['fresh'])).toBe('kept');
  });

  it('drops a copy older than 24 hours (stale local entries)', async () => {
    const before = new QueryClient();
    before.setQueryData(['x'], 1);
    await saveQuerySnapshot(before, 'u1', 0);
    expect(await restoreQuerySnapshot(new QueryClient(), 'u1', 24 * 60 * 60_000 + 1)).toBeNull();
    expect(await savedAt('u1')).toBeNull();
  });

  it('tells when this user’s copy was saved, from its header alone, until the copy goes', async () => {
    const client = new QueryClient();
    client.setQueryData(['x'], 1);
    await saveQuerySnapshot(client, 'u1', 4_000);
    expect(await savedAt('u1')).toBe(4_000);
    expect(await savedAt('u2')).toBeNull();
    // The header never carries the saved answers: reading it deserialises none of them.
    const db = await offlineDb();
    expect(await db.get('snapshots', 'queries-saved')).toEqual({
      owner: 'u1',
      savedAt: 4_000,
      build: currentBuild(),
      queries: [],
    });
    await clearQuerySnapshot();
    expect(await savedAt('u1')).toBeNull();
    expect(await restoreQuerySnapshot(new QueryClient(), 'u1', 5_000)).toBeNull();
  });
});
