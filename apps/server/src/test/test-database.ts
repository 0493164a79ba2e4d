import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '../db/client.ts';
import { quoteIdent, withDatabase } from './postgres-urls.ts';
import './provided-context.ts';

export interface TestDatabase {
  database: Database;
  /** Closes the database (idempotent) and drops it when it lives on a server. */
  dispose(): Promise<void>;
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const info = inject('testDatabase');
  if (info.kind === 'pglite') {
    const dump = await readFile(info.dumpPath);
    const database = await openPglite({ loadDataDir: new Blob([dump]) });
    return { database, dispose: () => database.close() };
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  // Two files copying the template at the same instant can collide; retry briefly.
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(
        info.adminUrl,
        `create database ${quoteIdent(name)} template ${quoteIdent(info.templateName)}`,
      );
      break;
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
  const database = await openPostgres(withDatabase(info.adminUrl, name));
  return {
    database,
    async dispose() {
      await database.close();
      await adminQuery(info.adminUrl, `drop database if exists ${quoteIdent(name)} with (force)`);
    },
  };
}
