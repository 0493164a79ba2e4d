import type { MarketSource } from '@app/contracts';
import { dateFormat } from '@app/core';
import { cn } from '@/lib/cn';
import { asOfText, clockTime, localTime, providerName } from '@/lib/market/market-status';

// Dates and times in the reader's locale (issue 14); the snapshot's day in UTC, as the server
// dates it.
function day(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : dateFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(d);
}

/**
 * Says plainly where the figures come from (issue 10): demo data (the snapshot's simulated
 * prices), live from a named provider, or the last live copy kept through an outage, "as of" when.
 */
export function SourceBadge({ source, className }: { source: MarketSource | undefined; className?: string }) {
  if (!source) return null;
  const offline = source.mode === 'demo';
  const text = offline
    ? `Demo data: prices simulated from a snapshot of ${day(source.as_of)}`
    : source.stale
      ? `Stale — ${providerName(source.source)}, ${asOfText(source.as_of)}`
      : `Live — ${providerName(source.source)}, updated ${clockTime(source.as_of)}`;
  return (
    <p
      role="status"
      title={
        offline ? undefined : `Fetched from ${providerName(source.source)} at ${localTime(source.as_of)}`
      }
      className={cn(
        'inline-flex items-center gap-2 rounded-full border px-3 py-1 text-xs font-medium',
        offline || source.stale ? 'border-warning/50 text-warning' : 'border-accent/40 text-accent',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className={cn('size-2 rounded-full', offline || source.stale ? 'bg-warning' : 'bg-accent')}
      />
      {text}
    </p>
  );
}
