import { type ComponentType, createElement, lazy, useState } from 'react';
import { trackStartupLoad } from './startup-settled';

export interface LazyPart<P> {
  Component: ComponentType<P>;
  /** Starts loading the chunk (idempotent); call it as the data the part shows is requested. */
  preload: () => void;
  /** Loads the chunk (idempotent); settles once it is there, or rejects when it failed. */
  load: () => Promise<unknown>;
}

/**
 * A component whose chunk loads apart from the page's first JavaScript (to keep the page's first load within the route budget)
 * and can be requested early: a page calls `preload` when it starts fetching the data the part
 * shows, so the chunk arrives while the request is in flight instead of after it.
 *
 * Loaded before it first renders, the part renders at once. Through React.lazy it would suspend
 * anyway (the module arrives through a promise), its Suspense boundary would show the fallback,
 * and React holds back content that replaces a fallback for 300 ms (its reveal throttle).
 */
export function lazyPart<M, P extends object>(
  load: () => Promise<M>,
  pick: (m: M) => ComponentType<P>,
): LazyPart<P> {
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  let loaded: ComponentType<P> | undefined;
  const start = () => {
    pending ??= trackStartupLoad(load()).then(
      (m) => {
        loaded = pick(m);
        return { default: loaded };
      },
      (error: unknown) => {
        // A failed load (offline before the worker cached it) may be tried again by the next render.
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(start);
  function Component(props: P) {
    // Fixed when mounted: switching from the lazy wrapper to the module's own component later
    // would be a different element type, and React would remount the part (its state lost).
    const [ready] = useState(() => loaded);
    return ready ? createElement(ready, props) : createElement(Lazy, props);
  }
  return {
    Component,
    preload: () => {
      start().catch(() => {
        // Reported by the render that needs the part (React.lazy rethrows to the error boundary).
      });
    },
    load: start,
  };
}
