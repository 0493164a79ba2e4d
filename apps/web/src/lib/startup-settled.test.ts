import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubAnimationFrames } from '@/test/animation-frames';
import {
  resetStartupSettled,
  startupSettleCapMs,
  trackStartupLoad,
  whenStartupSettled,
} from './startup-settled';

/** A load the test ends by hand. */
function deferred() {
  let finish: () => void = () => {};
  const promise = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { promise, finish };
}

describe('whenStartupSettled (what no page paints with waits for the page)', () => {
  let frames: ReturnType<typeof stubAnimationFrames>;
  const runFrame = async () => {
    frames.runDue();
    // The check awaits each frame's promise.
    await Promise.resolve();
    await Promise.resolve();
  };
  /** Lets the load's settlement reach the counter. */
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

  beforeEach(() => {
    resetStartupSettled();
    frames = stubAnimationFrames();
  });
  afterEach(() => {
    resetStartupSettled();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('runs two frames after the last start-up load ends, not while one is in flight', async () => {
    const session = deferred();
    const pageCode = deferred();
    void trackStartupLoad(session.promise);
    void trackStartupLoad(pageCode.promise);
    const task = vi.fn();
    whenStartupSettled(task);

    session.finish();
    await flush();
    await runFrame();
    await runFrame();
    expect(task).not.toHaveBeenCalled();

    pageCode.finish();
    await flush();
    await runFrame();
    expect(task).not.toHaveBeenCalled();
    await runFrame();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('checks again when a load starts and ends between the two frames (the page asked for more)', async () => {
    const first = deferred();
    void trackStartupLoad(first.promise);
    const task = vi.fn();
    whenStartupSettled(task);
    first.finish();
    await flush();

    await runFrame();
    const quick = deferred();
    void trackStartupLoad(quick.promise);
    quick.finish();
    await flush();
    await runFrame();
    expect(task).not.toHaveBeenCalled();

    await runFrame();
    await runFrame();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('gives up waiting after the cap when a load hangs', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    void trackStartupLoad(new Promise<void>(() => {}));
    const task = vi.fn();
    whenStartupSettled(task);
    vi.advanceTimersByTime(startupSettleCapMs - 1);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs at once once settled, and a cancelled wait never runs', async () => {
    const cancelled = vi.fn();
    const cancel = whenStartupSettled(cancelled);
    cancel();
    const kept = vi.fn();
    whenStartupSettled(kept);
    await runFrame();
    await runFrame();
    expect(kept).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();

    const later = vi.fn();
    whenStartupSettled(later);
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('passes the load through unchanged, its failure included', async () => {
    await expect(trackStartupLoad(Promise.resolve(7))).resolves.toBe(7);
    await expect(trackStartupLoad(Promise.reject(new Error('offline')))).rejects.toThrow('offline');
  });
});
