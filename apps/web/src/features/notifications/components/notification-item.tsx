import type { Notification } from '@app/contracts';
import { relativeTime } from '@app/core';
import { Button } from '@/components/ui/button';
import { describeFiredCondition } from '@/lib/alert-text';
import { cn } from '@/lib/cn';
import { useCoinName } from '@/lib/coin-names';
import { usePrivacyMode } from '@/lib/privacy';

interface NotificationItemProps {
  notification: Notification;
  onOpen: (notification: Notification) => void;
}

/** "Price $101,234.00 ≥ $100,000.00": the condition with the values it had when it fired. */
export function notificationSummary(n: Notification): string {
  // The one notice that a delivery channel started failing (it is not told again).
  const failure = n.event_payload.channel_failure;
  if (failure) return `Delivery to “${failure.channel_name}” is failing: ${failure.error}`;
  // The one notice that a wallet connection started failing to sync; it fired no alert.
  const syncing = n.event_payload.connection_failure;
  if (syncing) return `Syncing “${syncing.connection_label}” is failing: ${syncing.error}`;
  // A firing on the demo snapshot's simulated prices says so wherever it is shown.
  const text = describeFiredCondition(n.event_payload);
  return n.event_payload.demo ? `${text} (demo data, simulated prices)` : text;
}

export function NotificationItem({ notification: n, onOpen }: NotificationItemProps) {
  usePrivacyMode();
  const coin = useCoinName()(n.coin_coingecko_id);
  return (
    <Button
      variant="unstyled"
      className="flex w-full items-start justify-between gap-3 px-4 py-2 text-left text-sm hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-none"
      onClick={() => onOpen(n)}
      aria-label={`${n.is_read ? '' : 'Unread: '}${coin}, ${notificationSummary(n)}, ${relativeTime(n.created_at)}`}
    >
      <span className="flex min-w-0 items-start gap-2">
        <span
          aria-hidden="true"
          className={cn('mt-1.5 size-2 shrink-0 rounded-full', n.is_read ? 'bg-transparent' : 'bg-accent')}
        />
        <span className="min-w-0">
          <span className={cn('block truncate', n.is_read ? 'text-muted' : 'font-semibold')}>{coin}</span>
          <span className="block truncate text-xs text-muted" data-private="">
            {notificationSummary(n)}
          </span>
        </span>
      </span>
      <time dateTime={n.created_at} className="shrink-0 text-xs text-muted">
        {relativeTime(n.created_at)}
      </time>
    </Button>
  );
}
