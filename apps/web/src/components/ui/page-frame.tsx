import type { ReactNode } from 'react';

interface PageFrameProps {
  title: string;
  description?: string;
  /** The page's own controls, shown beside the title. */
  actions?: ReactNode;
  children: ReactNode;
}

export function PageFrame({ title, description, actions, children }: PageFrameProps) {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 md:px-6">
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4 pr-12 md:pr-0">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          {description !== undefined && <p className="mt-1 text-sm text-muted">{description}</p>}
        </div>
        {actions !== undefined && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
      {children}
    </div>
  );
}
