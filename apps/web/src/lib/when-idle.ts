import { useEffect, useState } from 'react';

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
 * False until the first quiet moment after mount (`whenIdle`). Parts no page paints with (the
 * toasts, the offline marker) mount then: their code loaded during start-up travelled beside the
 * page's own and ran between its renders (issue 15).
 */
export function useIdleReached(): boolean {
  const [reached, setReached] = useState(false);
  useEffect(() => whenIdle(() => setReached(true)), []);
  return reached;
}
