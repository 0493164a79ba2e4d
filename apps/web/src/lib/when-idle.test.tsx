import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubAnimationFrames } from '@/test/animation-frames';
import { act, render, screen } from '@/test/testing-library';
import { resetStartupSettled, trackStartupLoad } from './startup-settled';
import { useIdleReached } from './when-idle';

function Probe() {
  return <p>{useIdleReached() ? 'after idle' : 'starting'}</p>;
}

describe('useIdleReached (what no page paints with mounts once the page is drawn and quiet)', () => {
  let frames: ReturnType<typeof stubAnimationFrames>;
  const runFrames = async (count: number) => {
    for (let i = 0; i < count; i += 1) {
      await act(async () => {
        frames.runDue();
        await Promise.resolve();
      });
    }
  };

  beforeEach(() => {
    resetStartupSettled();
    frames = stubAnimationFrames();
  });
  afterEach(() => {
    resetStartupSettled();
    vi.unstubAllGlobals();
  });

  function stubIdleCallbacks() {
    const queued = new Map<number, IdleRequestCallback>();
    let next = 0;
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => {
      queued.set(++next, callback);
      return next;
    });
    vi.stubGlobal('cancelIdleCallback', (handle: number) => queued.delete(handle));
    const runIdle = () => {
      for (const callback of queued.values()) callback({ didTimeout: false, timeRemaining: () => 50 });
      queued.clear();
    };
    return { queued, runIdle };
  }

  it('waits for the page’s start-up loads, then for a quiet moment', async () => {
    const idle = stubIdleCallbacks();
    let finishPage: () => void = () => {};
    void trackStartupLoad(new Promise<void>((resolve) => (finishPage = resolve)));
    const { unmount } = render(<Probe />);
    await runFrames(3);
    expect(idle.queued.size).toBe(0);

    await act(async () => finishPage());
    await runFrames(2);
    expect(idle.queued.size).toBe(1);
    expect(screen.getByText('starting')).toBeTruthy();
    act(() => idle.runIdle());
    expect(screen.getByText('after idle')).toBeTruthy();
    unmount();
  });

  it('cancels its wait when unmounted first', async () => {
    const idle = stubIdleCallbacks();
    const { unmount } = render(<Probe />);
    await runFrames(2);
    expect(idle.queued.size).toBe(1);
    unmount();
    expect(idle.queued.size).toBe(0);
  });
});
