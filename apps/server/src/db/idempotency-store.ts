import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from './client.ts';
import { idempotencyKeys } from './schema/index.ts';

/** The first request's answer to a key, or `status: null` while it is still being handled. */
export interface StoredAnswer {
  route: string;
  status: number | null;
  body: string | null;
}

/** Keys of `Idempotency-Key` writes, per user (see plugins/idempotency.ts). */
export interface IdempotencyStore {
  /** Claims the key for this request; when already claimed, answers what the first one stored. */
  claim(input: {
    userId: string;
    key: string;
    route: string;
    now: Date;
    expiresAt: Date;
  }): Promise<{ claimed: true } | { claimed: false; first: StoredAnswer | undefined }>;
  finish(userId: string, key: string, answer: { status: number; body: string | null }): Promise<void>;
  /** Frees a key whose request was refused or failed (`onlyUnfinished`: only if nothing was stored). */
  release(userId: string, key: string, onlyUnfinished?: boolean): Promise<void>;
}

/** Expired keys are swept once every this many claims (by whichever process makes it). */
const sweepEvery = 200;

export function createDbIdempotencyStore(db: Db): IdempotencyStore {
  let claims = 0;
  const byKey = (userId: string, key: string) =>
    and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  return {
    async claim({ userId, key, route, now, expiresAt }) {
      claims += 1;
      if (claims % sweepEvery === 0)
        await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, now));
      // An expired row of this key no longer counts.
      await db.delete(idempotencyKeys).where(and(byKey(userId, key), lt(idempotencyKeys.expiresAt, now)));
      // The primary key (user, key) decides between two racing first requests, across processes too.
      const claimed = await db
        .insert(idempotencyKeys)
        .values({ userId, key, route, createdAt: now, expiresAt })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length > 0) return { claimed: true };
      const [first] = await db
        .select({ route: idempotencyKeys.route, status: idempotencyKeys.status, body: idempotencyKeys.body })
        .from(idempotencyKeys)
        .where(byKey(userId, key));
      return { claimed: false, first };
    },
    async finish(userId, key, answer) {
      await db.update(idempotencyKeys).set(answer).where(byKey(userId, key));
    },
    async release(userId, key, onlyUnfinished = false) {
      const where = onlyUnfinished
        ? and(byKey(userId, key), isNull(idempotencyKeys.status))
        : byKey(userId, key);
      await db.delete(idempotencyKeys).where(where);
    },
  };
}
