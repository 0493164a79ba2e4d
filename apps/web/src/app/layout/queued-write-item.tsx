import { relativeTime } from '@app/core';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { cn } from '@/lib/cn';
import type { QueuedWrite } from '@/lib/offline/offline-db';
import { discardWrite, retryWrite } from '@/lib/offline/write-queue';

/** Relative time, as a phrase: 'just now', '5m ago', 'on 11/24'. */
export function ago(at: number): string {
  const rel = relativeTime(new Date(at));
  if (rel === 'now') return 'just now';
  return rel.includes('/') ? `on ${rel}` : `${rel} ago`;
}

function statusText(write: QueuedWrite, online: boolean): string {
  switch (write.status) {
    case 'pending':
      return write.error && write.error.status !== 0
        ? `Waiting: ${write.error.message}`
        : online
          ? 'Waiting to be sent'
          : 'Waiting for the network';
    case 'sending':
      return 'Sending…';
    case 'uncertain':
      return 'The app closed while sending it: it may have reached the server. Check before sending it again.';
    case 'rejected':
      return 'Refused by the server';
  }
}

/** One change kept for later: what it is, what became of it, and sending it again or discarding it. */
export function QueuedWriteItem({ write, online }: { write: QueuedWrite; online: boolean }) {
  const needsUser = write.status === 'rejected' || write.status === 'uncertain';
  const fields = Object.values(write.error?.fields ?? {}).flat();
  const confirm = useConfirm();
  return (
    <li
      aria-label={write.label}
      // Actions under the text, on the left: toasts stack on the right and would cover them.
      className="flex flex-col gap-2 rounded-lg border border-line bg-surface p-3"
    >
      <div className="min-w-0">
        <p className="font-medium">{write.label}</p>
        <p className={cn('text-xs', needsUser ? 'text-warning' : 'text-muted')}>
          {statusText(write, online)} · made {ago(write.queuedAt)}
        </p>
        {write.status === 'rejected' && write.error && (
          <p className="mt-1 text-sm text-danger">
            {fields.length > 0 ? fields.join(' ') : write.error.message}
          </p>
        )}
      </div>
      <div className="flex shrink-0 gap-2">
        {needsUser && (
          <Button variant="secondary" onClick={() => void retryWrite(write.seq)}>
            Send again
          </Button>
        )}
        {write.status !== 'sending' && (
          <Button
            variant="secondary"
            aria-label={`Discard: ${write.label}`}
            onClick={() =>
              confirm.ask({
                title: 'Discard this change?',
                description: `${write.label}. It will not be sent.`,
                confirmLabel: 'Discard change',
                destructive: true,
                onConfirm: () => void discardWrite(write.seq),
              })
            }
          >
            Discard
          </Button>
        )}
      </div>
      {confirm.dialog}
    </li>
  );
}
