import { useEffect, useState } from 'react';
import { whenStartupSettled } from './startup-settled';

/**
 * Runs `task` when the browser has a quiet moment (at the latest after `timeoutMs`), for work that
 * would otherwise fall inside a render the user waits for. Browsers without requestIdleCallback
 * (Safari) run it on a short timer. Returns a function that cancels it if it has not run yet.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function' && typeof window.cancelIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => task(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 200);
  return () => clearTimeout(timer);
}

/**
 * False until start-up has settled (lib/startup-settled: the page's first code and data are in and
 * drawn) and the browser then has a quiet moment. Parts no page paints with (the toasts, the
 * offline marker, the unread count) mount then: their code and requests travelled beside the
 * page's own otherwise.
 */
export function useIdleReached(): boolean {
  const [reached, setReached] = useState(false);
  useEffect(() => {
    let cancelIdle: (() => void) | undefined;
    const cancelWait = whenStartupSettled(() => {
      cancelIdle = whenIdle(() => setReached(true));
    });
    return () => {
      cancelWait();
      cancelIdle?.();
    };
  }, []);
  return reached;
}
