import { projectionLabels } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

/** Projections top bar: the add-projection button, beside the heading and in the empty state. */
export function AddProjectionButton({ onClick, className }: { onClick: () => void; className?: string }) {
  return (
    <Button variant="primary" className={className} onClick={onClick}>
      Add projection
    </Button>
  );
}

/** Projections with none saved: what the page draws, and the server's shell paints (prerender). */
export function NoProjectionsYet({ onAdd }: { onAdd: () => void }) {
  return (
    <EmptyState title={projectionLabels.noProjections}>
      <p>Create a projection for a coin, then plan the sells of your exit.</p>
      <AddProjectionButton onClick={onAdd} className="mt-4" />
    </EmptyState>
  );
}
