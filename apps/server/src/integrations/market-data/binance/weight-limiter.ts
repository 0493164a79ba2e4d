import { type NowMs, realNow, realSleep, type Sleep } from '../coingecko/rate-limiter.ts';

export interface WeightLimiterOptions {
  /** Request weight allowed per minute (BINANCE_WEIGHT_PER_MINUTE). */
  weightPerMinute: number;
  now?: NowMs;
  sleep?: Sleep;
}

const minuteMs = 60_000;

/**
 * Binance limits request *weight* per IP per minute (REQUEST_WEIGHT; each endpoint costs a
 * documented weight: klines 2, ticker/price with `symbols` 4). This keeps our own sliding
 * window under the configured budget, and also listens to the server: every response says in
 * X-MBX-USED-WEIGHT-1m how much this IP already used (other programs behind the same address
 * count too), and a 429/418's Retry-After pauses everything. Waiters are served in order.
 */
export class WeightLimiter {
  readonly weightPerMinute: number;
  private readonly now: NowMs;
  private readonly sleep: Sleep;
  private readonly spent: Array<{ at: number; weight: number }> = [];
  private queue: Promise<void> = Promise.resolve();
  private pausedUntil = 0;
  private waiting = 0;
  /** Weight the server last reported for the current minute, and which minute that was. */
  private serverUsed = { minute: -1, weight: 0 };
  /** Everything this limiter let through, for benches and logs. */
  readonly totals = { requests: 0, weight: 0 };

  constructor(options: WeightLimiterOptions) {
    if (!Number.isInteger(options.weightPerMinute) || options.weightPerMinute < 1)
      throw new RangeError('weightPerMinute must be a positive integer');
    this.weightPerMinute = options.weightPerMinute;
    this.now = options.now ?? realNow;
    this.sleep = options.sleep ?? realSleep;
  }

  acquire(weight: number): Promise<void> {
    this.waiting += 1;
    const turn = this.queue
      .then(() => this.take(weight))
      .finally(() => {
        this.waiting -= 1;
      });
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  pauseUntil(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, ms);
  }

  pausedForMs(): number {
    return Math.max(0, this.pausedUntil - this.now());
  }

  /** The server's X-MBX-USED-WEIGHT-1m: at the budget, later calls wait for the next minute. */
  observeServerUsed(weight: number): void {
    this.serverUsed = { minute: Math.floor(this.now() / minuteMs), weight };
  }

  /** Weight that could be spent right now without waiting (0 during a pause or a queue). */
  spare(): number {
    const now = this.now();
    if (this.pausedUntil > now || this.waiting > 0) return 0;
    return Math.max(0, this.weightPerMinute - Math.max(this.windowWeight(now), this.serverWeight(now)));
  }

  private windowWeight(now: number): number {
    while (this.spent.length > 0 && (this.spent[0]?.at ?? 0) <= now - minuteMs) this.spent.shift();
    let sum = 0;
    for (const s of this.spent) sum += s.weight;
    return sum;
  }

  private serverWeight(now: number): number {
    return this.serverUsed.minute === Math.floor(now / minuteMs) ? this.serverUsed.weight : 0;
  }

  private async take(weight: number): Promise<void> {
    const cost = Math.min(weight, this.weightPerMinute);
    for (;;) {
      const now = this.now();
      if (this.pausedUntil > now) {
        await this.sleep(this.pausedUntil - now);
        continue;
      }
      if (this.serverWeight(now) + cost > this.weightPerMinute) {
        await this.sleep((Math.floor(now / minuteMs) + 1) * minuteMs - now);
        continue;
      }
      if (this.windowWeight(now) + cost <= this.weightPerMinute) {
        this.spent.push({ at: now, weight: cost });
        this.totals.requests += 1;
        this.totals.weight += weight;
        return;
      }
      const oldest = this.spent[0]?.at ?? now;
      await this.sleep(oldest + minuteMs - now);
    }
  }
}
