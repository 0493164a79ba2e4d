import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openEventStream } from './event-stream';

class FakeSource {
  static all: FakeSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private listeners = new Map<string, () => void>();
  constructor(readonly url: string) {
    FakeSource.all.push(this);
  }
  addEventListener(type: string, fn: () => void) {
    this.listeners.set(type, fn);
  }
  emit(type: string) {
    this.listeners.get(type)?.();
  }
  close() {
    this.closed = true;
  }
}

afterEach(() => {
  FakeSource.all = [];
  vi.useRealTimers();
});

function setup() {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
  const close = openEventStream({
    queryClient,
    createSource: (url) => new FakeSource(url) as unknown as EventSource,
    baseDelayMs: 100,
    maxDelayMs: 400,
  });
  return { invalidate, close };
}

describe('event stream client', () => {
  it('opens /api/v2/events/stream; buffers refreshes every cached query, notification the notifications', () => {
    const { invalidate, close } = setup();
    const source = FakeSource.all[0];
    expect(source?.url).toBe('/api/v2/events/stream');
    source?.emit('buffers');
    expect(invalidate).toHaveBeenLastCalledWith(undefined, { cancelRefetch: false });
    source?.emit('notification');
    expect(invalidate).toHaveBeenLastCalledWith({ queryKey: ['notifications'] });
    close();
    expect(source?.closed).toBe(true);
  });

  it('reconnects after a drop with growing delays, and refetches notifications once back', () => {
    vi.useFakeTimers();
    const { invalidate, close } = setup();
    FakeSource.all[0]?.onopen?.();
    FakeSource.all[0]?.onerror?.();
    expect(FakeSource.all[0]?.closed).toBe(true);
    vi.advanceTimersByTime(99);
    expect(FakeSource.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSource.all).toHaveLength(2);
    FakeSource.all[1]?.onerror?.();
    vi.advanceTimersByTime(199);
    expect(FakeSource.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSource.all).toHaveLength(3);
    FakeSource.all[2]?.onopen?.();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['notifications'] });
    close();
    FakeSource.all[2]?.onerror?.();
    vi.advanceTimersByTime(10_000);
    expect(FakeSource.all).toHaveLength(3);
  });
});
