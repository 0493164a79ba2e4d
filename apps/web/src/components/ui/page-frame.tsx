import type { ReactNode } from 'react';
import { useRemovePaintedFrame } from '@/lib/painted-page-frame';

interface PageFrameProps {
  title: string;
  description?: string;
  /** The page's own controls, shown beside the title. */
  actions?: ReactNode;
  /**
   * False while the page draws its loading state: the frame the server painted, which may show
   * the page's empty state too (lib/painted-page-frame), stays over it until then.
   */
  settled?: boolean;
  children: ReactNode;
}

const frameClass = 'mx-auto w-full max-w-7xl px-4 py-6 md:px-6';

function PageHeader({
  title,
  description,
  actions,
  painted = false,
}: Omit<PageFrameProps, 'children'> & { painted?: boolean }) {
  // The server's painted copy is a picture of the heading, not a second one.
  const Title = painted ? 'div' : 'h1';
  // On a phone the base currency and the user menu float at the header's right: a page's own
  // controls beside its title keep clear of both (they wrap below it instead).
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-4 pr-28 md:pr-0">
      <div>
        <Title className="text-2xl font-semibold tracking-tight">{title}</Title>
        {description !== undefined && <p className="mt-1 text-sm text-muted">{description}</p>}
      </div>
      {actions !== undefined && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}

export function PageFrame({ title, description, actions, settled = true, children }: PageFrameProps) {
  // The page's heading is drawn in the place of the one the server painted (lib/painted-page-frame),
  // and once settled its content in the place of what the server painted of it.
  useRemovePaintedFrame(settled);
  return (
    <div className={frameClass}>
      <PageHeader title={title} description={description} actions={actions} />
      {children}
    </div>
  );
}

/**
 * The page's heading as PageFrame draws it: the server's picture of it, with the page's controls
 * and content where the server paints those too (its empty state), else without.
 */
export function PaintedPageHeader({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description: string;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className={frameClass}>
      <PageHeader title={title} description={description} actions={actions} painted />
      {children}
    </div>
  );
}
