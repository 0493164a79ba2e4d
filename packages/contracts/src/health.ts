import { z } from 'zod';
import { marketModes, marketSourceIds } from './market-constants.ts';

/**
 * Where the server's market figures come from and how old they are: the health
 * check reports it, so an operator sees demo mode or a provider outage without signing in.
 */
export const marketStatusSchema = z.object({
  source: z.enum(marketSourceIds),
  mode: z.enum(marketModes),
  as_of: z.string(),
  stale: z.boolean(),
  /** Seconds since the figures were fetched; null in demo mode (simulated from the clock). */
  age_seconds: z.int().nonnegative().nullable(),
});
export type MarketStatus = z.infer<typeof marketStatusSchema>;

/**
 * GET /health-check, liveness: answered from the process alone, so a busy server is never taken
 * for a dead one (the probe's path is fixed; the body is ours).
 */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  market: marketStatusSchema.optional(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** Readiness: whether the database answers, and how fast. */
export const healthReadyPath = '/health-check/ready';

/** Above this a database answer counts as slow (still ready: it answered). */
export const healthSlowMs = 500;

/**
 * GET /health-check/ready: `ok`, `slow` (answered, but after `healthSlowMs`) or `down` (no answer
 * within the probe's time, or an error; 503). A good answer is kept for 5 s; a failure is never
 * kept, so the next probe asks again.
 */
export const healthReadyResponseSchema = z.object({
  status: z.enum(['ok', 'slow', 'down']),
  /** How long the database took; null when it did not answer. */
  latency_ms: z.int().nonnegative().nullable(),
  /** When this answer was measured (a kept answer says its own time). */
  checked_at: z.string(),
});
export type HealthReadyResponse = z.infer<typeof healthReadyResponseSchema>;
