import { authMessages } from '@app/contracts';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClientState } from '@/lib/api/client';
import { browserLocation } from '@/lib/browser-location';
import { authRoutesFor, envelope, installFakeFetch, json, meUser } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';
import { screen, waitFor } from '@/test/testing-library';

let assign: ReturnType<typeof vi.fn<(url: string) => void>>;
beforeEach(() => {
  resetApiClientState();
  configureApiClient({ sleep: async () => {}, isOnline: () => true });
  assign = vi.fn<(url: string) => void>();
  vi.spyOn(browserLocation, 'assign').mockImplementation(assign);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/auth/complete-signup (single sign-on without a username)', () => {
  it('sends the chosen username and follows where the server says', async () => {
    const fetches = installFakeFetch({
      ...authRoutesFor(false),
      'POST /api/auth/oidc/complete-signup': () => json({ success: true, redirect: '/portfolios' }),
    });
    renderApp('/auth/complete-signup?email=ada%40example.com');
    expect(await screen.findByRole('heading', { name: 'Choose a username' })).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Username' }), 'Ada');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/portfolios'));
    const call = fetches.calls.find((c) => c.path === '/api/auth/oidc/complete-signup');
    expect(JSON.parse(call?.body ?? '{}')).toEqual({ username: 'Ada' });
  });

  it('says the sign-in step expired (spec message) when the server no longer holds it', async () => {
    installFakeFetch({
      ...authRoutesFor(false),
      'POST /api/auth/oidc/complete-signup': () =>
        envelope(401, 'auth_expired_token', 'auth', authMessages.loginSessionExpired),
    });
    renderApp('/auth/complete-signup');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Username' }), 'Ada');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(authMessages.loginSessionExpired);
    expect(screen.getByRole('link', { name: 'Sign up again' })).toBeTruthy();
  });
});

describe('email verification banner', () => {
  it('shows on signed-in pages while unverified and resends the link', async () => {
    const fetches = installFakeFetch({
      ...authRoutesFor(true),
      'GET /api/auth/me': () => json({ ...meUser, email_verified: false }),
      'POST /api/auth/verify-email/resend': () => json({ success: true }),
    });
    renderApp('/settings');
    const banner = await screen.findByRole('region', { name: 'Email not verified' });
    expect(banner.textContent).toContain('satoshi@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Resend' }));
    await screen.findByText('Sent. Check your inbox.');
    expect(fetches.keys()).toContain('POST /api/auth/verify-email/resend');
  });

  it('is absent once verified', async () => {
    const fetches = installFakeFetch(authRoutesFor(true));
    renderApp('/settings');
    await screen.findByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(fetches.keys()).toContain('GET /api/auth/me'));
    expect(screen.queryByRole('region', { name: 'Email not verified' })).toBeNull();
  });
});
