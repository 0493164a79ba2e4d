/**
 * Runs `task` when the browser has a quiet moment (at the latest after `timeoutMs`), for work that
 * would otherwise fall inside a render the user waits for. Browsers without requestIdleCallback
 * (Safari) run it on a short timer.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): void {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(() => task(), { timeout: timeoutMs });
  } else {
    setTimeout(task, 200);
  }
}
