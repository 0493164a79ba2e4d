import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BFFAuthProvider } from '@/features/auth';
import { authRoutesFor, heldUntilReleased, installFakeFetch, json, meUser } from '@/test/fake-fetch';
import { freshApiClientPerTest } from '@/test/fresh-api-client';
import { render, screen, waitFor } from '@/test/testing-library';
import { RequireVerifiedEmail } from './require-verified-email';

const renderGuarded = () =>
  render(
    <BFFAuthProvider>
      <MemoryRouter initialEntries={['/settings/notifications']}>
        <Routes>
          <Route
            path="/settings/notifications"
            element={
              <RequireVerifiedEmail>
                <p>notification settings</p>
              </RequireVerifiedEmail>
            }
          />
          <Route path="/verify-email" element={<p>verify notice</p>} />
        </Routes>
      </MemoryRouter>
    </BFFAuthProvider>,
  );

freshApiClientPerTest();

describe('RequireVerifiedEmail', () => {
  it('waits for the provider’s /auth/me instead of asking a second time', async () => {
    // /auth/me answers only after the guard has rendered, as over a real network.
    const me = heldUntilReleased(() => json(meUser));
    const server = installFakeFetch({ ...authRoutesFor(true), 'GET /api/auth/me': me.handler });
    renderGuarded();
    await screen.findByText('Checking your account…');
    await waitFor(() => expect(server.keys()).toContain('GET /api/auth/me'));
    me.release();
    await screen.findByText('notification settings');
    expect(server.count('GET /api/auth/me')).toBe(1);
  });

  it('sends an unverified user to the notice page', async () => {
    installFakeFetch({
      ...authRoutesFor(true),
      'GET /api/auth/me': () => json({ ...meUser, email_verified: false }),
    });
    renderGuarded();
    await screen.findByText('verify notice');
  });

  it('offers a retry when /auth/me failed, and lets the page in once it answers', async () => {
    let failing = true;
    const server = installFakeFetch({
      ...authRoutesFor(true),
      'GET /api/auth/me': () => {
        if (failing) throw new TypeError('Failed to fetch');
        return json(meUser);
      },
    });
    renderGuarded();
    await screen.findByRole('heading', { name: 'Your account could not be checked' });
    const asked = server.count('GET /api/auth/me');
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('notification settings');
    await waitFor(() => expect(server.count('GET /api/auth/me')).toBe(asked + 1));
  });
});
