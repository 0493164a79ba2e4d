import type { ReactNode } from 'react';

interface PanelProps {
  title: string;
  children: ReactNode;
}

/** A titled card; the heading names the region for assistive tech. */
export function Panel({ title, children }: PanelProps) {
  return (
    // min-w-0: in a grid, a wide table scrolls inside the panel instead of widening the page.
    <section aria-label={title} className="min-w-0 rounded-xl border border-line bg-surface p-4 sm:p-5">
      <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-muted">{title}</h2>
      {children}
    </section>
  );
}
