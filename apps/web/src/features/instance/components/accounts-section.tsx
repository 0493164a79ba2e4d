import type { InstanceUser } from '@app/contracts';
import { formatDate, relativeTime } from '@app/core';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { type ConfirmRequest, useConfirm } from '@/components/ui/confirm-dialog';
import { notifyError } from '@/lib/notify';
import { toast } from '@/lib/toast';
import { type AccountAction, instanceUsersQuery, useAccountAction } from '../api/instance-api';
import { Fact, InstanceSection } from './instance-section';

/** "just now", "5m ago", or the day for anything older than a week. */
function activeText(at: string): string {
  const relative = relativeTime(at);
  if (relative === 'now') return 'just now';
  return /^\d+[mhd]$/.test(relative) ? `${relative} ago` : relative;
}

const done: Record<AccountAction, string> = {
  disable: 'Account disabled',
  enable: 'Account enabled',
  promote: 'Account can now run this server',
  delete: 'Account deleted',
};

function askFor(user: InstanceUser, action: AccountAction, run: () => void): ConfirmRequest {
  const who = user.email;
  switch (action) {
    case 'disable':
      return {
        title: `Disable ${who}?`,
        description:
          'They are signed out everywhere, cannot sign in, and their access tokens stop working. Nothing of theirs is deleted; you can enable the account again.',
        confirmLabel: 'Disable',
        destructive: true,
        onConfirm: run,
      };
    case 'enable':
      return {
        title: `Enable ${who}?`,
        description: 'They can sign in again, and their access tokens work again.',
        confirmLabel: 'Enable',
        onConfirm: run,
      };
    case 'promote':
      return {
        title: `Let ${who} run this server?`,
        description:
          'They will see this page and can change sign-ups, make invitations, and disable or delete other accounts, yours included.',
        confirmLabel: 'Make administrator',
        onConfirm: run,
      };
    case 'delete':
      return {
        title: `Delete ${who}?`,
        description: `Every portfolio, transaction, alert, connection and setting of this account is deleted for good (${user.rows_stored.toLocaleString()} transactions). This cannot be undone.`,
        confirmLabel: 'Delete account',
        destructive: true,
        onConfirm: run,
      };
  }
}

function AccountCard({
  user,
  isSelf,
  onAction,
}: {
  user: InstanceUser;
  isSelf: boolean;
  onAction: (user: InstanceUser, action: AccountAction) => void;
}) {
  const state = user.disabled ? 'Disabled' : user.email_verified ? 'Active' : 'Email not verified';
  return (
    <li className="grid gap-3 rounded-lg border border-line p-3 sm:p-4" aria-label={user.email}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="min-w-0 font-medium break-all">{user.email}</span>
        <span className="text-xs text-muted">
          {state}
          {user.admin ? ' · runs this server' : ''}
          {isSelf ? ' · you' : ''}
        </span>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Fact term="Username">{user.username}</Fact>
        <Fact term="Created">
          <time dateTime={user.created_at}>{formatDate(user.created_at)}</time>
        </Fact>
        <Fact term="Last active">
          {user.last_active_at ? (
            <time dateTime={user.last_active_at}>{activeText(user.last_active_at)}</time>
          ) : (
            'Not signed in'
          )}
        </Fact>
        <Fact term="Transactions">{user.rows_stored.toLocaleString()}</Fact>
      </dl>
      {!isSelf && (
        <div className="flex flex-wrap gap-2">
          {user.disabled ? (
            <Button variant="secondary" onClick={() => onAction(user, 'enable')}>
              Enable
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => onAction(user, 'disable')}>
              Disable
            </Button>
          )}
          {!user.admin && !user.disabled && (
            <Button variant="secondary" onClick={() => onAction(user, 'promote')}>
              Make administrator
            </Button>
          )}
          <Button variant="danger" onClick={() => onAction(user, 'delete')}>
            Delete
          </Button>
        </div>
      )}
    </li>
  );
}

/** Every account on the server, with what an administrator can do to each. */
export function AccountsSection({ selfId }: { selfId: string }) {
  const users = useQuery(instanceUsersQuery());
  const act = useAccountAction();
  const confirm = useConfirm();
  const onAction = (user: InstanceUser, action: AccountAction) =>
    confirm.ask(
      askFor(user, action, () =>
        act.mutate(
          { id: user.id, action },
          { onSuccess: () => toast.success(done[action]), onError: (error) => notifyError(error) },
        ),
      ),
    );
  return (
    <InstanceSection title="Accounts">
      {users.isError && <p className="text-sm text-danger">The accounts could not be loaded.</p>}
      {users.data && (
        <ul className="grid gap-3" aria-label="Accounts on this server">
          {users.data.map((user) => (
            <AccountCard key={user.id} user={user} isSelf={user.id === selfId} onAction={onAction} />
          ))}
        </ul>
      )}
      {confirm.dialog}
    </InstanceSection>
  );
}
