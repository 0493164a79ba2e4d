/** Retry helper: 3 attempts, starting delay 1 s, maximum delay 10 s. */
export const retryDefaults = { attempts: 3, initialDelayMs: 1_000, maxDelayMs: 10_000 } as const;

export interface RetryOptions {
  attempts?: number;
  initialDelayMs?: number;
  maxDelayMs?: number;
  shouldRetry: (error: unknown) => boolean;
  sleep?: (ms: number) => Promise<void>;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Delay before retry number `retry` (1-based): 1 s, 2 s, 4 s … capped at the maximum. */
export function retryDelay(
  retry: number,
  initialDelayMs: number = retryDefaults.initialDelayMs,
  maxDelayMs: number = retryDefaults.maxDelayMs,
): number {
  return Math.min(initialDelayMs * 2 ** (retry - 1), maxDelayMs);
}

export async function withRetry<T>(run: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const attempts = options.attempts ?? retryDefaults.attempts;
  const wait = options.sleep ?? sleep;
  let attempt = 1;
  for (;;) {
    try {
      return await run(attempt);
    } catch (error) {
      if (attempt >= attempts || !options.shouldRetry(error)) throw error;
      await wait(retryDelay(attempt, options.initialDelayMs, options.maxDelayMs));
      attempt += 1;
    }
  }
}
