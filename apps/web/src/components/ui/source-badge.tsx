import type { MarketSource } from '@app/contracts';
import { providerName, sourceBadgeText } from '@app/core';
import { cn } from '@/lib/cn';
import { localTime } from '@/lib/market/market-status';

/** Live figures in the accent; demo data and a stale copy as a warning. */
export type SourceBadgeTone = 'live' | 'warning';

function sourceBadgeTone(source: MarketSource): SourceBadgeTone {
  return source.mode === 'demo' || source.stale ? 'warning' : 'live';
}

/**
 * Says plainly where the figures come from: demo data (the snapshot's simulated
 * prices), live from a named provider, or the last live copy kept through an outage, "as of" when.
 * Dates and times in the reader's locale.
 */
export function SourceBadge({ source, className }: { source: MarketSource | undefined; className?: string }) {
  if (!source) return null;
  return (
    <SourceBadgeView
      tone={sourceBadgeTone(source)}
      text={sourceBadgeText(source)}
      title={
        source.mode === 'demo'
          ? undefined
          : `Fetched from ${providerName(source.source)} at ${localTime(source.as_of)}`
      }
      className={className}
    />
  );
}

/** The badge as drawn, for its text: the server paints the same one into a page's HTML (prerender). */
export function SourceBadgeView({
  tone,
  text,
  title,
  className,
}: {
  tone: SourceBadgeTone;
  text: string;
  title?: string;
  className?: string;
}) {
  return (
    <p
      role="status"
      title={title}
      className={cn(
        'inline-flex items-center gap-2 rounded-full border px-3 py-1 text-xs font-medium',
        tone === 'warning' ? 'border-warning/50 text-warning' : 'border-accent/40 text-accent',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className={cn('size-2 rounded-full', tone === 'warning' ? 'bg-warning' : 'bg-accent')}
      />
      {text}
    </p>
  );
}
