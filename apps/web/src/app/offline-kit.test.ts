import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { useDashboardSelection } from '@/features/dashboard/dashboard-selection';
import { rememberCoin } from '@/features/projections/components/coin-cache';
import { useProjectionsSelection } from '@/features/projections/store/projections-selection-store';
import { claimBrowserFor, forgetPreviousUser } from '@/lib/offline/forget-person';
import { rememberIdentity } from '@/lib/offline/identity';
import { closeOfflineDb, offlineDb } from '@/lib/offline/offline-db';
import { reopenQuerySnapshots, saveQuerySnapshot } from '@/lib/offline/query-snapshot';
import { listWrites, queueWrite } from '@/lib/offline/write-queue';
import { usePreferences } from '@/lib/preferences';
import { createQueryClient } from '@/lib/query-client';
import { rememberReturnPath, saveSessionState } from '@/lib/session-state';
import { mirrorSettings } from '@/lib/settings/local-settings-mirror';
import { forgetSignedOutUser } from './offline-kit';

/**
 * What one person leaves in this browser, written by the modules that write it (not by key
 * names copied here), and what is left of it after they sign out or another person signs in.
 */

const write = (owner: string) => ({
  owner,
  method: 'POST' as const,
  path: '/v2/transactions/',
  body: { portfolio_id: `portfolio-of-${owner}`, coin_id: 'bitcoin', quantity: '5' },
});

async function leaveTraces(owner: string): Promise<void> {
  await claimBrowserFor(owner);
  rememberIdentity({
    id: owner,
    username: owner,
    email: `${owner}@example.test`,
    picture: null,
    email_verified: true,
  });
  useDashboardSelection.getState().set({ portfolioId: `portfolio-of-${owner}` });
  useProjectionsSelection.getState().setCurrentProjectionId(`projection-of-${owner}`);
  useProjectionsSelection.getState().setFormState({ name: `Plan of ${owner}` });
  rememberCoin({ id: 'bitcoin', name: 'Bitcoin', symbol: 'btc', image: '' });
  mirrorSettings({ base_currency: 'eur', favorites: ['bitcoin'] });
  saveSessionState(`/portfolios/portfolio-of-${owner}`, 120);
  rememberReturnPath(`/projections/projection-of-${owner}`);
  await queueWrite(write(owner));
  const client = createQueryClient();
  client.setQueryData(['portfolios'], [{ id: `portfolio-of-${owner}`, name: `Vault of ${owner}` }]);
  await saveQuerySnapshot(client, owner);
}

function storageText(): string {
  const all: string[] = [];
  for (const storage of [localStorage, sessionStorage]) {
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i) ?? '';
      all.push(`${key}=${storage.getItem(key)}`);
    }
  }
  return all.join('\n');
}

beforeEach(async () => {
  await closeOfflineDb();
  globalThis.indexedDB = new IDBFactory();
  reopenQuerySnapshots();
});

describe('what this browser keeps of a person', () => {
  it('is all gone at sign-out, but the device’s own theme and privacy mode stay', async () => {
    usePreferences.getState().setTheme('light');
    await leaveTraces('alice');
    expect(storageText()).toContain('portfolio-of-alice');
    await forgetSignedOutUser();
    expect(storageText()).not.toMatch(/alice|crypto_/);
    expect(localStorage.getItem('exit-liquidity-preferences')).toContain('light');
    const db = await offlineDb();
    expect(await db.getAll('writes')).toEqual([]);
    expect(await db.getAll('snapshots')).toEqual([]);
  });

  it('is not written back by a save that was already on its way at sign-out', async () => {
    await leaveTraces('alice');
    await forgetSignedOutUser();
    const client = createQueryClient();
    client.setQueryData(['portfolios'], [{ id: 'portfolio-of-alice' }]);
    await saveQuerySnapshot(client, 'alice');
    expect(await (await offlineDb()).getAll('snapshots')).toEqual([]);
  });

  it('when another person signs in, only what was kept of the one before goes', async () => {
    await leaveTraces('alice');
    await queueWrite(write('bob'));
    await forgetPreviousUser('bob');
    expect(storageText()).not.toMatch(/alice/);
    expect((await listWrites('alice')).length).toBe(0);
    expect((await listWrites('bob')).length).toBe(1);
    // Bob's own answers are saved again from here on.
    const client = createQueryClient();
    client.setQueryData(['portfolios'], [{ id: 'portfolio-of-bob' }]);
    await saveQuerySnapshot(client, 'bob');
    expect(JSON.stringify(await (await offlineDb()).getAll('snapshots'))).toContain('portfolio-of-bob');
  });

  it('is forgotten when another person is the next to sign in here without a sign-out between', async () => {
    await leaveTraces('alice');
    expect(await claimBrowserFor('alice')).toBe(false);
    expect(storageText()).toContain('portfolio-of-alice');
    // Alice's session ended; Bob signed in on the server's page: the first page he opens claims it.
    expect(await claimBrowserFor('bob')).toBe(true);
    expect(storageText()).not.toMatch(/alice/);
    expect((await listWrites('alice')).length).toBe(0);
    expect(await claimBrowserFor('bob')).toBe(false);
  });
});
