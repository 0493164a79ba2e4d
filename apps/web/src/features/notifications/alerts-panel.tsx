import type { Notification } from '@app/contracts';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { buttonStyles } from '@/components/ui/button-styles';
import { CountBadge } from '@/components/ui/count-badge';
import { CloseIcon } from '@/components/ui/icons';
import { toast } from '@/lib/toast';
import { notificationLimits } from './api/notifications-api';
import { NotificationItem } from './components/notification-item';
import { unreadLabel } from './unread-label';
import { useNotifications } from './use-notifications';

interface AlertsPanelProps {
  onClose: () => void;
}

/** The toast of one notification (notification-toasts): the Alerts panel, which lists it, dismisses it. */
export const notificationToastId = (notificationId: string) => `notification-${notificationId}`;

/** Opening a notification marks it read and goes to the terminal on its coin. */
export function useOpenNotification(after?: () => void) {
  const navigate = useNavigate();
  const { markRead } = useNotifications(false);
  return (n: Notification) => {
    if (!n.is_read) markRead(n.id);
    after?.();
    // A failing wallet connection's notice leads to that connection, where its reason and next try show.
    const connection = n.event_payload.connection_failure;
    if (connection) {
      void navigate(`/settings/connections/${encodeURIComponent(connection.connection_id)}`);
      return;
    }
    void navigate(`/terminal?coin=${encodeURIComponent(n.coin_coingecko_id)}`);
  };
}

/** The Alerts panel with the 10 most recent notifications, 200 px high. */
export function AlertsPanel({ onClose }: AlertsPanelProps) {
  const { notifications, unreadCount, markAllRead, isLoading, isError } = useNotifications();
  const open = useOpenNotification(onClose);
  // The panel opens where the toasts are: a toast of a notification it lists would hide that row.
  useEffect(() => {
    for (const n of notifications) toast.dismiss(notificationToastId(n.id));
  }, [notifications]);

  return (
    <section
      id="alerts-panel"
      aria-label="Alerts"
      className="absolute right-2 top-14 z-50 w-[min(24rem,calc(100vw-1rem))] rounded-xl border border-line bg-surface shadow-2xl"
    >
      <header className="flex items-center justify-between gap-2 border-b border-line px-4 py-3">
        <h2 className="flex items-center gap-2 text-sm font-semibold">
          Alerts <CountBadge count={unreadCount} label={unreadLabel} />
        </h2>
        <div className="flex items-center gap-1">
          <Button variant="ghost" onClick={markAllRead} disabled={unreadCount === 0}>
            Mark all read
          </Button>
          <Link to="/notifications" className={buttonStyles.ghost} onClick={onClose}>
            View all
          </Link>
          <Button variant="ghost" onClick={onClose} aria-label="Close alerts">
            <CloseIcon />
          </Button>
        </div>
      </header>
      <div className="overflow-y-auto" style={{ height: notificationLimits.panelHeightPx }}>
        {isLoading ? (
          <p className="px-4 py-8 text-center text-sm text-muted">Loading notifications…</p>
        ) : isError ? (
          <p className="px-4 py-8 text-center text-sm text-muted">Notifications could not be loaded.</p>
        ) : notifications.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-muted">No notifications yet</p>
        ) : (
          <ul aria-label="Recent notifications">
            {notifications.slice(0, notificationLimits.shown).map((n) => (
              <li key={n.id}>
                <NotificationItem notification={n} onOpen={open} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <footer className="border-t border-line px-4 py-2 text-right">
        <Link to="/alerts" className="text-xs font-medium text-accent hover:underline" onClick={onClose}>
          Manage alerts
        </Link>
      </footer>
    </section>
  );
}
