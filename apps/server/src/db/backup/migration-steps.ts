import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type MigrationMeta, readMigrationFiles } from 'drizzle-orm/migrator';
import { z } from 'zod';
import { migrationsFolder } from '../client.ts';
import { BackupError } from './backup-format.ts';
import type { SqlSession } from './sql-session.ts';

export interface MigrationStep extends MigrationMeta {
  tag: string;
}

const journalSchema = z.object({
  entries: z.array(z.object({ tag: z.string(), when: z.number() })),
});

/** This version's migrations in order, each with its tag (the schema version it brings). */
export function migrationSteps(folder: string = migrationsFolder()): MigrationStep[] {
  const journal = journalSchema.parse(
    JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')),
  );
  const files = readMigrationFiles({ migrationsFolder: folder });
  return files.map((file, i) => {
    const entry = journal.entries[i];
    if (!entry || entry.when !== file.folderMillis)
      throw new Error('the migration journal does not match its files');
    return { ...file, tag: entry.tag };
  });
}

/** The tag of the newest migration the database has had (drizzle records its moment). */
export async function appliedSchemaVersion(session: SqlSession, steps: MigrationStep[]): Promise<string> {
  const [last] = await session.query<{ created_at: string }>(
    'select created_at::text as created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
  );
  const step = steps.find((s) => String(s.folderMillis) === last?.created_at);
  if (!step) {
    throw new BackupError(
      'The database was migrated by a newer version of the app (or not at all); back it up with that version.',
    );
  }
  return step.tag;
}

/**
 * Runs migrations inside the caller's transaction and records each as drizzle's migrator does,
 * so the server's own migrator later finds them applied and goes on from there.
 */
export async function applyMigrations(session: SqlSession, steps: MigrationStep[]): Promise<void> {
  await session.exec('create schema if not exists "drizzle"');
  await session.exec(
    'create table if not exists "drizzle"."__drizzle_migrations" (id serial primary key, hash text not null, created_at bigint)',
  );
  for (const step of steps) {
    for (const statement of step.sql) {
      if (statement.trim() !== '') await session.exec(statement);
    }
    await session.query(
      'insert into "drizzle"."__drizzle_migrations" ("hash", "created_at") values ($1, $2)',
      [step.hash, step.folderMillis],
    );
  }
}
