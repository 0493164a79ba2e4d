import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useNavigate } from 'react-router';
import { CountBadge } from '@/components/ui/count-badge';
import { useBFFAuth } from '@/features/auth';
import { unreadLabel, useNotifications } from '@/features/notifications';
import { usePreferences } from '@/lib/preferences';

interface UserMenuProps {
  onOpenAlerts: () => void;
}

const itemStyle =
  'flex cursor-pointer select-none items-center justify-between gap-3 rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface-2';

export function UserMenu({ onOpenAlerts }: UserMenuProps) {
  const { user, logout } = useBFFAuth();
  const { unreadCount } = useNotifications();
  const navigate = useNavigate();
  const privacyMode = usePreferences((s) => s.privacyMode);
  const setPrivacyMode = usePreferences((s) => s.setPrivacyMode);
  const name = user?.username || user?.email || '';
  const initial = name.charAt(0).toUpperCase() || '?';

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={unreadCount > 0 ? `User menu, ${unreadLabel(unreadCount)}` : 'User menu'}
        className="relative flex size-9 items-center justify-center rounded-full border border-line bg-surface-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
      >
        {user?.picture ? (
          <img src={user.picture} alt="" className="size-full rounded-full object-cover" />
        ) : (
          initial
        )}
        <CountBadge count={unreadCount} label={unreadLabel} className="absolute -right-1 -top-1" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-48 rounded-xl border border-line bg-surface p-1 text-fg shadow-2xl"
        >
          {name !== '' && (
            <DropdownMenu.Label className="truncate px-3 py-2 text-xs text-muted">{name}</DropdownMenu.Label>
          )}
          {/* Portfolios and Transactions are not among the spec's four nav entries: reached from here. */}
          <DropdownMenu.Item className={itemStyle} onSelect={() => navigate('/portfolios')}>
            Portfolios
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemStyle} onSelect={() => navigate('/transactions')}>
            Transactions
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item className={itemStyle} onSelect={() => navigate('/settings')}>
            Settings
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemStyle} onSelect={onOpenAlerts}>
            Alerts
            <CountBadge count={unreadCount} label={unreadLabel} />
          </DropdownMenu.Item>
          <DropdownMenu.CheckboxItem
            className={itemStyle}
            checked={privacyMode}
            onCheckedChange={(on) => setPrivacyMode(on === true)}
          >
            Hide monetary values
            <span aria-hidden="true" className="text-xs text-muted">
              {privacyMode ? 'On' : 'Off'}
            </span>
          </DropdownMenu.CheckboxItem>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item className={itemStyle} onSelect={() => void logout()}>
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
