import { type SQL, sql } from 'drizzle-orm';
import type { Database, Db } from '../client.ts';
import { rowsOf } from '../raw-rows.ts';

/**
 * One transaction, spoken to in raw SQL: the dump and the restore read and change the catalog,
 * which drizzle's query builder does not describe. `db` is the same transaction for code that
 * takes drizzle's (the secrets check).
 */
export interface SqlSession {
  query<T extends Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** One statement without parameters (a migration's step, DDL). */
  exec(text: string): Promise<void>;
  db: Db;
}

/** `select $1` with its parameters as drizzle SQL, so both drivers bind them the same way. */
function withParams(text: string, params: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks = parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${params[Number(part) - 1]}`));
  return sql.join(chunks, sql.raw(''));
}

function sessionOf(tx: Db): SqlSession {
  return {
    db: tx,
    async query<T extends Record<string, unknown>>(text: string, params: unknown[] = []) {
      return rowsOf(await tx.execute(withParams(text, params))) as T[];
    },
    async exec(text) {
      await tx.execute(sql.raw(text));
    },
  };
}

/**
 * Runs `work` in one transaction. `readOnlySnapshot` makes it REPEATABLE READ READ ONLY: on
 * PostgreSQL every query then sees the database as it was at the first one while other
 * connections go on writing; PGlite runs one transaction at a time, so there the process's
 * other queries wait until it ends.
 */
export async function inTransaction<R>(
  database: Database,
  options: { readOnlySnapshot: boolean },
  work: (session: SqlSession) => Promise<R>,
): Promise<R> {
  return database.db.transaction(
    (tx) => work(sessionOf(tx as unknown as Db)),
    options.readOnlySnapshot ? { isolationLevel: 'repeatable read', accessMode: 'read only' } : undefined,
  );
}

/** Text forms of dates, intervals and numbers that read back the same whatever the server's defaults. */
export async function useCanonicalTextForms(session: SqlSession): Promise<void> {
  for (const setting of [
    "datestyle = 'ISO, YMD'",
    "intervalstyle = 'postgres'",
    "bytea_output = 'hex'",
    'extra_float_digits = 1',
    "timezone = 'UTC'",
  ]) {
    await session.exec(`set local ${setting}`);
  }
}
