import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClientState } from '@/lib/api/client';
import { authRoutesFor, installFakeFetch, json } from '@/test/fake-fetch';
import { renderPage } from '@/test/render-page';
import { screen } from '@/test/testing-library';
import { ProfileSettingsPage } from './profile-settings-page';

const user = { username: 'ann', email: 'ann@example.test', picture: null, email_verified: true };

beforeEach(() => {
  resetApiClientState();
  configureApiClient({ sleep: async () => {}, isOnline: () => true });
  installFakeFetch({
    ...authRoutesFor(true),
    'GET /api/v2/account/': () =>
      json({
        is_empty: true,
        counts: { portfolios: 0, transactions: 0, projections: 0, alerts: 0, watchlists: 0 },
        import_max_bytes: 1024,
      }),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const show = (onAccountDeleted?: () => Promise<void>) =>
  renderPage(
    <ProfileSettingsPage user={user} onUserChanged={async () => {}} onAccountDeleted={onAccountDeleted} />,
    {
      pattern: '/settings/profile',
      path: '/settings/profile',
    },
  );

describe('Profile settings: the account as a whole', () => {
  it('offers the data file both ways and deletion, below the profile', async () => {
    show(async () => {});
    expect(await screen.findByRole('heading', { name: 'Your data' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Delete account' })).toBeTruthy();
    expect(await screen.findByLabelText('Account file')).toBeTruthy();
  });

  it('offers no deletion where nobody can sign the browser out afterwards', () => {
    show();
    expect(screen.queryByRole('heading', { name: 'Delete account' })).toBeNull();
  });
});
