import { cn } from '@/lib/cn';

/** A signed percent change, coloured by direction (with the sign, so colour is never the only cue). */
export function PriceChange({ value, className }: { value: number | null | undefined; className?: string }) {
  if (value === null || value === undefined || !Number.isFinite(value)) {
    return <span className={cn('text-muted', className)}>–</span>;
  }
  return (
    <span
      className={cn(
        'tabular-nums',
        value > 0 ? 'text-accent' : value < 0 ? 'text-danger' : 'text-muted',
        className,
      )}
    >
      {value > 0 ? '+' : ''}
      {value.toFixed(2)}%
    </span>
  );
}
