import { projectionLabels } from '@app/contracts';
import { buttonStyles } from '@/components/ui/button-styles';
import { EmptyState } from '@/components/ui/empty-state';
import { cn } from '@/lib/cn';

/** Projections top bar: the add-projection button, beside the heading and in the empty state. */
export function AddProjectionButton({ onClick, className }: { onClick: () => void; className?: string }) {
  return (
    <button type="button" className={cn(buttonStyles.primary, className)} onClick={onClick}>
      Add projection
    </button>
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
