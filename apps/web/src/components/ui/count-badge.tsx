import { cn } from '@/lib/cn';

/** Badge maximum 99. */
export const badgeMaximum = 99;

/** What the badge shows: nothing at zero, the count, or the cap when above it. */
export function badgeText(count: number, max: number = badgeMaximum): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > max ? String(max) : String(Math.floor(count));
}

interface CountBadgeProps {
  count: number;
  /** Read by screen readers with the real count, e.g. "3 unread notifications". */
  label: (count: number) => string;
  className?: string;
}

export function CountBadge({ count, label, className }: CountBadgeProps) {
  const text = badgeText(count);
  if (text === null) return null;
  return (
    <span
      role="status"
      aria-label={label(count)}
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-full bg-danger px-1.5 text-[11px] font-bold leading-5 text-bg',
        className,
      )}
    >
      {text}
    </span>
  );
}
