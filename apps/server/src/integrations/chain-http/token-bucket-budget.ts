import { type NowMs, realNow, realSleep, type Sleep } from './clock.ts';
import type { RequestBudget } from './request-budget.ts';

export interface TokenBucketBudgetOptions {
  /** The provider's allowance for this process, e.g. an Etherscan key's calls per second. */
  requestsPerSecond: number;
  /** Requests that may go out back to back after a quiet spell; 1 spaces every request evenly. */
  burst?: number;
  now?: NowMs;
  sleep?: Sleep;
}

/**
 * A token bucket kept in this process: tokens refill at `requestsPerSecond` up to `burst`, and a
 * request spends `cost` of them. Waiters are served strictly in order through one promise chain,
 * so concurrent callers cannot both see a token and overshoot together. A pause (the provider's
 * Retry-After) holds every waiter and stops the refill, so the requests that queued during the
 * pause leave one by one at the rate when it ends, not all at once.
 */
export class TokenBucketBudget implements RequestBudget {
  readonly requestsPerSecond: number;
  readonly burst: number;
  private readonly now: NowMs;
  private readonly sleep: Sleep;
  private tokens: number;
  private updatedAt: number;
  private pausedUntilMs = 0;
  private queue: Promise<void> = Promise.resolve();

  constructor(options: TokenBucketBudgetOptions) {
    if (!(options.requestsPerSecond > 0) || !Number.isFinite(options.requestsPerSecond))
      throw new RangeError('requestsPerSecond must be a positive number');
    const burst = options.burst ?? 1;
    if (!Number.isInteger(burst) || burst < 1) throw new RangeError('burst must be a positive integer');
    this.requestsPerSecond = options.requestsPerSecond;
    this.burst = burst;
    this.now = options.now ?? realNow;
    this.sleep = options.sleep ?? realSleep;
    this.tokens = burst;
    this.updatedAt = this.now();
  }

  acquire(cost = 1): Promise<void> {
    if (!(cost > 0) || !Number.isFinite(cost)) return Promise.reject(new RangeError('cost must be positive'));
    const turn = this.queue.then(() => this.take(cost));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  async pauseUntil(untilMs: number): Promise<void> {
    if (untilMs <= this.pausedUntilMs) return;
    this.pausedUntilMs = untilMs;
    this.refill(this.now());
    // Nothing accrues while paused, and at most one request leaves the moment the pause ends.
    this.tokens = Math.min(this.tokens, 1);
    this.updatedAt = Math.max(this.updatedAt, untilMs);
  }

  /** How long a request asked for now would wait on a pause alone (0 when none). */
  pausedForMs(): number {
    return Math.max(0, this.pausedUntilMs - this.now());
  }

  private async take(cost: number): Promise<void> {
    for (;;) {
      const now = this.now();
      if (this.pausedUntilMs > now) {
        await this.sleep(this.pausedUntilMs - now);
        continue;
      }
      this.refill(now);
      // A request dearer than the whole bucket would never fit: it waits for a full bucket and
      // leaves the bucket in debt, which later requests pay back by waiting.
      const needed = Math.min(cost, this.burst);
      // The epsilon absorbs float drift in the refill, which would otherwise add a 1 ms wait.
      if (this.tokens + 1e-9 >= needed) {
        this.tokens -= cost;
        return;
      }
      await this.sleep(Math.ceil(((needed - this.tokens) / this.requestsPerSecond) * 1000));
    }
  }

  private refill(now: number): void {
    const elapsed = Math.max(0, now - this.updatedAt);
    this.tokens = Math.min(this.burst, this.tokens + (elapsed * this.requestsPerSecond) / 1000);
    this.updatedAt = Math.max(this.updatedAt, now);
  }
}
