import type { MarketSource } from '@app/contracts';
import { cn } from '@/lib/cn';

function day(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

function time(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit' });
}

/** Says plainly where the figures come from: live CoinGecko, or the offline snapshot and its date. */
export function SourceBadge({ source, className }: { source: MarketSource | undefined; className?: string }) {
  if (!source) return null;
  const offline = source.mode === 'demo';
  const text = offline
    ? `Offline data: snapshot of ${day(source.as_of)}, prices simulated since`
    : `Live — CoinGecko, updated ${time(source.as_of)}${source.stale ? ' (stale)' : ''}`;
  return (
    <p
      role="status"
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
