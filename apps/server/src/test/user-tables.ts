import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/raw-rows.ts';

/**
 * The tables that hold one person's rows, read from the database's catalogue rather than listed:
 * `users`, every table with a `user_id` or `portfolio_id` column, and every table whose foreign
 * key reaches one of those (a token's uses, a connection's records), however deep. A table added
 * later is in the list the day its migration runs.
 */
export interface UserTables {
  tables: string[];
  /** Foreign keys among those tables: `table.column` references `parent.parentColumn`. */
  keys: { table: string; column: string; parent: string; parentColumn: string }[];
  /** Columns each table has, of `user_id` and `portfolio_id`. */
  ownerColumns: Map<string, Set<string>>;
}

export async function userTables(db: Db): Promise<UserTables> {
  const columns = rowsOf(
    await db.execute(sql`
      select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and c.column_name in ('user_id', 'portfolio_id')`),
  );
  const foreign = rowsOf(
    await db.execute(sql`
      select kcu.table_name, kcu.column_name, ccu.table_name as parent, ccu.column_name as parent_column
      from information_schema.table_constraints tc
      join information_schema.key_column_usage kcu
        on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
      join information_schema.constraint_column_usage ccu
        on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
      where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public'`),
  ).map((r) => ({
    table: String(r.table_name),
    column: String(r.column_name),
    parent: String(r.parent),
    parentColumn: String(r.parent_column),
  }));
  const ownerColumns = new Map<string, Set<string>>();
  for (const r of columns) {
    const table = String(r.table_name);
    const set = ownerColumns.get(table) ?? new Set<string>();
    set.add(String(r.column_name));
    ownerColumns.set(table, set);
  }
  const tables = new Set<string>(['users', ...ownerColumns.keys()]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const key of foreign) {
      if (tables.has(key.parent) && !tables.has(key.table)) {
        tables.add(key.table);
        grew = true;
      }
    }
  }
  return {
    tables: [...tables].sort(),
    keys: foreign.filter((k) => tables.has(k.table) && tables.has(k.parent)),
    ownerColumns,
  };
}

/** The values of each referenced column that belong to one user, gathered while their rows exist. */
export type OwnedValues = Map<string, Set<string>>;

const columnKey = (table: string, column: string) => `${table}.${column}`;

function ownedPredicate(shape: UserTables, table: string, userId: string, owned: OwnedValues): SQL {
  const parts: SQL[] = [];
  if (table === 'users') parts.push(sql`id = ${userId}`);
  const own = shape.ownerColumns.get(table);
  if (own?.has('user_id')) parts.push(sql`user_id = ${userId}`);
  if (own?.has('portfolio_id')) {
    const ids = [...(owned.get(columnKey('portfolios', 'id')) ?? [])];
    if (ids.length > 0)
      parts.push(
        sql`portfolio_id::text in (${sql.join(
          ids.map((v) => sql`${v}`),
          sql`, `,
        )})`,
      );
  }
  for (const key of shape.keys.filter((k) => k.table === table)) {
    const values = [...(owned.get(columnKey(key.parent, key.parentColumn)) ?? [])];
    if (values.length === 0) continue;
    parts.push(
      sql`${sql.identifier(key.column)}::text in (${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )})`,
    );
  }
  return parts.length === 0 ? sql`false` : sql.join(parts, sql` or `);
}

/**
 * Every referenced value of the user's rows (their portfolios' ids, their tokens' ids…), followed
 * through the foreign keys until nothing new turns up. Gather it before a deletion: afterwards
 * the parent rows are gone, and only these values still say which orphans would be theirs.
 */
export async function ownedValues(db: Db, shape: UserTables, userId: string): Promise<OwnedValues> {
  const owned: OwnedValues = new Map();
  const referenced = new Set(shape.keys.map((k) => columnKey(k.parent, k.parentColumn)));
  referenced.add(columnKey('portfolios', 'id'));
  for (let grew = true; grew; ) {
    grew = false;
    for (const name of referenced) {
      const [table, column] = name.split('.') as [string, string];
      const rows = rowsOf(
        await db.execute(
          sql`select distinct ${sql.identifier(column)}::text as v from ${sql.identifier(table)} where ${ownedPredicate(shape, table, userId, owned)}`,
        ),
      );
      const set = owned.get(name) ?? new Set<string>();
      for (const r of rows) {
        if (r.v !== null && !set.has(String(r.v))) {
          set.add(String(r.v));
          grew = true;
        }
      }
      owned.set(name, set);
    }
  }
  return owned;
}

/** Rows per table that belong to the user: by their own columns, or by the values gathered before. */
export async function userRowCounts(
  db: Db,
  shape: UserTables,
  userId: string,
  owned: OwnedValues,
): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of shape.tables) {
    const rows = rowsOf(
      await db.execute(
        sql`select count(*) as n from ${sql.identifier(table)} where ${ownedPredicate(shape, table, userId, owned)}`,
      ),
    );
    out[table] = Number(rows[0]?.n ?? 0);
  }
  return out;
}
