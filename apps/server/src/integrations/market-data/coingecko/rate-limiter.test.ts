import { describe, expect, it } from 'vitest';
import { fakeTime } from '../test/fake-coingecko.ts';
import { SlidingWindowLimiter } from './rate-limiter.ts';

describe('SlidingWindowLimiter', () => {
  it('never lets more than the limit start within any window, even when called concurrently', async () => {
    const time = fakeTime(0);
    const limiter = new SlidingWindowLimiter({ limit: 30, now: time.now, sleep: time.sleep });
    const starts: number[] = [];
    await Promise.all(
      Array.from({ length: 95 }, () => limiter.acquire().then(() => starts.push(time.now()))),
    );
    expect(starts.length).toBe(95);
    for (let i = 30; i < starts.length; i++) {
      expect((starts[i] ?? 0) - (starts[i - 30] ?? 0)).toBeGreaterThanOrEqual(60_000);
    }
    expect(starts.at(-1)).toBe(180_000);
  });

  it('waits out an upstream pause', async () => {
    const time = fakeTime(0);
    const limiter = new SlidingWindowLimiter({ limit: 5, now: time.now, sleep: time.sleep });
    limiter.pauseUntil(7000);
    expect(limiter.pausedForMs()).toBe(7000);
    await limiter.acquire();
    expect(time.now()).toBe(7000);
  });

  it('counts the calls that could start now', async () => {
    const time = fakeTime(0);
    const limiter = new SlidingWindowLimiter({ limit: 3, now: time.now, sleep: time.sleep });
    expect(limiter.spare()).toBe(3);
    await limiter.acquire();
    await limiter.acquire();
    expect(limiter.spare()).toBe(1);
    await time.sleep(60_000);
    expect(limiter.spare()).toBe(3);
    limiter.pauseUntil(time.now() + 1000);
    expect(limiter.spare()).toBe(0);
  });

  it('rejects a nonsensical limit', () => {
    expect(() => new SlidingWindowLimiter({ limit: 0 })).toThrow(RangeError);
  });
});
