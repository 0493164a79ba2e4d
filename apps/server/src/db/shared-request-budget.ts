import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

export interface SharedRequestBudgetOptions {
  /** The provider's row: every process naming the same provider shares its allowance. */
  provider: string;
  requestsPerSecond: number;
  /** Requests that may go out back to back after a quiet spell (1 spaces them evenly). */
  burst?: number;
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The tokens the bucket holds now, refilled since it was last spent, by the database's clock. */
const refilled = (burst: number, rate: number) =>
  sql`least(${burst}::float8, tokens + greatest(0, extract(epoch from (clock_timestamp() - updated_at)))::float8 * ${rate}::float8)`;

function rowsOf(result: unknown): Record<string, unknown>[] {
  // node-postgres and PGlite both answer { rows }.
  return (result as { rows: Record<string, unknown>[] }).rows;
}

/**
 * A token bucket kept in `request_budgets`, shared by every server process on the database, so
 * two processes syncing wallets together stay within one allowance of the provider, and a
 * Retry-After told to one of them holds them all. Tokens are taken by one conditional UPDATE
 * (the row lock makes it atomic across processes) and refilled by the database's clock, since the
 * processes' clocks may differ. In this process waiters are served in order, one statement at a
 * time, like the in-process bucket; between processes the first to ask when a token is there
 * takes it.
 */
export function createSharedRequestBudget(db: Db, options: SharedRequestBudgetOptions) {
  const { provider, requestsPerSecond: rate } = options;
  if (!(rate > 0) || !Number.isFinite(rate))
    throw new RangeError('requestsPerSecond must be a positive number');
  const burst = options.burst ?? 1;
  if (!Number.isInteger(burst) || burst < 1) throw new RangeError('burst must be a positive integer');
  const sleep = options.sleep ?? realSleep;
  let created: Promise<void> | null = null;
  let queue: Promise<void> = Promise.resolve();

  const ensureRow = () => {
    created ??= db
      .execute(sql`
        insert into request_budgets (provider, tokens, updated_at)
        values (${provider}, ${burst}, clock_timestamp())
        on conflict (provider) do nothing`)
      .then(
        () => undefined,
        (error: unknown) => {
          created = null;
          throw error;
        },
      );
    return created;
  };

  async function take(cost: number): Promise<void> {
    await ensureRow();
    // A request dearer than the whole bucket waits for a full one and leaves it in debt.
    const needed = Math.min(cost, burst);
    for (;;) {
      const spent = rowsOf(
        await db.execute(sql`
          update request_budgets
             set tokens = ${refilled(burst, rate)} - ${cost}::float8, updated_at = clock_timestamp()
           where provider = ${provider}
             and (paused_until is null or paused_until <= clock_timestamp())
             and ${refilled(burst, rate)} + 1e-9 >= ${needed}::float8
          returning provider`),
      );
      if (spent.length > 0) return;
      const [row] = rowsOf(
        await db.execute(sql`
          select ${refilled(burst, rate)} as available,
                 coalesce(extract(epoch from (paused_until - clock_timestamp())) * 1000, 0)::float8 as paused_ms
            from request_budgets where provider = ${provider}`),
      );
      const pausedMs = Number(row?.paused_ms ?? 0);
      const available = Number(row?.available ?? 0);
      const waitMs = pausedMs > 0 ? pausedMs : ((needed - available) / rate) * 1000;
      await sleep(Math.max(1, Math.ceil(waitMs)));
    }
  }

  return {
    acquire(cost = 1): Promise<void> {
      if (!(cost > 0) || !Number.isFinite(cost))
        return Promise.reject(new RangeError('cost must be positive'));
      const turn = queue.then(() => take(cost));
      queue = turn.catch(() => undefined);
      return turn;
    },

    /** Nothing accrues while paused, and at most one request leaves the moment the pause ends. */
    async pauseUntil(untilMs: number): Promise<void> {
      await ensureRow();
      const until = new Date(untilMs).toISOString();
      await db.execute(sql`
        update request_budgets
           set tokens = least(${refilled(burst, rate)}, 1),
               updated_at = greatest(updated_at, clock_timestamp(), ${until}::timestamptz),
               paused_until = greatest(coalesce(paused_until, ${until}::timestamptz), ${until}::timestamptz)
         where provider = ${provider}`);
    },
  };
}
