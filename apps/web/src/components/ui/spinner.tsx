import { cn } from '@/lib/cn';

interface SpinnerProps {
  label: string;
  className?: string;
}

/** A status region, so screen readers announce what is being waited for. */
export function Spinner({ label, className }: SpinnerProps) {
  return (
    <div role="status" aria-live="polite" className={cn('flex items-center gap-3', className)}>
      <span
        aria-hidden="true"
        className="size-5 animate-spin rounded-full border-2 border-line border-t-accent motion-reduce:animate-none"
      />
      <span className="text-sm text-muted">{label}</span>
    </div>
  );
}
