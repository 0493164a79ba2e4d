import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { clearSessionState, navigationType, readSessionState, saveSessionState } from '@/lib/session-state';

/** The loading-state completion timer is 500 ms: lazy pages need a moment to reach full height. */
export const restoreDelayMs = 500;
/** Past this, a page that grows tall enough is left where it is: the reader is reading it by now. */
export const restoreWindowMs = 10_000;

/** The page moved by its reader (or a script) before the restore: only the restore's own scrollTo comes after. */
const readerInput = ['scroll', 'wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Puts the scroll back once the page is tall enough to hold it (not before the spec's 500 ms), so a
 * page whose data arrives late still gets its position back: a single scrollTo at 500 ms found a
 * 390 px /transactions still one screen tall on a loaded machine and left it at the top. The
 * reader moving the page first wins (putting the old position back then yanked the page from under
 * them, and a virtualised list lost the rows they scrolled to). Returns the cleanup.
 */
function restoreScroll(top: number): () => void {
  const root = document.documentElement;
  let due = false;
  const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => attempt());
  const stop = () => {
    clearTimeout(dueTimer);
    clearTimeout(windowTimer);
    observer?.disconnect();
    for (const type of readerInput) window.removeEventListener(type, stop);
  };
  function attempt() {
    if (!due) return;
    // Without ResizeObserver (old browsers) the one try at 500 ms is all there is.
    if (observer !== null && root.scrollHeight - window.innerHeight < top) return;
    stop();
    window.scrollTo({ top });
  }
  const dueTimer = setTimeout(() => {
    due = true;
    attempt();
  }, restoreDelayMs);
  const windowTimer = setTimeout(stop, restoreWindowMs);
  observer?.observe(root);
  for (const type of readerInput) window.addEventListener(type, stop, { passive: true });
  return stop;
}

/**
 * Saves route and scroll when the page is hidden (reload, tab switch), and after a reload of the
 * same page, if under 5 minutes ago, puts the scroll back. A fresh visit to `/` is a visit
 * to the terminal: it never sends a returning visitor to the page they saw last.
 */
export function useSessionRestore(): void {
  const location = useLocation();
  const path = `${location.pathname}${location.search}`;
  const pathRef = useRef(path);
  pathRef.current = path;
  const restored = useRef(false);

  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    // The browser's own restoration scrolls the still-short page at load: its scroll event read
    // as the reader's and called ours off, so the page stayed near the top. This one alone decides.
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    const saved = readSessionState();
    if (saved === null) return;
    clearSessionState();
    if (navigationType() !== 'reload' || saved.path !== pathRef.current) return;
    return restoreScroll(saved.scrollY);
  }, []);

  useEffect(() => {
    const save = () => saveSessionState(pathRef.current, window.scrollY);
    window.addEventListener('pagehide', save);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') save();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', save);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);

  const { pathname } = location;
  const firstPath = useRef(pathname);
  useEffect(() => {
    // A new page starts at the top, like a full navigation would; the first page keeps its restored scroll.
    if (pathname !== firstPath.current) window.scrollTo({ top: 0 });
  }, [pathname]);
}
