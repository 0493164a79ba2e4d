import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createEmptyDatabase, type EmptyDatabase } from '../../test/empty-database.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { rowsOf } from '../raw-rows.ts';
import { BackupError } from './backup-format.ts';
import { openBackup } from './read-backup.ts';
import { restoreIntoEmpty } from './restore-backup.ts';
import { restoreIntoDataDir } from './restore-data-dir.ts';
import { existingTables } from './schema-catalog.ts';
import { inTransaction } from './sql-session.ts';
import { writeBackup } from './write-backup.ts';

let source: TestDatabase;
let empty: EmptyDatabase;
let folder: string;
let good: string;
let bytes: Buffer;

beforeAll(async () => {
  [source, empty] = await Promise.all([createTestDatabase(), createEmptyDatabase()]);
  folder = await mkdtemp(join(tmpdir(), 'el-backup-refusals-'));
  await source.database.db.execute(
    sql`insert into users (email, username, password_hash) values ('refusal@example.com', 'r', 'x')`,
  );
  good = join(folder, 'good.elbackup');
  await writeBackup(source.database, good);
  bytes = await readFile(good);
});

afterAll(async () => {
  await empty?.dispose();
  await source?.dispose();
  await rm(folder, { recursive: true, force: true });
});

async function file(name: string, content: Buffer | string): Promise<string> {
  const path = join(folder, name);
  await writeFile(path, content);
  return path;
}

/** The good file with its header changed (the body, and so its checksum, unchanged). */
function withHeader(change: (header: Record<string, unknown>) => void): Buffer {
  const newline = bytes.indexOf(0x0a);
  const header = JSON.parse(bytes.subarray(0, newline).toString('utf8')) as Record<string, unknown>;
  change(header);
  return Buffer.concat([Buffer.from(JSON.stringify(header)), bytes.subarray(newline)]);
}

async function usersIn(): Promise<number> {
  return Number(rowsOf(await source.database.db.execute(sql`select count(*)::int as n from users`))[0]?.n);
}

describe('a backup file that is not whole or not ours', () => {
  it.each([
    ['truncated in the body', () => bytes.subarray(0, bytes.length - 10), /incomplete or damaged/],
    ['cut inside the header', () => bytes.subarray(0, 40), /not a backup/],
    [
      'with a byte of the body changed',
      () => {
        const copy = Buffer.from(bytes);
        copy[copy.length - 20] = (copy[copy.length - 20] ?? 0) ^ 0xff;
        return copy;
      },
      /checksum/,
    ],
    ['empty', () => Buffer.alloc(0), /not a backup/],
    ['a JSON document of another kind', () => Buffer.from('{"name":"exit-liquidity"}\n{}'), /not a backup/],
    ['a gzip file', () => gzipSync('hello\n'), /not a backup/],
    [
      'of a newer format',
      () =>
        withHeader((h) => {
          h.formatVersion = 99;
        }),
      /format 99, newer/,
    ],
    [
      'with a header that lies about its rows',
      () =>
        withHeader((h) => {
          const [first] = h.tables as { rows: number }[];
          if (first) first.rows += 1;
        }),
      /ends before the rows/,
    ],
  ])('is refused when %s', async (name, content, message) => {
    const path = await file(`${name.replace(/\W+/g, '-')}.elbackup`, content());
    await expect(openBackup(path)).rejects.toThrow(message);
    await expect(openBackup(path)).rejects.toBeInstanceOf(BackupError);
  });

  it('is refused when made at a schema version this version does not know, before anything is written', async () => {
    const path = await file(
      'future.elbackup',
      withHeader((h) => {
        h.schemaVersion = '9999_future';
      }),
    );
    const backup = await openBackup(path);
    await expect(restoreIntoEmpty(empty.database, backup)).rejects.toThrow(/does not know/);
    expect(await inTransaction(empty.database, { readOnlySnapshot: true }, existingTables)).toEqual([]);
  });
});

describe('a target that is not empty', () => {
  it('a database holding tables is refused and left as it was', async () => {
    const before = await usersIn();
    await expect(restoreIntoEmpty(source.database, await openBackup(good))).rejects.toThrow(/not empty/);
    expect(await usersIn()).toBe(before);
  });

  it('a data folder holding a database is refused', async () => {
    const dataDir = join(folder, 'data');
    await mkdir(join(dataDir, 'pglite'), { recursive: true });
    const keys = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(40) }, dataDir).secrets;
    await expect(restoreIntoDataDir(dataDir, await openBackup(good), keys)).rejects.toThrow(
      /already holds a database/,
    );
  });
});
