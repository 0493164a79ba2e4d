import type { ReactNode } from 'react';

/** The terminal page's box: the page draws in it, and the server's painted copy of its heading. */
export const terminalFrameClass = 'mx-auto w-full max-w-[1680px] px-3 py-4 md:px-6 md:py-6';

/**
 * The terminal's title line: the title, the source badge, then the search and its buttons. The
 * server paints a copy (`painted`, prerender) with the badge's text written in for the request.
 */
export function TerminalHeader({
  badge,
  painted = false,
  children,
}: {
  badge: ReactNode;
  painted?: boolean;
  children: ReactNode;
}) {
  // The server's painted copy is a picture of the heading, not a second one.
  const Title = painted ? 'div' : 'h1';
  return (
    // Below md the currency and user controls float over the top right: on a phone only the
    // title's line makes room for them, so the badge and the search below it span the width.
    <div className="mb-4 flex flex-wrap items-center gap-3 sm:pr-32 md:pr-0">
      <Title className="pr-32 text-2xl font-semibold tracking-tight sm:pr-0">Terminal</Title>
      {/* On a phone the badge takes its own line (two in demo mode), kept from the first paint
          so that a badge arriving later does not push the page down (CLS). */}
      <div className="min-h-[42px] w-full sm:min-h-0 sm:w-auto">{badge}</div>
      <div className="flex w-full flex-wrap items-center gap-2 sm:ml-auto sm:w-auto">{children}</div>
    </div>
  );
}
