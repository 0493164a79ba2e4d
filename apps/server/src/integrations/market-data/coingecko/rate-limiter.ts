export type Sleep = (ms: number) => Promise<void>;
export type NowMs = () => number;

export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
export const realNow: NowMs = () => Date.now();

export interface SlidingWindowLimiterOptions {
  limit: number;
  windowMs?: number;
  now?: NowMs;
  sleep?: Sleep;
}

/**
 * A sliding-window limiter: never more than `limit` calls start within any `windowMs`
 * (CoinGecko counts calls per minute; the free plan allows ~30). Waiters are served in
 * order through a promise chain, so concurrent callers cannot overshoot together. Upstream
 * can also pause it (Retry-After) so no call is wasted on a 429 we already know about.
 */
export class SlidingWindowLimiter {
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly now: NowMs;
  private readonly sleep: Sleep;
  private readonly starts: number[] = [];
  private queue: Promise<void> = Promise.resolve();
  private pausedUntil = 0;
  /** Callers between acquire() and their turn. */
  private waiting = 0;

  constructor(options: SlidingWindowLimiterOptions) {
    if (!Number.isInteger(options.limit) || options.limit < 1)
      throw new RangeError('limit must be a positive integer');
    this.limit = options.limit;
    this.windowMs = options.windowMs ?? 60_000;
    this.now = options.now ?? realNow;
    this.sleep = options.sleep ?? realSleep;
  }

  acquire(): Promise<void> {
    this.waiting += 1;
    const turn = this.queue
      .then(() => this.take())
      .finally(() => {
        this.waiting -= 1;
      });
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  pauseUntil(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, ms);
  }

  /**
   * Calls that could start right now without waiting (none during a pause or while callers
   * queue), so optional work can step aside for the calls that matter.
   */
  spare(): number {
    const now = this.now();
    if (this.pausedUntil > now || this.waiting > 0) return 0;
    const recent = this.starts.filter((at) => at > now - this.windowMs).length;
    return Math.max(0, this.limit - recent);
  }

  /** How long a new call would wait for an upstream-imposed pause. */
  pausedForMs(): number {
    return Math.max(0, this.pausedUntil - this.now());
  }

  private async take(): Promise<void> {
    for (;;) {
      const now = this.now();
      if (this.pausedUntil > now) {
        await this.sleep(this.pausedUntil - now);
        continue;
      }
      while (this.starts.length > 0 && (this.starts[0] ?? 0) <= now - this.windowMs) this.starts.shift();
      if (this.starts.length < this.limit) {
        this.starts.push(now);
        return;
      }
      const oldest = this.starts[0] ?? now;
      await this.sleep(oldest + this.windowMs - now);
    }
  }
}
