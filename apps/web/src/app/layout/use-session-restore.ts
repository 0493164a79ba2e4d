import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { clearSessionState, readSessionState, saveSessionState } from '@/lib/session-state';

/** Spec §9 "Loading-state completion timer: 500 ms": lazy pages need a moment to reach full height. */
export const restoreDelayMs = 500;

/**
 * Saves route and scroll when the page is hidden (reload, tab switch), and after a
 * reload puts the user back where they were, if that was under 5 minutes ago.
 */
export function useSessionRestore(): void {
  const location = useLocation();
  const navigate = useNavigate();
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
    // Only the bare root is "no particular page"; a deep link always wins over saved state.
    if (saved.path !== pathRef.current && pathRef.current === '/')
      void navigate(saved.path, { replace: true });
    else if (saved.path !== pathRef.current) return;
    const timer = setTimeout(() => window.scrollTo({ top: saved.scrollY }), restoreDelayMs);
    return () => clearTimeout(timer);
  }, [navigate]);

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
