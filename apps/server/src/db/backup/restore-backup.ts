import type { Database, Db } from '../client.ts';
import { BackupError, type BackupTable, quoteName } from './backup-format.ts';
import { applyMigrations, type MigrationStep, migrationSteps } from './migration-steps.ts';
import { backupRows, type OpenedBackup } from './read-backup.ts';
import { dataSchema, existingTables, listForeignKeys, listTables } from './schema-catalog.ts';
import { inTransaction, type SqlSession, useCanonicalTextForms } from './sql-session.ts';

export interface RestoreSummary {
  /** The backup's schema version, and this version's, which the restored database now has. */
  fromSchemaVersion: string;
  toSchemaVersion: string;
  rows: number;
}

/** Rows sent to the database per statement, and the most text one statement carries. */
const rowsPerInsert = 500;
const bytesPerInsert = 4 * 1024 * 1024;

/** Where in this version's migrations the backup's schema stands; a later one is refused. */
export function backupStep(backup: OpenedBackup, steps: MigrationStep[]): number {
  const index = steps.findIndex((s) => s.tag === backup.header.schemaVersion);
  if (index < 0) {
    throw new BackupError(
      `${backup.path} was made at schema version ${backup.header.schemaVersion}, which this version does not know (a newer version made it); restore it with that version or a later one.`,
    );
  }
  return index;
}

async function insertRows(session: SqlSession, table: BackupTable, lines: string[]): Promise<void> {
  const target = `${dataSchema}.${quoteName(table.name)}`;
  const columns = table.columns.map(quoteName).join(', ');
  await session.query(
    `insert into ${target} (${columns}) overriding system value
       select ${columns} from json_populate_recordset(null::${target}, $1::json)`,
    [`[${lines.join(',')}]`],
  );
}

async function loadRows(session: SqlSession, backup: OpenedBackup): Promise<number> {
  const present = new Map((await listTables(session)).map((t) => [t.name, t]));
  for (const table of backup.header.tables) {
    const here = present.get(table.name);
    const missing = table.columns.filter((c) => !here?.columns.includes(c));
    if (!here || missing.length > 0) {
      throw new BackupError(
        `${backup.path} does not match schema version ${backup.header.schemaVersion}: ${here ? `${table.name} has no ${missing.join(', ')}` : `there is no table ${table.name}`}.`,
      );
    }
  }
  let rows = 0;
  let batch: string[] = [];
  let batchBytes = 0;
  let batchTable: BackupTable | undefined;
  const flush = async () => {
    if (batchTable && batch.length > 0) await insertRows(session, batchTable, batch);
    rows += batch.length;
    batch = [];
    batchBytes = 0;
  };
  for await (const { table, line } of backupRows(backup)) {
    if (table !== batchTable || batch.length >= rowsPerInsert || batchBytes >= bytesPerInsert) {
      await flush();
      batchTable = table;
    }
    batch.push(line);
    batchBytes += line.length;
  }
  await flush();
  return rows;
}

/**
 * Restores a checked backup (see openBackup) into an empty database, all in one transaction:
 * this version's migrations up to the backup's schema version build the tables it was taken
 * from; the rows go in with the foreign keys set aside (rows of a table may point at each
 * other), which are then put back and checked over every row; the later migrations bring the
 * data up to this version, as they would have on the old server. Anything that fails rolls it
 * all back, and a database that already holds tables is refused before anything is written.
 */
export async function restoreIntoEmpty(
  database: Database,
  backup: OpenedBackup,
  options: {
    steps?: MigrationStep[];
    /** Last, inside the transaction: throwing rolls the whole restore back (the secrets key check). */
    beforeCommit?: (db: Db) => Promise<void>;
  } = {},
): Promise<RestoreSummary> {
  const steps = options.steps ?? migrationSteps();
  const at = backupStep(backup, steps);
  return inTransaction(database, { readOnlySnapshot: false }, async (session) => {
    const found = await existingTables(session);
    if (found.length > 0) {
      throw new BackupError(
        `The database is not empty (it holds ${found.join(', ')}${found.length >= 5 ? ', …' : ''}); restore only into a new, empty database or data folder.`,
      );
    }
    await useCanonicalTextForms(session);
    await applyMigrations(session, steps.slice(0, at + 1));
    // Migrations may seed rows (a settings row, a cache entry); the backup has that table's rows as they were.
    const tables = await listTables(session);
    if (tables.length > 0) {
      await session.exec(`truncate ${tables.map((t) => `${dataSchema}.${quoteName(t.name)}`).join(', ')}`);
    }
    const foreignKeys = await listForeignKeys(session);
    for (const key of foreignKeys) {
      await session.exec(
        `alter table ${dataSchema}.${quoteName(key.table)} drop constraint ${quoteName(key.name)}`,
      );
    }
    const rows = await loadRows(session, backup);
    for (const sequence of backup.header.sequences) {
      await session.query('select setval($1::regclass, $2::bigint, $3)', [
        `${dataSchema}.${quoteName(sequence.name)}`,
        sequence.lastValue,
        sequence.isCalled,
      ]);
    }
    for (const key of foreignKeys) {
      await session.exec(
        `alter table ${dataSchema}.${quoteName(key.table)} add constraint ${quoteName(key.name)} ${key.definition}`,
      );
    }
    await applyMigrations(session, steps.slice(at + 1));
    await options.beforeCommit?.(session.db);
    return {
      fromSchemaVersion: backup.header.schemaVersion,
      toSchemaVersion: steps.at(-1)?.tag ?? backup.header.schemaVersion,
      rows,
    };
  });
}
