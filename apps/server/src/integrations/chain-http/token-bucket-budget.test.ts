import { describe, expect, it } from 'vitest';
import { fakeTime } from './test/fake-time.ts';
import { TokenBucketBudget } from './token-bucket-budget.ts';

describe('token bucket budget', () => {
  it('spaces N requests at R/s over (N - burst) / R seconds of the injected clock', async () => {
    const time = fakeTime();
    const budget = new TokenBucketBudget({ requestsPerSecond: 5, now: time.now, sleep: time.sleep });
    for (let i = 0; i < 10; i++) await budget.acquire();
    expect(time.elapsed()).toBe(1800);
  });

  it('lets a burst through at once, then the rate', async () => {
    const time = fakeTime();
    const budget = new TokenBucketBudget({
      requestsPerSecond: 5,
      burst: 3,
      now: time.now,
      sleep: time.sleep,
    });
    for (let i = 0; i < 3; i++) await budget.acquire();
    expect(time.elapsed()).toBe(0);
    for (let i = 0; i < 7; i++) await budget.acquire();
    expect(time.elapsed()).toBe(1400);
  });

  it('serves concurrent callers in order without overshooting', async () => {
    const time = fakeTime();
    const budget = new TokenBucketBudget({ requestsPerSecond: 4, now: time.now, sleep: time.sleep });
    const granted: Array<{ id: number; at: number }> = [];
    await Promise.all(
      Array.from({ length: 8 }, (_, id) =>
        budget.acquire().then(() => granted.push({ id, at: time.elapsed() })),
      ),
    );
    expect(granted.map((g) => g.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(granted.map((g) => g.at)).toEqual([0, 250, 500, 750, 1000, 1250, 1500, 1750]);
  });

  it('charges a dear request by its cost', async () => {
    const time = fakeTime();
    const budget = new TokenBucketBudget({
      requestsPerSecond: 2,
      burst: 2,
      now: time.now,
      sleep: time.sleep,
    });
    await budget.acquire(2);
    await budget.acquire(2);
    expect(time.elapsed()).toBe(1000);
  });

  it('hands out nothing during a Retry-After pause, then resumes at the rate', async () => {
    const time = fakeTime();
    const budget = new TokenBucketBudget({
      requestsPerSecond: 10,
      burst: 5,
      now: time.now,
      sleep: time.sleep,
    });
    await budget.acquire();
    await budget.pauseUntil(time.now() + 3000);
    expect(budget.pausedForMs()).toBe(3000);
    await budget.acquire();
    expect(time.elapsed()).toBe(3000);
    // A shorter pause asked later does not cut the first one short; the bucket that just paid
    // for a request refills only once the pause is over.
    await budget.pauseUntil(time.now() + 2000);
    await budget.pauseUntil(time.now() + 500);
    await budget.acquire();
    expect(time.elapsed()).toBe(5100);
    await budget.acquire();
    expect(time.elapsed()).toBe(5200);
  });

  it('refuses nonsense settings', () => {
    expect(() => new TokenBucketBudget({ requestsPerSecond: 0 })).toThrow(RangeError);
    expect(() => new TokenBucketBudget({ requestsPerSecond: 1, burst: 0 })).toThrow(RangeError);
  });
});
