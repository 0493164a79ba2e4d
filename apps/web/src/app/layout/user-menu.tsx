import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { CountBadge } from '@/components/ui/count-badge';
import { useBFFAuth } from '@/features/auth';
import { unreadLabel, useNotifications } from '@/features/notifications';
import { usePreferences } from '@/lib/preferences';
import { useIdleReached } from '@/lib/when-idle';

interface UserMenuProps {
  onOpenAlerts: () => void;
}

const itemStyle =
  'flex w-full cursor-pointer select-none items-center justify-between gap-3 rounded-md px-3 py-2 text-left text-sm outline-none hover:bg-surface-2 focus:bg-surface-2';

function items(menu: HTMLElement | null): HTMLElement[] {
  return menu ? [...menu.querySelectorAll<HTMLElement>('[role^="menuitem"]')] : [];
}

interface ItemProps {
  onSelect: () => void;
  children: ReactNode;
  /** A menuitemcheckbox when set. */
  checked?: boolean;
}

function Item({ onSelect, children, checked }: ItemProps) {
  if (checked !== undefined) {
    return (
      <Button
        variant="unstyled"
        role="menuitemcheckbox"
        aria-checked={checked}
        tabIndex={-1}
        className={itemStyle}
        onClick={onSelect}
      >
        {children}
      </Button>
    );
  }
  return (
    <Button variant="unstyled" role="menuitem" tabIndex={-1} className={itemStyle} onClick={onSelect}>
      {children}
    </Button>
  );
}

/**
 * The account menu: a WAI-ARIA menu button (arrow keys, Home/End, Escape and Tab close, focus
 * returns to the button). Written by hand rather than with Radix's dropdown, which with
 * floating-ui would be on every signed-in page and take a large share of each route's size budget.
 */
export function UserMenu({ onOpenAlerts }: UserMenuProps) {
  const { user, logout } = useBFFAuth();
  // The unread count is asked for in the first quiet moment: its request and schemas came before
  // the page's first paint otherwise, for a badge the page does not wait on.
  const idle = useIdleReached();
  const { unreadCount } = useNotifications(idle);
  const navigate = useNavigate();
  const privacyMode = usePreferences((s) => s.privacyMode);
  const setPrivacyMode = usePreferences((s) => s.setPrivacyMode);
  const [open, setOpen] = useState(false);
  const [focusLast, setFocusLast] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const name = user?.username || user?.email || '';
  const initial = name.charAt(0).toUpperCase() || '?';

  useEffect(() => {
    if (!open) return;
    const all = items(menu.current);
    (focusLast ? all.at(-1) : all[0])?.focus();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open, focusLast]);

  const openWith = (last: boolean) => {
    setFocusLast(last);
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const choose = (action: () => void) => () => {
    close(true);
    action();
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openWith(event.key === 'ArrowUp');
    }
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const all = items(menu.current);
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (index: number) => {
      event.preventDefault();
      all[(index + all.length) % all.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(all.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') close(false);
  };

  return (
    <div className="relative">
      <Button
        variant="unstyled"
        ref={button}
        aria-label={unreadCount > 0 ? `User menu, ${unreadLabel(unreadCount)}` : 'User menu'}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openWith(false))}
        onKeyDown={onButtonKey}
        className="relative flex size-9 items-center justify-center rounded-full border border-line bg-surface-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
      >
        {user?.picture ? (
          <img src={user.picture} alt="" className="size-full rounded-full object-cover" />
        ) : (
          initial
        )}
        <CountBadge count={unreadCount} label={unreadLabel} className="absolute -right-1 -top-1" />
      </Button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label="User menu"
          tabIndex={-1}
          onKeyDown={onMenuKey}
          className="absolute right-0 top-full z-50 mt-2 min-w-48 rounded-xl border border-line bg-surface p-1 text-fg shadow-2xl"
        >
          {name !== '' && <div className="truncate px-3 py-2 text-xs text-muted">{name}</div>}
          {/* Portfolios and Transactions are not among the spec's four nav entries: reached from here. */}
          <Item onSelect={choose(() => navigate('/portfolios'))}>Portfolios</Item>
          <Item onSelect={choose(() => navigate('/transactions'))}>Transactions</Item>
          <hr className="my-1 h-px border-0 bg-line" />
          <Item onSelect={choose(() => navigate('/settings'))}>Settings</Item>
          <Item onSelect={choose(onOpenAlerts)}>
            Alerts
            <CountBadge count={unreadCount} label={unreadLabel} />
          </Item>
          <Item checked={privacyMode} onSelect={choose(() => setPrivacyMode(!privacyMode))}>
            Hide monetary values
            <span aria-hidden="true" className="text-xs text-muted">
              {privacyMode ? 'On' : 'Off'}
            </span>
          </Item>
          <hr className="my-1 h-px border-0 bg-line" />
          <Item onSelect={choose(() => void logout())}>Logout</Item>
        </div>
      )}
    </div>
  );
}
