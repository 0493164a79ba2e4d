import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Database } from '../client.ts';
import {
  BackupError,
  type BackupHeader,
  type BackupTable,
  backupFormatName,
  backupFormatVersion,
  quoteName,
} from './backup-format.ts';
import { appliedSchemaVersion, migrationSteps } from './migration-steps.ts';
import { type CatalogTable, dataSchema, listSequences, listTables } from './schema-catalog.ts';
import { inTransaction, type SqlSession, useCanonicalTextForms } from './sql-session.ts';

export interface WriteBackupOptions {
  /** Called after each table's rows are written, inside the snapshot (a test stops a backup there). */
  afterTable?: (table: string) => Promise<void>;
  now?: () => Date;
}

export interface BackupResult {
  path: string;
  header: BackupHeader;
  /** The whole file's size. */
  bytes: number;
}

const rowsPerFetch = 1000;

/** A name no finished backup has: a file killed mid-write is never mistaken for one. */
export function temporaryName(path: string, what: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.${what}.tmp`);
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

async function* tableRows(
  session: SqlSession,
  table: CatalogTable,
  counted: BackupTable,
): AsyncGenerator<string> {
  const json = new Set(table.jsonColumns);
  const columns = table.columns
    .map((c) => (json.has(c) ? `${quoteName(c)}::jsonb as ${quoteName(c)}` : quoteName(c)))
    .join(', ');
  await session.query(
    `declare backup_rows no scroll cursor for
       select row_to_json(x)::text as line from (select ${columns} from ${dataSchema}.${quoteName(table.name)}) x`,
  );
  for (;;) {
    const batch = await session.query<{ line: string }>(`fetch forward ${rowsPerFetch} from backup_rows`);
    for (const { line } of batch) {
      counted.rows += 1;
      yield `${line}\n`;
    }
    if (batch.length < rowsPerFetch) break;
  }
  await session.query('close backup_rows');
}

/**
 * Writes a backup of the whole database to `path`, taken in one read-only snapshot transaction,
 * so it holds exactly what the database held at one moment while writes go on. The rows go to
 * a temporary file, then the header and the rows to a second one, which is synced and renamed
 * to `path` only when complete: a process killed at any point leaves at most `.tmp` files.
 */
export async function writeBackup(
  database: Database,
  path: string,
  options: WriteBackupOptions = {},
): Promise<BackupResult> {
  const target = resolve(path);
  if (await exists(target))
    throw new BackupError(`${target} already exists; a backup never replaces a file.`);
  await mkdir(dirname(target), { recursive: true });
  const bodyPath = temporaryName(target, 'body');
  const filePath = temporaryName(target, 'file');
  const steps = migrationSteps();
  try {
    const hash = createHash('sha256');
    let bodyBytes = 0;
    const dumped = await inTransaction(database, { readOnlySnapshot: true }, async (session) => {
      await useCanonicalTextForms(session);
      const createdAt = (options.now ?? (() => new Date()))().toISOString();
      const schemaVersion = await appliedSchemaVersion(session, steps);
      const catalog = await listTables(session);
      const sequences = await listSequences(session);
      const tables: BackupTable[] = catalog.map((t) => ({ name: t.name, columns: t.columns, rows: 0 }));
      async function* body(): AsyncGenerator<string> {
        for (const [i, table] of catalog.entries()) {
          const counted = tables[i];
          if (!counted) continue;
          yield* tableRows(session, table, counted);
          await options.afterTable?.(table.name);
        }
      }
      const tap = new PassThrough();
      tap.on('data', (chunk: Buffer) => {
        hash.update(chunk);
        bodyBytes += chunk.length;
      });
      await pipeline(Readable.from(body()), createGzip(), tap, createWriteStream(bodyPath, { mode: 0o600 }));
      return { createdAt, schemaVersion, tables, sequences };
    });
    const header: BackupHeader = {
      format: backupFormatName,
      formatVersion: backupFormatVersion,
      schemaVersion: dumped.schemaVersion,
      createdAt: dumped.createdAt,
      source: database.kind,
      tables: dumped.tables,
      sequences: dumped.sequences,
      body: { encoding: 'gzip', bytes: bodyBytes, sha256: hash.digest('hex') },
    };
    const headerLine = Buffer.from(`${JSON.stringify(header)}\n`);
    const file = await open(filePath, 'wx', 0o600);
    try {
      await file.write(headerLine);
      for await (const chunk of createReadStream(bodyPath)) await file.write(chunk as Buffer);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(filePath, target);
    await syncFolder(dirname(target));
    return { path: target, header, bytes: headerLine.length + bodyBytes };
  } catch (error) {
    await unlink(filePath).catch(() => {});
    throw error;
  } finally {
    await unlink(bodyPath).catch(() => {});
  }
}

/** The rename is durable once the folder's entry is on disk. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } catch {
    // Some file systems refuse fsync on a folder; the rename itself is still atomic.
  } finally {
    await handle.close();
  }
}
