import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@/test/testing-library';
import { useIdleReached } from './when-idle';

function Probe() {
  return <p>{useIdleReached() ? 'after idle' : 'starting'}</p>;
}

describe('useIdleReached (issue 15: what no page paints with mounts in the first quiet moment)', () => {
  afterEach(() => vi.unstubAllGlobals());

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

  it('is false until the browser reports a quiet moment', () => {
    const idle = stubIdleCallbacks();
    const { unmount } = render(<Probe />);
    expect(screen.getByText('starting')).toBeTruthy();
    act(() => idle.runIdle());
    expect(screen.getByText('after idle')).toBeTruthy();
    unmount();
  });

  it('cancels its wait when unmounted first', () => {
    const idle = stubIdleCallbacks();
    const { unmount } = render(<Probe />);
    expect(idle.queued.size).toBe(1);
    unmount();
    expect(idle.queued.size).toBe(0);
  });
});
