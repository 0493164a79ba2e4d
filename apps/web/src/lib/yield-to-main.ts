/**
 * Gives the main thread back for a moment (scheduler.yield where the browser has it, whose
 * continuation runs before other queued tasks; a zero timer elsewhere), so work that would be one
 * long task becomes several: a click or a frame can run between them.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
