import type { Connection } from '@app/contracts';
import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useSyncConnection } from '../api/use-connection-mutations';
import { ConnectionStatus } from './connection-state';
import { kindText } from './connection-words';
import { deleteDialog, editDialog } from './lazy-parts';

/** Sync now, Edit and Delete for one connection; the list and the detail page share them. */
export function ConnectionActions({
  connection,
  onDeleted,
}: {
  connection: Connection;
  onDeleted?: () => void;
}) {
  const sync = useSyncConnection();
  const [open, setOpen] = useState<'edit' | 'delete' | null>(null);
  const syncing = connection.state === 'syncing' || sync.isPending;
  return (
    <div className="flex shrink-0 flex-wrap items-center gap-2">
      <Button
        variant="secondary"
        disabled={syncing}
        aria-label={`Sync ${connection.label} now`}
        onClick={() =>
          sync.mutate(connection.id, { onSuccess: () => toast.success(`Syncing “${connection.label}”`) })
        }
      >
        {syncing ? 'Syncing…' : 'Sync now'}
      </Button>
      <Button variant="ghost" aria-label={`Edit ${connection.label}`} onClick={() => setOpen('edit')}>
        Edit
      </Button>
      <Button variant="ghost" aria-label={`Delete ${connection.label}`} onClick={() => setOpen('delete')}>
        Delete
      </Button>
      <Suspense fallback={null}>
        {open === 'edit' && <editDialog.Component connection={connection} onClose={() => setOpen(null)} />}
        {open === 'delete' && (
          <deleteDialog.Component
            connection={connection}
            onClose={() => setOpen(null)}
            onDeleted={onDeleted}
          />
        )}
      </Suspense>
    </div>
  );
}

/** One connection in the list: what it follows, for which portfolio, and how its sync stands. */
export function ConnectionCard({
  connection,
  portfolioName,
  now,
}: {
  connection: Connection;
  portfolioName: string | undefined;
  now: Date;
}) {
  return (
    <article
      aria-label={connection.label}
      className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 sm:flex-row sm:items-start sm:justify-between"
    >
      <div className="min-w-0 space-y-1">
        <h2 className="flex flex-wrap items-center gap-2 text-base font-semibold">
          <Link to={`/settings/connections/${connection.id}`} className="truncate hover:underline">
            {connection.label}
          </Link>
          <span className="rounded-full border border-line px-2 py-0.5 text-xs font-normal text-muted">
            {kindText(connection)}
          </span>
        </h2>
        <p className="flex flex-wrap gap-x-2 text-xs text-muted">
          <span className="font-mono break-all" title="Key or address (masked)">
            {connection.masked}
          </span>
          <span aria-hidden="true">·</span>
          <span>Portfolio: {portfolioName ?? '…'}</span>
        </p>
        <ConnectionStatus connection={connection} now={now} />
      </div>
      <ConnectionActions connection={connection} />
    </article>
  );
}
