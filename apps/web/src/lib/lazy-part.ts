import { type ComponentType, lazy } from 'react';

export interface LazyPart<P> {
  Component: ComponentType<P>;
  /** Starts loading the chunk (idempotent); call it as the data the part shows is requested. */
  preload: () => void;
}

/**
 * A component whose chunk loads apart from the page's first JavaScript (issue 15, route budget)
 * and can be requested early: a page calls `preload` when it starts fetching the data the part
 * shows, so the chunk arrives while the request is in flight instead of after it.
 */
export function lazyPart<M, P>(load: () => Promise<M>, pick: (m: M) => ComponentType<P>): LazyPart<P> {
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () => {
    pending ??= load().then(
      (m) => ({ default: pick(m) }),
      (error: unknown) => {
        // A failed load (offline before the worker cached it) may be tried again by the next render.
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  return {
    Component: lazy(start),
    preload: () => {
      start().catch(() => {
        // Reported by the render that needs the part (React.lazy rethrows to the error boundary).
      });
    },
  };
}
