import { relativeTime } from '@app/core';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import type { AuthUser } from '@/features/auth';
import { browserLocation } from '@/lib/browser-location';
import { cn } from '@/lib/cn';
import { claimBrowserFor } from '@/lib/offline/forget-person';
import type { QueuedWrite } from '@/lib/offline/offline-db';
import { onOfflineChange } from '@/lib/offline/offline-events';
import { persistQueries, restoreQuerySnapshot, savedAt } from '@/lib/offline/query-snapshot';
import { registerServiceWorker } from '@/lib/offline/register-service-worker';
import { replayNow } from '@/lib/offline/replay-now';
import { keepSeenCoins } from '@/lib/offline/seen-coins';
import { useOnline } from '@/lib/offline/use-online';
import { discardWrite, listWrites, retryWrite } from '@/lib/offline/write-queue';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Relative time, as a phrase: 'just now', '5m ago', 'on 11/24'. */
function ago(at: number): string {
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

function QueuedWriteItem({ write, online }: { write: QueuedWrite; online: boolean }) {
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
  const [writes, setWrites] = useState<QueuedWrite[]>([]);
  const [saved, setSaved] = useState<number | null>(null);
  const [open, setOpen] = useState<boolean | null>(null);
  const listId = useId();

  useEffect(() => registerServiceWorker(), []);

  // Someone else was signed in here last: what was kept of them goes, and the page loads again.
  // Only a user the server confirmed claims the browser.
  useEffect(() => {
    if (owner === null || unconfirmed) return;
    claimBrowserFor(owner).then(
      (switched) => {
        if (switched) browserLocation.reload();
      },
      () => {},
    );
  }, [owner, unconfirmed]);

  useEffect(() => {
    if (owner === null) return;
    const stop = persistQueries(client, owner);
    // The coins each market answer shows are kept apart from the snapshot: the coin field finds
    // them offline for as long as this person stays signed in here, not only for 24 hours.
    const stopCoins = keepSeenCoins(client);
    // Started without a network: the saved copy fills the (paused) queries.
    if (!navigator.onLine) restoreQuerySnapshot(client, owner).catch(() => null);
    return () => {
      stop();
      stopCoins();
    };
  }, [client, owner]);

  useEffect(() => {
    if (owner === null) return;
    let live = true;
    const load = () => {
      listWrites(owner)
        .then((list) => live && setWrites(list))
        .catch(() => {});
      savedAt(owner)
        .then((at) => live && setSaved(at))
        .catch(() => {});
    };
    load();
    const stop = onOfflineChange(load);
    return () => {
      live = false;
      stop();
    };
  }, [owner]);

  // The network is back and the server confirmed who is signed in: send what was kept, in order.
  useEffect(() => {
    if (owner === null || !online || unconfirmed === true) return;
    replayNow(owner, client).catch(() => {});
  }, [owner, online, unconfirmed, client]);

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
          <button
            type="button"
            className="text-accent underline underline-offset-2"
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={() => setOpen(!expanded)}
          >
            {expanded ? 'Hide' : 'Show'} offline changes ({writes.length})
          </button>
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
