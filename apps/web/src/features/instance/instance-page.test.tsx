import {
  authMessages,
  type InstanceOverview,
  type InstanceUser,
  type Invitation,
  instanceMessages,
} from '@app/contracts';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { envelope, installFakeFetch, json } from '@/test/fake-fetch';
import { freshApiClientPerTest } from '@/test/fresh-api-client';
import { renderPage } from '@/test/render-page';
import { screen, waitFor, within } from '@/test/testing-library';
import { InstancePage } from './instance-page';

freshApiClientPerTest();

const slow = { timeout: 5_000 };
const at = '2026-11-20T10:00:00.000Z';
const ids = {
  me: '00000000-0000-4000-8000-0000000000c1',
  sam: '00000000-0000-4000-8000-0000000000c2',
  link: '00000000-0000-4000-8000-0000000000d1',
} as const;

const overview = (over: Partial<InstanceOverview> = {}): InstanceOverview => ({
  signup_mode: 'open',
  users: { total: 2, disabled: 0, admins: 1 },
  market: { source: 'demo', mode: 'demo', as_of: at, stale: false },
  budgets: [],
  jobs: { queued: 0, failed: 0 },
  connections: { total: 0, failing: 0, needs_attention: 0 },
  ...over,
});

const user = (id: string, email: string, over: Partial<InstanceUser> = {}): InstanceUser => ({
  id,
  email,
  username: email.split('@')[0] ?? email,
  created_at: at,
  last_active_at: at,
  email_verified: true,
  disabled: false,
  admin: false,
  rows_stored: 12,
  ...over,
});

function installInstanceServer() {
  const state = {
    overview: overview(),
    users: [user(ids.me, 'me@example.com', { admin: true }), user(ids.sam, 'sam@example.com')],
    invitations: [] as Invitation[],
  };
  const fake = installFakeFetch({
    'GET /api/v2/instance/': () => json(state.overview),
    'PATCH /api/v2/instance/': (call) => {
      state.overview = { ...state.overview, ...(JSON.parse(call.body ?? '{}') as Partial<InstanceOverview>) };
      return json(state.overview);
    },
    'GET /api/v2/instance/users/': () => json({ users: state.users }),
    [`POST /api/v2/instance/users/${ids.sam}/disable/`]: () => {
      state.users = state.users.map((u) => (u.id === ids.sam ? { ...u, disabled: true } : u));
      return json(state.users[1]);
    },
    'GET /api/v2/instance/invitations/': () => json({ invitations: state.invitations }),
    'POST /api/v2/instance/invitations/': (call) => {
      const body = JSON.parse(call.body ?? '{}') as { note: string; max_uses: number };
      const made: Invitation = {
        id: ids.link,
        note: body.note,
        max_uses: body.max_uses,
        uses: 0,
        created_at: at,
        expires_at: '2026-11-27T10:00:00.000Z',
        revoked: false,
        usable: true,
      };
      state.invitations = [made];
      return json(
        { ...made, url: 'http://127.0.0.1:3000/api/auth/login?screen_hint=signup&invitation=secret-1' },
        201,
      );
    },
  });
  return { ...fake, state };
}

const open = () =>
  renderPage(<InstancePage selfId={ids.me} />, { pattern: '/settings/instance', path: '/settings/instance' });

describe('/settings/instance', () => {
  it('changes who may sign up, and makes an invitation link shown whole once', async () => {
    vi.spyOn(document, 'cookie', 'get').mockReturnValue('csrftoken=csrf-1');
    const server = installInstanceServer();
    open();
    const signups = await screen.findByRole('region', { name: 'Sign-ups' }, slow);
    const save = within(signups).getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);
    await userEvent.click(within(signups).getByRole('radio', { name: /By invitation/ }));
    await userEvent.click(save);
    await waitFor(() => expect(server.state.overview.signup_mode).toBe('invite'), slow);

    const invitations = screen.getByRole('region', { name: 'Invitations' });
    expect(await within(invitations).findByText('No invitation links yet.', {}, slow)).toBeTruthy();
    await userEvent.type(within(invitations).getByLabelText('Who it is for'), 'Sam');
    await userEvent.clear(within(invitations).getByLabelText('Accounts it can create'));
    await userEvent.type(within(invitations).getByLabelText('Accounts it can create'), '2');
    await userEvent.click(within(invitations).getByRole('button', { name: 'Make a link' }));
    const link = await within(invitations).findByLabelText<HTMLInputElement>('Invitation link', {}, slow);
    expect(link.value).toContain('invitation=secret-1');
    expect(within(invitations).getByText(instanceMessages.invitationCreated)).toBeTruthy();
    expect(await within(invitations).findByText(/Sam/, {}, slow)).toBeTruthy();
    expect(JSON.parse(server.calls.find((c) => c.method === 'POST')?.body ?? '{}')).toEqual({
      note: 'Sam',
      max_uses: 2,
      expires_in_days: 7,
    });
    await userEvent.click(within(invitations).getByRole('button', { name: 'Done' }));
    expect(within(invitations).queryByLabelText('Invitation link')).toBeNull();
  });

  it("lists the accounts and disables one only once it is confirmed, never offering it on one's own", async () => {
    vi.spyOn(document, 'cookie', 'get').mockReturnValue('csrftoken=csrf-1');
    const server = installInstanceServer();
    open();
    const mine = await screen.findByRole('listitem', { name: 'me@example.com' }, slow);
    expect(within(mine).queryByRole('button', { name: 'Disable' })).toBeNull();
    expect(mine.textContent).toContain('you');
    const sam = screen.getByRole('listitem', { name: 'sam@example.com' });
    expect(sam.textContent).toContain('12');
    await userEvent.click(within(sam).getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('alertdialog', {}, slow);
    expect(dialog.textContent).toContain('signed out everywhere');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(server.state.users[1]?.disabled).toBe(true), slow);
    expect(await within(sam).findByRole('button', { name: 'Enable' }, slow)).toBeTruthy();
  });

  it('tells an account that does not run the server only that it lacks permission', async () => {
    installFakeFetch({
      'GET /api/v2/instance/': () => envelope(403, 'forbidden', 'auth', authMessages.forbidden),
    });
    open();
    expect((await screen.findByRole('alert', {}, slow)).textContent).toBe(authMessages.forbidden);
    expect(screen.queryByRole('region', { name: 'Accounts' })).toBeNull();
  });
});
