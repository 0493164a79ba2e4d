import { vi } from 'vitest';

/**
 * Replaces requestAnimationFrame with a queue the test runs by hand (undo with
 * vi.unstubAllGlobals): `runDue` calls the callbacks queued so far.
 */
export function stubAnimationFrames(): { runDue: () => void } {
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (frame: FrameRequestCallback) => frames.push(frame));
  return {
    runDue: () => {
      for (const frame of frames.splice(0)) frame(0);
    },
  };
}
