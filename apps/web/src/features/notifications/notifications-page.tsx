import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { buttonStyles } from '@/components/ui/button-styles';
import { EmptyState } from '@/components/ui/empty-state';
import { PageFrame } from '@/components/ui/page-frame';
import { Spinner } from '@/components/ui/spinner';
import { useOpenNotification } from './alerts-panel';
import { notificationLimits, notificationsQuery } from './api/notifications-api';
import { NotificationItem } from './components/notification-item';
import { useMarkNotificationsRead } from './use-notifications';

/** 'View all': every notification, newest first, a page at a time. */
export function NotificationsPage() {
  const [page, setPage] = useState(1);
  const query = useQuery(notificationsQuery(page, notificationLimits.pageSize));
  const { markAllRead } = useMarkNotificationsRead();
  const open = useOpenNotification();
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.count / notificationLimits.pageSize)) : 1;

  return (
    <PageFrame
      title="Notifications"
      description="Every time one of your alerts fired, newest first."
      actions={
        <>
          <Link to="/alerts" className={buttonStyles.secondary}>
            Manage alerts
          </Link>
          <Button variant="secondary" onClick={markAllRead} disabled={!data || data.unread_count === 0}>
            Mark all read
          </Button>
        </>
      }
    >
      {query.isLoading ? (
        <Spinner label="Loading notifications…" />
      ) : query.isError ? (
        <EmptyState title="Notifications could not be loaded">Please try again in a moment.</EmptyState>
      ) : !data || data.results.length === 0 ? (
        <EmptyState title="No notifications">
          When an active alert's condition is met you will see it here and in the Alerts panel.{' '}
          <Link to="/alerts" className="text-accent underline">
            Create or manage alerts
          </Link>
          .
        </EmptyState>
      ) : (
        <section aria-label="All notifications" className="rounded-xl border border-line bg-surface">
          <p className="border-b border-line px-4 py-2 text-xs text-muted">
            {data.count} total, {data.unread_count} unread
          </p>
          <ul className="divide-y divide-line">
            {data.results.map((n) => (
              <li key={n.id}>
                <NotificationItem notification={n} onOpen={open} />
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <nav
              aria-label="Pages"
              className="flex items-center justify-between border-t border-line px-4 py-2"
            >
              <Button variant="ghost" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                Newer
              </Button>
              <span className="text-xs text-muted">
                Page {page} of {pages}
              </span>
              <Button variant="ghost" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                Older
              </Button>
            </nav>
          )}
        </section>
      )}
    </PageFrame>
  );
}
