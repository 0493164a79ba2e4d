import type { SqlSession } from './sql-session.ts';

/** The application's tables live in `public`; pg-boss keeps its own schema and rebuilds it. */
export const dataSchema = 'public';

export interface CatalogTable {
  name: string;
  columns: string[];
  /** Columns whose type is json: cast to jsonb on the way out so a row stays on one line. */
  jsonColumns: string[];
}

export async function listTables(session: SqlSession): Promise<CatalogTable[]> {
  const rows = await session.query<{ table: string; column: string; type: string }>(
    `select c.relname as "table", a.attname as "column", format_type(a.atttypid, a.atttypmod) as "type"
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid
      where n.nspname = $1 and c.relkind in ('r', 'p') and not c.relispartition
        and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by c.relname, a.attnum`,
    [dataSchema],
  );
  const tables = new Map<string, CatalogTable>();
  for (const row of rows) {
    let table = tables.get(row.table);
    if (!table) {
      table = { name: row.table, columns: [], jsonColumns: [] };
      tables.set(row.table, table);
    }
    table.columns.push(row.column);
    if (row.type === 'json') table.jsonColumns.push(row.column);
  }
  return [...tables.values()];
}

export async function listSequences(
  session: SqlSession,
): Promise<{ name: string; lastValue: string; isCalled: boolean }[]> {
  const names = await session.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relkind = 'S' order by c.relname`,
    [dataSchema],
  );
  const sequences = [];
  for (const { name } of names) {
    const [state] = await session.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text as last_value, is_called from ${dataSchema}."${name.replace(/"/g, '""')}"`,
    );
    if (state) sequences.push({ name, lastValue: state.last_value, isCalled: state.is_called });
  }
  return sequences;
}

export interface ForeignKey {
  table: string;
  name: string;
  definition: string;
}

export async function listForeignKeys(session: SqlSession): Promise<ForeignKey[]> {
  return session.query<ForeignKey & Record<string, unknown>>(
    `select cl.relname as "table", co.conname as name, pg_get_constraintdef(co.oid) as definition
       from pg_constraint co
       join pg_class cl on cl.oid = co.conrelid
       join pg_namespace n on n.oid = cl.relnamespace
      where co.contype = 'f' and n.nspname = $1
      order by cl.relname, co.conname`,
    [dataSchema],
  );
}

/** Tables in the schemas a server creates: any at all means the database is not empty. */
export async function existingTables(session: SqlSession): Promise<string[]> {
  const rows = await session.query<{ name: string }>(
    `select n.nspname || '.' || c.relname as name from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname in ('public', 'drizzle', 'pgboss') and c.relkind in ('r', 'p')
      order by 1 limit 5`,
  );
  return rows.map((r) => r.name);
}
