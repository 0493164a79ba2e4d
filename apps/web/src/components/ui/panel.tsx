import type { ReactNode } from 'react';

interface PanelProps {
  title: string;
  children: ReactNode;
}

/** A titled card; the heading names the region for assistive tech. */
export function Panel({ title, children }: PanelProps) {
  return (
    <section aria-label={title} className="rounded-xl border border-line bg-surface p-5">
      <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-muted">{title}</h2>
      {children}
    </section>
  );
}
