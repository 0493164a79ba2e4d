import { cn } from '@/lib/cn';

/** A signed percent change, coloured by direction (with the sign, so colour is never the only cue). */
export function PriceChange({ value, className }: { value: number | null | undefined; className?: string }) {
  if (value === null || value === undefined || !Number.isFinite(value)) {
    return <span className={cn('text-muted', className)}>–</span>;
  }
  // Sign and colour follow the figure shown: -0.004 % reads as an unchanged 0.00 %, not a red "-0.00%".
  const shown = Number(value.toFixed(2));
  return (
    <span
      className={cn(
        'tabular-nums',
        shown > 0 ? 'text-accent' : shown < 0 ? 'text-danger' : 'text-muted',
        className,
      )}
    >
      {shown > 0 ? '+' : ''}
      {Math.abs(shown) === 0 ? '0.00' : shown.toFixed(2)}%
    </span>
  );
}
