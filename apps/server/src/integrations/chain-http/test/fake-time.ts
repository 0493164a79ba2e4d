/** A clock whose sleep moves time on at once and records every wait, so tests see time pass without waiting. */
export interface FakeTime {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  sleeps: number[];
  elapsed: () => number;
}

export function fakeTime(start = Date.parse('2026-11-21T12:00:00Z')): FakeTime {
  let t = start;
  const sleeps: number[] = [];
  return {
    now: () => t,
    sleep: async (ms) => {
      sleeps.push(ms);
      t += Math.max(0, ms);
    },
    sleeps,
    elapsed: () => t - start,
  };
}
