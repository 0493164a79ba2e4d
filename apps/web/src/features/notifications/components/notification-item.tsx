import type { Notification } from '@app/contracts';
import { describeOperand, formatAlertNumber, relativeTime } from '@app/core';
import { cn } from '@/lib/cn';

interface NotificationItemProps {
  notification: Notification;
  onOpen: (notification: Notification) => void;
}

/** "Price 101,234 ≥ 100,000": the condition with the values it had when it fired. */
export function notificationSummary(n: Notification): string {
  const { left, op, right } = n.event_payload;
  const side = (o: typeof left) =>
    o.type === 'value' ? describeOperand(o) : `${describeOperand(o)} ${formatAlertNumber(o.value)}`;
  const ops = {
    '>=': '≥',
    '<=': '≤',
    crosses_above: 'crossed above',
    crosses_below: 'crossed below',
  } as const;
  return `${side(left)} ${ops[op]} ${side(right)}`;
}

export function NotificationItem({ notification: n, onOpen }: NotificationItemProps) {
  return (
    <button
      type="button"
      className="flex w-full items-start justify-between gap-3 px-4 py-2 text-left text-sm hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-none"
      onClick={() => onOpen(n)}
      aria-label={`${n.is_read ? '' : 'Unread: '}${n.coin_coingecko_id}, ${notificationSummary(n)}, ${relativeTime(n.created_at)}`}
    >
      <span className="flex min-w-0 items-start gap-2">
        <span
          aria-hidden="true"
          className={cn('mt-1.5 size-2 shrink-0 rounded-full', n.is_read ? 'bg-transparent' : 'bg-accent')}
        />
        <span className="min-w-0">
          <span className={cn('block truncate capitalize', n.is_read ? 'text-muted' : 'font-semibold')}>
            {n.coin_coingecko_id}
          </span>
          <span className="block truncate text-xs text-muted">{notificationSummary(n)}</span>
        </span>
      </span>
      <time dateTime={n.created_at} className="shrink-0 text-xs text-muted">
        {relativeTime(n.created_at)}
      </time>
    </button>
  );
}
