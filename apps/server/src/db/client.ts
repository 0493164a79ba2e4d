import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { findServerPackageRoot } from '../lib/package-root.ts';
import { yieldBetweenQueries } from './pglite-fair-queue.ts';
import * as schema from './schema/index.ts';
import { type WriteGeneration, watchTableWrites } from './table-writes.ts';

export type Schema = typeof schema;
/** What repositories accept: the database or a transaction (both drivers share this shape). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Leader election for jobs: only one process across the cluster runs them. */
export interface LeaderLock {
  tryAcquire(): Promise<boolean>;
  release(): Promise<void>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  leaderLock: LeaderLock;
  /**
   * Moves on every write that can change a session or a user, when this process is the
   * database's only writer (PGlite); absent on PostgreSQL, where other processes write too.
   */
  sessionWrites?: WriteGeneration;
  close(): Promise<void>;
}

export const migrationsFolder = (): string => join(findServerPackageRoot(), 'src', 'db', 'migrations');

/** Fixed application-wide keys for pg advisory locks. */
const migrationLockKey = 7_340_001;
const leaderLockKey = 7_340_002;

export interface OpenPgliteOptions {
  /** A folder, or undefined for an in-memory database. */
  dataDir?: string;
  /** A dump from `dumpDataDir()`, used by tests to skip initdb and migrations. */
  loadDataDir?: Blob | File;
}

export interface PgliteDatabase extends Database {
  kind: 'pglite';
  /** The raw PGlite instance, for `dumpDataDir()` in test setup. */
  pglite: PGlite;
}

/**
 * PostgreSQL inside PGlite touches its whole shared buffer pool at start, so the default pool
 * is resident from the first second and an idle server holds it all. A small pool holds the hot
 * pages of a large portfolio; colder pages come from the data folder, which the OS caches
 * anyway (bench/dashboard.bench.ts measures both; figures in bench/README.md).
 */
const pgliteMemorySettings = ['-c', 'shared_buffers=16MB', '-c', 'wal_buffers=1MB'];

/**
 * PGlite is the only WebAssembly in the process. By default V8 recompiles its hot functions with
 * the optimising compiler in the background, which costs resident code and compiler memory and,
 * on a small machine, competes with requests; the baseline compiler alone was as fast for our
 * queries and leaves the server much smaller (bench/dashboard.bench.ts; figures in bench/README.md).
 * The flag is read when a module is compiled, so it must be set before the first PGlite starts.
 */
function useBaselineWasmCompiler(): void {
  setFlagsFromString('--liftoff-only');
}

export async function openPglite(options: OpenPgliteOptions = {}): Promise<PgliteDatabase> {
  useBaselineWasmCompiler();
  if (options.dataDir) {
    mkdirSync(dirname(options.dataDir), { recursive: true });
    if (!existsSync(join(options.dataDir, 'PG_VERSION'))) await initPgliteDataDir(options.dataDir);
  }
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    startParams: [...PGlite.defaultStartParams, ...pgliteMemorySettings],
  });
  yieldBetweenQueries(client);
  const sessionWrites = watchTableWrites(client, ['users', 'sessions']);
  const db = drizzlePglite(client, { schema });
  let closed = false;
  return {
    kind: 'pglite',
    pglite: client,
    db,
    sessionWrites,
    // One process owns a PGlite folder (enforced by the lock file), so it always leads.
    leaderLock: { tryAcquire: async () => true, release: async () => {} },
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

/**
 * Creates a new PGlite data folder (initdb) in a short-lived child process. Run in the server
 * process, initdb's large WebAssembly heap stays resident for the life of the process; in a
 * child it is returned to the system when the child exits, and the server opens the folder as
 * on any later start.
 */
async function initPgliteDataDir(dataDir: string): Promise<void> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = `require(${JSON.stringify(entry)}).PGlite.create({ dataDir: process.env.PGLITE_INIT_DIR })
    .then((db) => db.close())
    .catch((error) => { console.error(error); process.exit(1); });`;
  const child = spawn(process.execPath, ['-e', script], {
    env: { ...process.env, PGLITE_INIT_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`Could not create the PGlite data folder ${dataDir} (exit code ${code})`);
}

export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client losing its connection must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const db = drizzleNodePg(pool, { schema });
  let leaderClient: pg.PoolClient | undefined;
  let closed = false;
  // Jobs starting together ask at the same moment; on separate pooled sessions all but one
  // would lose the session-level lock, so concurrent attempts share one.
  let attempt: Promise<boolean> | undefined;
  const acquire = async (): Promise<boolean> => {
    if (leaderClient) {
      try {
        await leaderClient.query('select 1');
        return true;
      } catch {
        leaderClient.release(true);
        leaderClient = undefined;
      }
    }
    const client = await pool.connect();
    let locked = false;
    try {
      const result = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
        leaderLockKey,
      ]);
      locked = result.rows[0]?.locked === true;
    } finally {
      if (locked) leaderClient = client;
      else client.release();
    }
    return locked;
  };
  const leaderLock: LeaderLock = {
    tryAcquire() {
      attempt ??= acquire().finally(() => {
        attempt = undefined;
      });
      return attempt;
    },
    async release() {
      if (!leaderClient) return;
      const client = leaderClient;
      leaderClient = undefined;
      try {
        await client.query('select pg_advisory_unlock($1)', [leaderLockKey]);
      } finally {
        client.release();
      }
    },
  };
  return {
    kind: 'postgres',
    db,
    leaderLock,
    close: async () => {
      if (closed) return;
      closed = true;
      await leaderLock.release().catch(() => {});
      await pool.end();
    },
  };
}

/** Opens the configured database: PostgreSQL when a URL is given, else PGlite in the data folder. */
export function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite({ dataDir: join(options.dataDir, 'pglite') });
}

export async function migrateDatabase(
  database: Database,
  folder: string = migrationsFolder(),
): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as Parameters<typeof migratePglite>[0], { migrationsFolder: folder });
    return;
  }
  // Several servers may start at once against one PostgreSQL; the advisory lock lets one migrate at a time.
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
    await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder: folder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => {});
    client.release();
  }
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
