import { options } from 'preact';

/** Preact's own wait for a frame that never comes (a hidden tab). */
const frameTimeoutMs = 35;
const inputEvents = ['keydown', 'pointerdown'] as const;

/**
 * Preact runs effects after the next frame; React runs a render's effects before the next key
 * press or click at the latest. Listeners that effects add rely on that: Radix's Escape and
 * outside-click handlers missed an Escape pressed right after a dialog opened (e2e). The app's
 * pending effects therefore run as soon as such input arrives, before the page handles it, and
 * otherwise when Preact would have run them.
 */
export function runEffectsBeforeInput(target: Window = window): () => void {
  let pending: (() => void) | null = null;
  const run = () => {
    const flush = pending;
    pending = null;
    flush?.();
  };
  const previous = options.requestAnimationFrame;
  options.requestAnimationFrame = (flush) => {
    pending = flush;
    const done = () => {
      clearTimeout(timeout);
      cancelAnimationFrame(frame);
      setTimeout(run);
    };
    const timeout = setTimeout(done, frameTimeoutMs);
    const frame = requestAnimationFrame(done);
  };
  for (const type of inputEvents) target.addEventListener(type, run, { capture: true });
  return () => {
    options.requestAnimationFrame = previous;
    for (const type of inputEvents) target.removeEventListener(type, run, { capture: true });
  };
}
