import { accountMessages, errorCodes } from '@app/contracts';
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { RateLimitCounter } from '../db/rate-limit-counter.ts';
import { AppError } from '../lib/app-error.ts';

export interface RateLimitSetting {
  max: number;
  windowMs: number;
}

export interface RateLimits {
  /** Per client address on each sign-in, sign-up, reset and resend route. */
  authPerIp: RateLimitSetting;
  /**
   * Per account (the email typed) on sign-in, sign-up and reset, so a botnet spreading one
   * account's attempts over many addresses is still slowed down.
   */
  loginPerEmail: RateLimitSetting;
}

export const defaultRateLimits: RateLimits = {
  authPerIp: { max: 10, windowMs: 60_000 },
  loginPerEmail: { max: 10, windowMs: 60_000 },
};

export const rateLimited = (): AppError =>
  new AppError({
    code: errorCodes.rateLimited,
    message: accountMessages.rateLimited,
  });

type StoreCallback = Parameters<FastifyRateLimitStore['incr']>[1];
type RouteInfo = Parameters<FastifyRateLimitStore['child']>[0];

/** @fastify/rate-limit's store contract, over the shared counter; `child` names the route. */
function storeOver(counter: RateLimitCounter, prefix = '') {
  return class SharedStore implements FastifyRateLimitStore {
    incr(key: string, callback: StoreCallback, timeWindow: number): void {
      counter.hit(`ip:${prefix}:${key}`, timeWindow).then(
        ({ count, resetInMs }) => callback(null, { current: count, ttl: resetInMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(options: RouteInfo): SharedStore {
      // At run time the plugin passes the merged limit options, with the route under `routeInfo`.
      const route = (options as RouteInfo & { routeInfo?: RouteInfo }).routeInfo ?? options;
      return new (storeOver(counter, `${String(route.method)} ${route.url}`))();
    }
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared counter behind every rate limit (per address and per account). */
    rateLimitCounter: RateLimitCounter;
  }
}

/**
 * Per-route limits per client address (route config `rateLimit`), counted in the shared store.
 * The address is `request.ip`, which follows TRUST_PROXY (config.ts).
 */
export async function registerRateLimit(app: FastifyInstance, counter: RateLimitCounter): Promise<void> {
  app.decorate('rateLimitCounter', counter);
  await app.register(rateLimit, {
    global: false,
    store: storeOver(counter),
    errorResponseBuilder: () => rateLimited(),
  });
}

/** A per-key window (e.g. per account) that route handlers consult directly. */
export class FixedWindowLimiter {
  constructor(
    private readonly counter: RateLimitCounter,
    private readonly setting: RateLimitSetting,
    /** Names the limit, so sign-in and sign-up attempts for one account count apart. */
    private readonly scope: string,
    /** The 429 to answer once the window is full, told how long until it ends. */
    private readonly refusal: (resetInMs: number) => AppError = () => rateLimited(),
  ) {}

  /** Counts one attempt; throws the 429 error once the window is full. */
  async hit(key: string): Promise<void> {
    const { count, resetInMs } = await this.counter.hit(
      `account:${this.scope}:${key.trim().toLowerCase()}`,
      this.setting.windowMs,
    );
    if (count > this.setting.max) throw this.refusal(resetInMs);
  }
}

const hourMs = 3_600_000;

/**
 * At most `max` of something costly per signed-in user per hour (a model call, a send to an
 * outside address), refused with words that say what ran out and when it comes back.
 */
export function hourlyUserLimiter(
  counter: RateLimitCounter,
  scope: string,
  max: number,
  message: (max: number, resetInMs: number) => string,
): { hit(userId: string): Promise<void> } {
  const limiter = new FixedWindowLimiter(
    counter,
    { max, windowMs: hourMs },
    scope,
    (resetInMs) =>
      new AppError({
        code: errorCodes.rateLimited,
        message: message(max, resetInMs),
        details: { limit: max, retry_after_seconds: Math.ceil(resetInMs / 1000) },
      }),
  );
  return { hit: (userId) => limiter.hit(userId) };
}
