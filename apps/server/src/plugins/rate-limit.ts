import { accountMessages, errorCodes } from '@app/contracts';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

export interface RateLimitSetting {
  max: number;
  windowMs: number;
}

export interface RateLimits {
  /** Per client IP on each sign-in, sign-up, reset and resend route. */
  authPerIp: RateLimitSetting;
  /** Per email address on sign-in, so a botnet cannot spray one account from many IPs. */
  loginPerEmail: RateLimitSetting;
}

export const defaultRateLimits: RateLimits = {
  authPerIp: { max: 10, windowMs: 60_000 },
  loginPerEmail: { max: 10, windowMs: 60_000 },
};

export const rateLimited = (): AppError =>
  new AppError({
    status: 429,
    code: errorCodes.rateLimited,
    category: 'business',
    message: accountMessages.rateLimited,
  });

/** In-memory store: limits are per process, which is enough to slow down guessing. */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => rateLimited(),
  });
}

/** A second, per-key window (e.g. per email) that route handlers consult directly. */
export class FixedWindowLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly setting: RateLimitSetting,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt; throws the 429 error once the window is full. */
  hit(key: string): void {
    const now = this.now();
    if (this.hits.size > 10_000) this.sweep(now);
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      this.hits.set(key, { count: 1, resetAt: now + this.setting.windowMs });
      return;
    }
    entry.count += 1;
    if (entry.count > this.setting.max) throw rateLimited();
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}
