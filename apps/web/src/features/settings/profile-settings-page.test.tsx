import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage as renderOnRoute } from '@/test/render-page';
import { screen, within } from '@/test/testing-library';
import { ProfileSettingsPage } from './profile-settings-page';
import type { SettingsUser } from './settings-types';

function renderPage(user: SettingsUser) {
  renderOnRoute(<ProfileSettingsPage user={user} onUserChanged={async () => {}} />, {
    pattern: '/settings/profile',
    path: '/settings/profile',
  });
  const section = screen.getByRole('heading', { name: 'Password' }).closest('section');
  if (section === null) throw new Error('no Password section');
  return section;
}

const base = { username: 'ann', email: 'ann@example.test', picture: null, email_verified: true };

describe('Profile settings: password', () => {
  it('asks a single sign-on account for no current password it does not have', () => {
    const section = renderPage({ ...base, has_password: false });
    expect(within(section).queryByLabelText('Current password')).toBeNull();
    expect(within(section).queryByLabelText('New password')).toBeNull();
    expect(within(section).getByText(/You sign in through single sign-on/)).toBeTruthy();
  });

  it('keeps the change-password form for an account with a password', () => {
    const section = renderPage({ ...base, has_password: true });
    expect(within(section).getByLabelText('Current password')).toBeTruthy();
  });

  it('treats a user without the flag (an older server) as having a password', () => {
    const section = renderPage(base);
    expect(within(section).getByLabelText('Current password')).toBeTruthy();
  });
});

describe('Profile settings: the way back', () => {
  it('links back to the list of settings (a phone has no other way but the user menu)', async () => {
    renderPage(base);
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', {
        name: '← Settings',
      }),
    );
    expect(screen.getByTestId('elsewhere').textContent).toBe('/settings');
  });
});
