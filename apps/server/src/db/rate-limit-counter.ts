import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/** Counts one hit in `key`'s fixed window; the window starts at the first hit. */
export interface RateLimitCounter {
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
}

/** Expired windows are deleted once every this many hits (by whichever process counts it). */
const sweepEvery = 500;

/**
 * The counter every process shares: one row per window in `rate_limit_hits`, counted by an
 * atomic upsert, timed by the database's clock (processes' clocks may differ). Behind a load
 * balancer a client spreading its attempts over the instances meets one limit, not one each.
 */
export function createDbRateLimitCounter(db: Db): RateLimitCounter {
  let hits = 0;
  return {
    async hit(key, windowMs) {
      hits += 1;
      if (hits % sweepEvery === 0) {
        await db.execute(sql`delete from rate_limit_hits where reset_at < statement_timestamp()`);
      }
      const result: unknown = await db.execute(sql`
        insert into rate_limit_hits as r (key, count, reset_at)
        values (${key}, 1, statement_timestamp() + ${windowMs} * interval '1 millisecond')
        on conflict (key) do update set
          count = case when r.reset_at <= statement_timestamp() then 1 else r.count + 1 end,
          reset_at = case when r.reset_at <= statement_timestamp() then excluded.reset_at else r.reset_at end
        returning count, ceil(extract(epoch from (reset_at - statement_timestamp())) * 1000)::int as reset_in_ms`);
      // node-postgres and PGlite both answer { rows }.
      const row = (result as { rows: { count: unknown; reset_in_ms: unknown }[] }).rows[0];
      return { count: Number(row?.count ?? 1), resetInMs: Math.max(0, Number(row?.reset_in_ms ?? windowMs)) };
    },
  };
}
