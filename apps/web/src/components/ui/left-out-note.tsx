import { cn } from '@/lib/cn';

/**
 * The line under cost basis or realized gains that left lots of unknown cost out ("3 lots have no
 * cost: figures exclude them"); nothing when none was. The words come from the contracts
 * (`unknownCostLines`), so every screen and the server say the same.
 */
export function LeftOutNote({ lines, className }: { lines: readonly string[]; className?: string }) {
  if (lines.length === 0) return null;
  return (
    <p role="note" className={cn('text-xs text-warning', className)}>
      {lines.join(' · ')}
    </p>
  );
}
