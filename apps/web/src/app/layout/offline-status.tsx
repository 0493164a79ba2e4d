import type { QueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { AuthUser } from '@/features/auth';
import { cn } from '@/lib/cn';
import { useOnline } from '@/lib/offline/use-online';
import { ago, QueuedWriteItem } from './queued-write-item';
import { useOfflineMachinery } from './use-offline-machinery';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Offline: says when the page shows data saved on this device, lists the writes kept
 * for later with what became of each, and runs the machinery (service worker, saved queries,
 * replay when the network and a confirmed session are back). Loaded after the first paint.
 */
export interface OfflineStatusProps {
  client: QueryClient;
  user: AuthUser | null;
  /** The user is remembered, not confirmed by the server (an offline start). */
  unconfirmed: boolean;
}

/** Props, not hooks: what this lazy chunk imports from the first load splits that load's chunks. */
export function OfflineStatus({ client, user, unconfirmed }: OfflineStatusProps) {
  const online = useOnline();
  const owner = user?.id || null;
  const { writes, saved } = useOfflineMachinery({ client, owner, unconfirmed, online });
  const [open, setOpen] = useState<boolean | null>(null);
  const listId = useId();

  const pending = writes.filter((w) => w.status === 'pending' || w.status === 'sending').length;
  const needsUser = writes.length - pending;
  if (online && writes.length === 0) return null;
  const expanded = open ?? needsUser > 0;

  return (
    <section
      aria-label="Offline"
      className={cn(
        'border-b px-4 py-2 text-sm',
        online ? 'border-line bg-surface-2' : 'border-warning/60 bg-warning/15',
      )}
    >
      <div role="status" className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 text-center">
        {!online && (
          <>
            <strong className="rounded bg-warning px-1.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-bg">
              Offline
            </strong>
            <span>
              {saved !== null
                ? `Showing data saved on this device ${ago(saved)}.`
                : 'Showing data saved on this device.'}{' '}
              <span className="text-muted">Changes are kept here and sent when you are back online.</span>
            </span>
          </>
        )}
        {online && pending > 0 && <span>Sending {count(pending, 'offline change', 'offline changes')}…</span>}
        {needsUser > 0 && (
          <strong className="text-warning">
            {count(needsUser, 'offline change needs', 'offline changes need')} your attention
          </strong>
        )}
        {writes.length > 0 && (
          <Button
            variant="unstyled"
            className="text-accent underline underline-offset-2"
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={() => setOpen(!expanded)}
          >
            {expanded ? 'Hide' : 'Show'} offline changes ({writes.length})
          </Button>
        )}
      </div>
      {expanded && writes.length > 0 && (
        <ul id={listId} aria-label="Offline changes" className="mx-auto mt-2 grid max-w-3xl gap-2 text-left">
          {writes.map((w) => (
            <QueuedWriteItem key={w.seq} write={w} online={online} />
          ))}
        </ul>
      )}
    </section>
  );
}
