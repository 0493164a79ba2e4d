import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '../db/client.ts';
import { quoteIdent, withDatabase } from './postgres-urls.ts';
import './provided-context.ts';

export interface EmptyDatabase {
  database: Database;
  dispose(): Promise<void>;
}

async function admin(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A database with no tables at all (never migrated), of the kind this test run is on: a restore's target. */
export async function createEmptyDatabase(): Promise<EmptyDatabase> {
  const info = inject('testDatabase');
  if (info.kind === 'pglite') {
    const database = await openPglite();
    return { database, dispose: () => database.close() };
  }
  const name = `t_empty_${randomBytes(6).toString('hex')}`;
  await admin(info.adminUrl, `create database ${quoteIdent(name)}`);
  const database = await openPostgres(withDatabase(info.adminUrl, name));
  return {
    database,
    async dispose() {
      await database.close();
      await admin(info.adminUrl, `drop database if exists ${quoteIdent(name)} with (force)`);
    },
  };
}
