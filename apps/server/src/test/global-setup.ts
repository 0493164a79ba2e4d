import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openPglite, openPostgres } from '../db/client.ts';
import { installNode20Polyfills } from './node20-polyfills.ts';
import { quoteIdent, withDatabase } from './postgres-urls.ts';
import './provided-context.ts';

/**
 * Migrates one database ONCE per run; every test file then gets a fresh copy of it
 * (a PGlite dump, or a PostgreSQL CREATE DATABASE … TEMPLATE), which is far cheaper
 * than initdb + migrations per file.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  installNode20Polyfills();
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const templateName = `t_tpl_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${quoteIdent(templateName)}`);
    await admin.end();
    const database = await openPostgres(withDatabase(adminUrl, templateName));
    await migrateDatabase(database);
    await database.close();
    project.provide('testDatabase', { kind: 'postgres', adminUrl, templateName });
    return async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${quoteIdent(templateName)} with (force)`);
      await cleanup.end();
    };
  }

  const dir = await mkdtemp(join(tmpdir(), 'el-pglite-template-'));
  const database = await openPglite();
  await migrateDatabase(database);
  const dump = await database.pglite.dumpDataDir('none');
  await database.close();
  const dumpPath = join(dir, 'template.tar');
  await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDatabase', { kind: 'pglite', dumpPath });
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
