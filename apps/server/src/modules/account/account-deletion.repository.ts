import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { accessTokens, users } from '../../db/schema/index.ts';

export interface AccountCredentials {
  email: string;
  passwordHash: string | null;
}

export async function findAccountCredentials(db: Db, userId: string): Promise<AccountCredentials | null> {
  const [row] = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/**
 * Holds the account's row until the transaction ends: a deletion and an import of the same
 * account never interleave.
 */
export async function lockAccount(tx: Db, userId: string): Promise<boolean> {
  const rows = rowsOf(await tx.execute(sql`select id from users where id = ${userId} for update`));
  return rows.length > 0;
}

/** Tables of the public schema with a `user_id` column, read from the catalogue at the time of the call. */
async function tablesWithUserId(tx: Db): Promise<string[]> {
  const rows = rowsOf(
    await tx.execute(sql`
      select c.table_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and c.column_name = 'user_id' and t.table_type = 'BASE TABLE'
      order by c.table_name`),
  );
  return rows.map((r) => String(r.table_name));
}

/**
 * The per-account rate-limit windows (`account:<scope>:<key>`, see plugins/rate-limit.ts) whose
 * key is the account's id, its email or one of its tokens. Matched on the end of the key with
 * plain comparison, since an email may hold LIKE's wildcards.
 */
async function deleteRateLimitWindows(tx: Db, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    const suffix = `:${key.trim().toLowerCase()}`;
    await tx.execute(
      sql`delete from rate_limit_hits where key like 'account:%' and right(key, ${suffix.length}::int) = ${suffix}`,
    );
  }
}

/**
 * Removes every row of the account, inside the caller's transaction. Each table with a `user_id`
 * is cleared by that column (found in the catalogue, so a table added later is cleared without a
 * change here, foreign key or not); the rows reached only through another table (a portfolio's
 * snapshots, a token's uses, a connection's records) go with it by their foreign keys' cascade;
 * the account's row goes last. The rate-limit windows keyed by the account are not tied to it by
 * any key, so they are named here.
 */
export async function deleteAccountRows(tx: Db, userId: string, email: string): Promise<void> {
  const tokens = await tx
    .select({ id: accessTokens.id })
    .from(accessTokens)
    .where(eq(accessTokens.userId, userId));
  for (const table of await tablesWithUserId(tx)) {
    await tx.execute(sql`delete from ${sql.identifier(table)} where user_id = ${userId}`);
  }
  await tx.delete(users).where(eq(users.id, userId));
  await deleteRateLimitWindows(tx, [userId, email, ...tokens.map((t) => t.id)]);
}
