// Helpers for the job queue's tests (not collected as a test file).
import pg from 'pg';
import { type Database, openPostgres } from '../../db/client.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { createJobQueue } from './create-job-queue.ts';
import { runnerFor } from './runner-for.ts';
import type { Row } from './sql-runner.ts';
import type { JobQueue, JobQueueLogger, QueueDefinition } from './types.ts';

export interface QueueTestDatabase {
  database: Database;
  /** The connection string on PostgreSQL; undefined on PGlite. */
  url: string | undefined;
  /**
   * Another handle on the same database, as a second server process would have: its own pool on
   * PostgreSQL; on PGlite, whose folder one process owns, the same handle.
   */
  another(): Promise<Database>;
  dispose(): Promise<void>;
}

export async function openQueueDatabase(): Promise<QueueTestDatabase> {
  const test = await createTestDatabase();
  const { database } = test;
  const client: unknown = (database.db as unknown as { $client?: unknown }).$client;
  const url = client instanceof pg.Pool ? client.options.connectionString : undefined;
  const others: Database[] = [];
  return {
    database,
    url,
    async another() {
      if (!url) return database;
      const other = await openPostgres(url);
      others.push(other);
      return other;
    },
    async dispose() {
      for (const other of others) await other.close();
      await test.dispose();
    },
  };
}

export interface RecordingLogger extends JobQueueLogger {
  errors: { object: Record<string, unknown>; message: string }[];
  warnings: { object: Record<string, unknown>; message: string }[];
}

export function recordingLogger(): RecordingLogger {
  const errors: RecordingLogger['errors'] = [];
  const warnings: RecordingLogger['warnings'] = [];
  return {
    errors,
    warnings,
    warn: (object, message) => warnings.push({ object, message }),
    error: (object, message) => errors.push({ object, message }),
  };
}

/** Short leases, polls and maintenance, so a test waits fractions of a second, not minutes. */
export function testQueue(
  database: Database,
  logger: JobQueueLogger,
  queues: Record<string, QueueDefinition>,
): JobQueue {
  const queue = createJobQueue({ database, logger, pollMs: 50, maintenanceSeconds: 1, scheduleCheckMs: 100 });
  for (const [name, definition] of Object.entries(queues)) queue.define(name, definition);
  return queue;
}

/** Polls until `check` gives a value (not undefined); fails after `ms`. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  ms = 20_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export interface Gate {
  promise: Promise<void>;
  open(): void;
}

export function gate(): Gate {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** Reads pg-boss's tables directly, for what a test checks beneath the queue's interface. */
export async function selectRows(database: Database, text: string): Promise<Row[]> {
  const { rows } = await runnerFor(database).executeSql(text, []);
  return rows;
}
