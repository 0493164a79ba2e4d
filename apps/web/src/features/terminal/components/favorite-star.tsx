import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** A toggle button: "Add Bitcoin to favourites" / pressed when it is one. */
export function FavoriteStar({
  name,
  active,
  onToggle,
}: {
  name: string;
  active: boolean;
  onToggle: () => void;
}) {
  return (
    <Button
      variant="unstyled"
      aria-pressed={active}
      aria-label={`Favourite ${name}`}
      onClick={onToggle}
      className={cn(
        'rounded p-1 text-lg leading-none transition focus-visible:outline-2 focus-visible:outline-accent',
        active ? 'text-warning' : 'text-muted hover:text-fg',
      )}
    >
      <span aria-hidden="true">{active ? '★' : '☆'}</span>
    </Button>
  );
}
