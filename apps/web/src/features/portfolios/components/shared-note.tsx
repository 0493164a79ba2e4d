import type { Portfolio } from '@app/contracts';
import { Suspense } from 'react';
import { lazyPart } from '@/lib/lazy-part';

/** Leaving is rare: its confirmation and request load only beside a portfolio shared with the reader. */
const leave = lazyPart(
  () => import('./leave-share-button'),
  (m) => m.LeaveShareButton,
);

/** "Shared by Ana · you can view it": who owns a portfolio shared with the reader, and what they may do. */
export function SharedNote({ portfolio: p, canLeave = false }: { portfolio: Portfolio; canLeave?: boolean }) {
  if (!p.shared_by) return null;
  const can = p.access === 'editor' ? 'you can view and edit its transactions' : 'you can view it';
  return (
    <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted">
      <span className="rounded-full border border-line px-2 py-0.5 font-medium text-fg">
        Shared by {p.shared_by.name}
      </span>
      <span>{can}</span>
      {canLeave && (
        <Suspense fallback={null}>
          <leave.Component portfolio={p} shareId={p.shared_by.share_id} />
        </Suspense>
      )}
    </p>
  );
}
