/** Milliseconds since the epoch; injected so tests can move time without waiting on it. */
export type NowMs = () => number;
/** Waits `ms`; tests pass one that advances their clock at once. */
export type Sleep = (ms: number) => Promise<void>;

export const realNow: NowMs = () => Date.now();
export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
