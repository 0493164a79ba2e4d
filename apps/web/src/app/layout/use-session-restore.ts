import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { clearSessionState, navigationType, readSessionState, saveSessionState } from '@/lib/session-state';

/** Spec §9 "Loading-state completion timer: 500 ms": lazy pages need a moment to reach full height. */
export const restoreDelayMs = 500;

/**
 * Saves route and scroll when the page is hidden (reload, tab switch), and after a reload of the
 * same page, if under 5 minutes ago, puts the scroll back (spec §2). A fresh visit to `/` is a visit
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
    const saved = readSessionState();
    if (saved === null) return;
    clearSessionState();
    if (navigationType() !== 'reload' || saved.path !== pathRef.current) return;
    // A scroll before the restore (the reader already moving) wins: putting the old position back
    // then yanked the page from under them, and a virtualised list lost the rows they scrolled to.
    const cancel = () => clearTimeout(timer);
    const timer = setTimeout(() => {
      window.removeEventListener('scroll', cancel);
      window.scrollTo({ top: saved.scrollY });
    }, restoreDelayMs);
    window.addEventListener('scroll', cancel, { once: true, passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', cancel);
    };
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
