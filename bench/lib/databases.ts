import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type Run = (text: string, params?: unknown[]) => Promise<unknown>;

/** A database a benchmark's server runs on, with direct SQL for bulk seeding while it is stopped. */
export interface BenchDatabase {
  label: string;
  /** The server's DATA_DIR (PGlite files, or only the session secret and outbox on PostgreSQL). */
  dataDir: string;
  env: Record<string, string>;
  withSql<T>(fn: (run: Run) => Promise<T>): Promise<T>;
  dispose(): Promise<void>;
}

/** The PostgreSQL server a benchmark creates its throw-away database on. */
export const benchPostgresUrl =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function pgliteDatabase(tag: string): BenchDatabase {
  const dataDir = mkdtempSync(join(tmpdir(), `bench-${tag}-`));
  return {
    label: 'PGlite',
    dataDir,
    env: { DATABASE_URL: '' },
    async withSql(fn) {
      const db = await PGlite.create({ dataDir: join(dataDir, 'pglite') });
      try {
        return await fn((text, params) => db.query(text, params));
      } finally {
        await db.close();
      }
    },
    async dispose() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new database on the PostgreSQL server, dropped afterwards; null (said) when none answers. */
export async function postgresDatabase(
  tag: string,
  adminUrl = benchPostgresUrl,
): Promise<BenchDatabase | null> {
  const name = `bench_${tag}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch (error) {
    console.log(`PostgreSQL at ${adminUrl} unavailable, skipped: ${String(error)}`);
    await admin.end().catch(() => {});
    return null;
  }
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), `bench-${tag}-pg-`));
  return {
    label: 'PostgreSQL',
    dataDir,
    env: { DATABASE_URL: url.toString() },
    async withSql(fn) {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return await fn((text, params) => client.query(text, params));
      } finally {
        await client.end();
      }
    },
    async dispose() {
      rmSync(dataDir, { recursive: true, force: true });
      const drop = new pg.Client({ connectionString: adminUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}
