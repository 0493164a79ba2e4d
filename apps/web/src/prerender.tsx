import { apiBase, emptyFramedPaths } from '@app/contracts';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { DemoBanner, DemoBannerCopy, paintedDemoBannerAttribute } from '@/app/layout/market-mode-banner';
import { hidesTopBarOnMobile } from '@/app/layout/nav-entries';
import { Button } from '@/components/ui/button';
import { PaintedPageHeader } from '@/components/ui/page-frame';
import { SourceBadgeView } from '@/components/ui/source-badge';
import { PaintedEmptyMetrics } from '@/features/dashboard/prerender';
import { PaintedEmptyProjections, PaintedProjectionsActions } from '@/features/projections/prerender';
import { TerminalHeader, terminalFrameClass } from '@/features/terminal/components/terminal-header';
import { pageDataPreloads } from '@/lib/page-data-preloads';
import { type FramedPath, pageHeaders } from '@/lib/page-headers';
import { pageModulePreloads } from '@/lib/page-module-preloads';
import { paintedEmptyStateAttribute, paintedPageFrameAttribute } from '@/lib/painted-page-frame';
import { sourceBadgeSlot } from './prerender-slot.ts';

export { renderLanding } from '@/features/landing/prerender';

/**
 * The demo banner as the signed-in layout draws it, rendered once at build time
 * (build-plugins/prerender-html): `banner` lies over the top of the page, marked so the app
 * knows the server painted it, and `room` is the invisible copy at the top of #root below it.
 */
export function renderDemoBanner(): { banner: string; room: string } {
  return {
    banner: renderToStaticMarkup(
      <div {...{ [paintedDemoBannerAttribute]: '' }} className="absolute inset-x-0 top-0">
        <DemoBanner />
      </div>,
    ),
    room: renderToStaticMarkup(<DemoBannerCopy invisible />),
  };
}

type EmptyFramedPath = (typeof emptyFramedPaths)[number];

/** What the empty pages draw beside and below their heading, for an account with nothing yet. */
const emptyPages: Record<EmptyFramedPath, { actions?: ReactNode; content: ReactNode }> = {
  '/dashboard': { content: <PaintedEmptyMetrics /> },
  '/projections': { actions: <PaintedProjectionsActions />, content: <PaintedEmptyProjections /> },
};

/** The page's empty state, for the pages whose emptiness the server can tell (@app/contracts emptyFramedPaths). */
function emptyPage(path: FramedPath) {
  return (emptyFramedPaths as readonly string[]).includes(path)
    ? emptyPages[path as EmptyFramedPath]
    : undefined;
}

/**
 * A signed-in page's heading where the page draws it, over the top of index.html
 * (lib/painted-page-frame); with `empty`, the page's controls and empty state too. A picture only:
 * hidden from assistive technology, and inert, so its copies of the page's links and buttons are
 * never focused or pressed before the page draws the real ones.
 */
export function PaintedPageFrame({
  path,
  demo,
  empty = false,
}: {
  path: FramedPath;
  demo: boolean;
  empty?: boolean;
}) {
  const page = empty ? emptyPage(path) : undefined;
  return (
    <PaintedFrame path={path} demo={demo}>
      <PaintedPageHeader {...pageHeaders[path]} actions={page?.actions}>
        {page && <div {...{ [paintedEmptyStateAttribute]: '' }}>{page.content}</div>}
      </PaintedPageHeader>
    </PaintedFrame>
  );
}

/** What the server paints over the top of index.html: the room of what the layout draws above the page, then the page's part. */
function PaintedFrame({ path, demo, children }: { path: string; demo: boolean; children: ReactNode }) {
  return (
    <div
      {...{ [paintedPageFrameAttribute]: '' }}
      aria-hidden="true"
      inert
      className="pointer-events-none absolute inset-x-0 top-0"
    >
      {/* The room of what the layout draws above the page: the demo banner, the top bar. */}
      {demo && <DemoBannerCopy invisible />}
      <div className={hidesTopBarOnMobile(path) ? 'hidden h-14 md:block' : 'h-14'} />
      {children}
    </div>
  );
}

/**
 * The terminal's title line with its source badge, over the top of index.html (`live`) or of
 * demo-shell.html (`demo`): the badge's text is `sourceBadgeSlot` (prerender-slot.ts), which the server replaces with
 * the market's state told in the reader's clock (apps/server static-web). Its largest paint no
 * longer waits for the app, the session check and the market's status.
 */
export function renderTerminalFrames(): { live: string; demo: string } {
  return {
    live: renderToStaticMarkup(<PaintedTerminalFrame demo={false} />),
    demo: renderToStaticMarkup(<PaintedTerminalFrame demo />),
  };
}

export function PaintedTerminalFrame({ demo }: { demo: boolean }) {
  return (
    <PaintedFrame path="/" demo={demo}>
      <div className={terminalFrameClass}>
        <TerminalHeader
          painted
          badge={<SourceBadgeView tone={demo ? 'warning' : 'live'} text={sourceBadgeSlot} />}
        >
          {/* The room of the search and its button, which set the line's height on a wide screen. */}
          <Button variant="secondary" className="invisible">
            Refresh
          </Button>
        </TerminalHeader>
      </div>
    </PaintedFrame>
  );
}

/** One framed page's painted parts, as the build plugin writes them into shells. */
export interface RenderedPageFrame {
  path: string;
  live: string;
  demo: string;
  /** The empty pages' shells: the empty state painted too (`@app/contracts` emptyFramedPaths). */
  empty?: { live: string; demo: string };
  data: string[];
  modules: string[];
}

/**
 * Each framed page's painted heading (build-plugins/prerender-html writes a shell per page): `live`
 * over index.html, `demo` over demo-shell.html, below the painted demo banner; `data`, the API
 * requests and `modules`, the source modules (under src/) its shell asks for as it arrives.
 */
export function renderPageFrames(): RenderedPageFrame[] {
  return (Object.keys(pageHeaders) as FramedPath[]).map((path) => ({
    path,
    data: pageDataPreloads[path].map((api) => `${apiBase}${api}`),
    modules: [...(pageModulePreloads[path] ?? [])],
    live: renderToStaticMarkup(<PaintedPageFrame path={path} demo={false} />),
    demo: renderToStaticMarkup(<PaintedPageFrame path={path} demo />),
    empty: emptyPage(path)
      ? {
          live: renderToStaticMarkup(<PaintedPageFrame path={path} demo={false} empty />),
          demo: renderToStaticMarkup(<PaintedPageFrame path={path} demo empty />),
        }
      : undefined,
  }));
}
