import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { createSharedRequestBudget } from './shared-request-budget.ts';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(async () => {
  await test?.dispose();
});

/** A sleep that records how long it was asked to wait and ends only when the test says. */
function heldSleep() {
  const asked: number[] = [];
  let release: () => void = () => undefined;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      asked.push(ms);
      release = resolve;
    });
  return { sleep, asked, release: () => release() };
}

const settles = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  return done;
};

describe('a request budget shared through the database', () => {
  it('gives two processes one allowance: what one spends the other waits for', async () => {
    // Next to no refill, so only what the bucket holds is there to take.
    const options = { provider: 'explorer-a', requestsPerSecond: 0.001, burst: 3 };
    const first = heldSleep();
    const second = heldSleep();
    const one = createSharedRequestBudget(test.database.db, { ...options, sleep: first.sleep });
    const two = createSharedRequestBudget(test.database.db, { ...options, sleep: second.sleep });
    await one.acquire();
    await one.acquire();
    await two.acquire();
    // The bucket held three, all spent: the second process waits though it took only one.
    const waiting = two.acquire();
    expect(await settles(waiting)).toBe(false);
    expect(second.asked).toHaveLength(1);
    expect(second.asked[0]).toBeGreaterThan(900_000);
    expect(first.asked).toEqual([]);
  });

  it("holds every process for a provider's Retry-After told to one of them", async () => {
    const options = { provider: 'explorer-b', requestsPerSecond: 1000, burst: 5 };
    const held = heldSleep();
    const told = createSharedRequestBudget(test.database.db, options);
    const other = createSharedRequestBudget(test.database.db, { ...options, sleep: held.sleep });
    await other.acquire();
    await told.pauseUntil(Date.now() + 60_000);
    const waiting = other.acquire();
    expect(await settles(waiting)).toBe(false);
    expect(held.asked[0]).toBeGreaterThan(55_000);
    expect(held.asked[0]).toBeLessThanOrEqual(60_000);
  });

  it('refuses a rate or burst that is not a positive number', () => {
    expect(() =>
      createSharedRequestBudget(test.database.db, { provider: 'x', requestsPerSecond: 0 }),
    ).toThrow(RangeError);
    expect(() =>
      createSharedRequestBudget(test.database.db, { provider: 'x', requestsPerSecond: 1, burst: 0.5 }),
    ).toThrow(RangeError);
  });
});
