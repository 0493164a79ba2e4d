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

/** GET /health-check (the probe's path is fixed; the body is ours). */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  market: marketStatusSchema.optional(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
