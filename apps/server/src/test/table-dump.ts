import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/raw-rows.ts';

/** Tables that change on reads or hold no user's data: sessions, limits, market caches. */
const skipped = ['sessions', 'rate_limit_hits', 'market_cache', 'daily_candles', 'portfolio_snapshots'];

/**
 * Every row of every other table, as text in a stable order: two dumps are equal exactly when
 * no stored data changed (tables added later are included by themselves).
 */
export async function dumpTables(db: Db): Promise<string> {
  const tables = rowsOf(
    await db.execute(sql`
      select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '%drizzle%'
      order by table_name`),
  )
    .map((r) => String(r.table_name))
    .filter((name) => !skipped.includes(name));
  const parts: string[] = [];
  for (const table of tables) {
    const rows = rowsOf(
      await db.execute(
        sql`select coalesce(json_agg(x::text order by x::text), '[]')::text as rows from ${sql.identifier(table)} x`,
      ),
    );
    parts.push(`${table}: ${String(rows[0]?.rows)}`);
  }
  return parts.join('\n');
}
