import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/** The kinds of rows whose number per account is capped; each is locked apart from the others. */
export type CappedKind = 'portfolios' | 'watchlists' | 'projections' | 'connections';

/**
 * Holds, until the caller's transaction ends, the right to add one user's rows of one kind, so
 * two concurrent creates cannot both count the same free slot. An advisory lock rather than a
 * row lock on the user: inserts elsewhere check their foreign key against that row, and a
 * ledger write holding a portfolio's lock could then wait on a create waiting on that portfolio.
 */
export async function lockUserCreates(tx: Db, kind: CappedKind, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`limit:${kind}`}), hashtext(${userId}))`);
}
