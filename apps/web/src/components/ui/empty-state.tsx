import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  children?: ReactNode;
  headingLevel?: 2 | 3;
}

export function EmptyState({ title, children, headingLevel = 2 }: EmptyStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="rounded-xl border border-dashed border-line bg-surface px-6 py-10 text-center">
      <Heading className="text-base font-semibold">{title}</Heading>
      {children !== undefined && (
        <div className="mx-auto mt-2 max-w-prose text-sm text-muted">{children}</div>
      )}
    </section>
  );
}
