import { relativeTime } from '@app/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { CountBadge } from '@/components/ui/count-badge';
import { CloseIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { notificationLimits } from './notification-types';
import { useNotifications } from './use-notifications';

interface AlertsPanelProps {
  onClose: () => void;
}

export const unreadLabel = (n: number) => `${n} unread notification${n === 1 ? '' : 's'}`;

/** Spec §2: the expandable Alerts panel with the 10 most recent notifications. */
export function AlertsPanel({ onClose }: AlertsPanelProps) {
  const { notifications, unreadCount, markAllRead } = useNotifications();
  const [expanded, setExpanded] = useState(false);
  const navigate = useNavigate();
  const recent = [...notifications]
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .slice(0, expanded ? undefined : notificationLimits.shown);

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
          <button
            type="button"
            className={buttonStyles.ghost}
            onClick={markAllRead}
            disabled={unreadCount === 0}
          >
            Mark all read
          </button>
          <button
            type="button"
            className={buttonStyles.ghost}
            onClick={() => setExpanded((v) => !v)}
            aria-expanded={expanded}
            disabled={notifications.length === 0}
          >
            View all
          </button>
          <button type="button" className={buttonStyles.ghost} onClick={onClose} aria-label="Close alerts">
            <CloseIcon />
          </button>
        </div>
      </header>
      <div className={cn('overflow-y-auto', expanded ? 'max-h-[70vh]' : 'h-[200px]')}>
        {recent.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-muted">No notifications yet</p>
        ) : (
          <ul>
            {recent.map((n) => (
              <li key={n.id}>
                <button
                  type="button"
                  className="flex w-full items-center justify-between px-4 py-2 text-left text-sm hover:bg-surface-2"
                  onClick={() => navigate(`/terminal?coin=${encodeURIComponent(n.coin_coingecko_id)}`)}
                >
                  <span className={n.is_read ? 'text-muted' : 'font-semibold'}>{n.coin_coingecko_id}</span>
                  <time dateTime={n.created_at} className="text-xs text-muted">
                    {relativeTime(n.created_at)}
                  </time>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
