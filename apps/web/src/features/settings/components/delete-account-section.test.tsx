import { accountDataMessages } from '@app/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClientState } from '@/lib/api/client';
import { createQueryClient } from '@/lib/query-client';
import { authRoutesFor, envelope, installFakeFetch, json, type RecordedCall } from '@/test/fake-fetch';
import { render, screen, waitFor } from '@/test/testing-library';
import type { SettingsUser } from '../settings-types';
import { DeleteAccountSection } from './delete-account-section';

const base: SettingsUser = {
  username: 'ann',
  email: 'ann@example.test',
  picture: null,
  email_verified: true,
};

let calls: RecordedCall[];
beforeEach(() => {
  resetApiClientState();
  configureApiClient({ sleep: async () => {}, isOnline: () => true });
  ({ calls } = installFakeFetch({
    ...authRoutesFor(true),
    'POST /api/auth/delete-account': (call) => {
      const body = JSON.parse(call.body ?? '{}') as { password?: string; confirm_email?: string };
      if (body.password === 'right-password' || body.confirm_email === base.email) {
        return json({ success: true, logout_url: '/landing' });
      }
      const field = body.password === undefined ? 'confirm_email' : 'password';
      const message =
        field === 'password' ? accountDataMessages.passwordWrong : accountDataMessages.confirmEmailWrong;
      return envelope(400, 'validation_error', 'validation', message, { fields: { [field]: [message] } });
    },
  }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderSection(user: SettingsUser) {
  const onDeleted = vi.fn(async () => {});
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DeleteAccountSection user={user} onDeleted={onDeleted} />
    </QueryClientProvider>,
  );
  return onDeleted;
}

const sentBodies = () =>
  calls
    .filter((c) => c.path === '/api/auth/delete-account')
    .map((c) => JSON.parse(c.body ?? '{}') as unknown);

describe('Delete account', () => {
  it('asks for the password, shows a wrong one under the field, and signs out once deleted', async () => {
    const onDeleted = renderSection(base);
    expect(screen.queryByLabelText('Your password')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account…' }));
    await userEvent.type(screen.getByLabelText('Your password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account permanently' }));
    expect(await screen.findByText(accountDataMessages.passwordWrong)).toBeTruthy();
    expect(onDeleted).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText('Your password'));
    await userEvent.type(screen.getByLabelText('Your password'), 'right-password');
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account permanently' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledOnce());
    expect(sentBodies()).toEqual([{ password: 'wrong-password' }, { password: 'right-password' }]);
  });

  it('asks a single sign-on account to type its email, having no password here', async () => {
    const onDeleted = renderSection({ ...base, has_password: false });
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account…' }));
    expect(screen.queryByLabelText('Your password')).toBeNull();
    await userEvent.type(screen.getByLabelText('Type your email address to confirm'), base.email);
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account permanently' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledOnce());
    expect(sentBodies()).toEqual([{ confirm_email: base.email }]);
  });

  it('can be closed again without sending anything', async () => {
    renderSection(base);
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account…' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Delete my account…' })).toBeTruthy();
    expect(sentBodies()).toEqual([]);
  });
});
