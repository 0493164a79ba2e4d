import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { fetchCoinName } from '@/lib/coin-names';
import { useBaseCurrency } from '@/lib/settings';
import { toast } from '@/lib/toast';
import { notificationToastId, useOpenNotification } from './alerts-panel';
import { notificationSummary } from './components/notification-item';
import { useNotifications } from './use-notifications';

/**
 * Toasts for alerts: a notification that arrives while the app is open (through the event
 * stream's refresh) raises a toast with its condition and a way to open it. The ones already there
 * when the app loaded are the badge's business, not news.
 */
export function NotificationToasts() {
  const { notifications, isLoading, isError } = useNotifications();
  const open = useOpenNotification();
  const client = useQueryClient();
  const vs = useBaseCurrency();
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (isLoading || isError) return;
    if (seen.current === null) {
      seen.current = new Set(notifications.map((n) => n.id));
      return;
    }
    for (const n of notifications) {
      if (seen.current.has(n.id)) continue;
      seen.current.add(n.id);
      if (n.is_read) continue;
      void fetchCoinName(client, vs, n.coin_coingecko_id).then((coin) =>
        // A wallet connection's notice fired no alert on its coin: it is titled by what it is.
        toast.info(n.event_payload.connection_failure ? 'Connection' : `Alert: ${coin}`, {
          id: notificationToastId(n.id),
          description: notificationSummary(n),
          action: { label: 'Open', onClick: () => open(n) },
        }),
      );
    }
  }, [notifications, isLoading, isError, open, client, vs]);
  return null;
}
