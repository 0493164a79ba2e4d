import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@/test/testing-library';
import { LoadingFloor, loadingScreenMinMs } from './loading-floor';

describe('loading floor (the loading screen never flashes for less than 500 ms)', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }));
  afterEach(() => vi.useRealTimers());

  it('keeps the loading screen over the app until 500 ms after it was painted', () => {
    const paintedAt = performance.now();
    render(
      <>
        <main>The page</main>
        <LoadingFloor until={paintedAt + loadingScreenMinMs} />
      </>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.getByRole('main').textContent).toBe('The page');
    act(() => vi.advanceTimersByTime(loadingScreenMinMs - 1));
    expect(screen.queryByRole('status')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('adds nothing when the app is ready after the floor', () => {
    vi.advanceTimersByTime(loadingScreenMinMs + 100);
    render(<LoadingFloor until={loadingScreenMinMs} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
