import { useLayoutEffect } from 'react';

/**
 * For a signed-in page with a fixed heading (lib/page-headers) the server sends
 * index.html with that heading painted where the page will draw it, so the first paint shows which
 * page is loading and the largest text on screen no longer waits for the app's code, the session
 * check and the page's chunks (in a Lighthouse trial with a live market, /transactions' LCP came
 * much earlier). Like the painted demo banner it lies over the top of the page outside #root, hidden
 * from assistive technology (the loading screen speaks meanwhile), and goes when the page draws its
 * own heading in the same place.
 */

/** Marks the frame the server painted (apps/web/src/prerender.tsx writes it). */
export const paintedPageFrameAttribute = 'data-painted-page-frame';

/**
 * Marks the page's empty state inside the painted frame, which the server paints for an account
 * with nothing that page shows yet (apps/server empty-pages): the page removes the frame once its
 * own data is in, rather than when it first draws (components/ui/page-frame `settled`).
 */
export const paintedEmptyStateAttribute = 'data-painted-empty-state';

// Set once by main.tsx before the first render.
let painted: Element | null = null;

/** Finds the painted frame, if the server painted one; main.tsx calls it before React renders. */
export function notePaintedPageFrame(page: ParentNode): void {
  painted = page.querySelector(`[${paintedPageFrameAttribute}]`);
}

/** The page draws its own heading (or another page is shown): the painted one goes. */
export function removePaintedPageFrame(): void {
  painted?.remove();
  painted = null;
}

/**
 * For a page that draws what the server painted: the painted frame goes once `drawn` (the page's
 * own copy is on screen), or when the page is left before that.
 */
export function useRemovePaintedFrame(drawn: boolean): void {
  useLayoutEffect(() => {
    if (drawn) removePaintedPageFrame();
  }, [drawn]);
  useLayoutEffect(() => removePaintedPageFrame, []);
}

/** Whether the painted frame on screen shows the page's empty state (the loading screen then sits below it). */
export function paintedPageHasContent(): boolean {
  return painted?.isConnected === true && painted.querySelector(`[${paintedEmptyStateAttribute}]`) !== null;
}

/**
 * A copy of the painted frame while it is on screen, for the loading floor that lies over the page
 * for its first 500 ms (it would hide the painted frame underneath it); null otherwise.
 */
export function paintedPageFramePicture(): Node | null {
  return painted?.isConnected ? painted.cloneNode(true) : null;
}

/**
 * A copy of the painted heading alone (without the room above it; with the empty state painted
 * below it if any) while the painted frame is on screen, for what the layout draws in the page's
 * place meanwhile to sit below; null otherwise.
 */
export function paintedHeadingCopy(): Node | null {
  return painted?.isConnected ? (painted.lastElementChild?.cloneNode(true) ?? null) : null;
}
