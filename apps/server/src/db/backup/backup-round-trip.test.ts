import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createEmptyDatabase, type EmptyDatabase } from '../../test/empty-database.ts';
import { portfolioUser } from '../../test/portfolio-test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { TestClient } from '../../test/test-client.ts';
import { resealSecrets, SecretsKeyError } from '../reseal-secrets.ts';
import { openBackup } from './read-backup.ts';
import { restoreIntoEmpty } from './restore-backup.ts';
import { existingTables } from './schema-catalog.ts';
import { inTransaction } from './sql-session.ts';
import { writeBackup } from './write-backup.ts';

let source: TestApp;
let target: EmptyDatabase;
let restored: TestApp | undefined;
let folder: string;
let backupPath = '';

beforeAll(async () => {
  [source, target] = await Promise.all([
    createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } }),
    createEmptyDatabase(),
  ]);
  folder = await mkdtemp(join(tmpdir(), 'el-backup-'));
});

afterAll(async () => {
  await restored?.close();
  await target?.dispose();
  await source?.close();
  await rm(folder, { recursive: true, force: true });
});

/** What the API shows of the account: every transaction and every watchlist. */
async function view(client: TestClient, portfolioId: string): Promise<unknown> {
  const transactions = await client.get(`/api/v2/transactions/?portfolio_id=${portfolioId}&page_size=500`);
  const watchlists = await client.get('/api/v2/terminal/watchlists/');
  expect([transactions.statusCode, watchlists.statusCode]).toEqual([200, 200]);
  return { transactions: transactions.json(), watchlists: watchlists.json() };
}

describe('a backup taken under a steady write load', () => {
  it('restores to exactly what the API read at one moment between two writes', async () => {
    const user = await portfolioUser(source.client());
    const portfolio = await user.portfolio({ name: 'Main' });
    // A sealed secret rides along, to be opened on the other side with the same key.
    const hook = await user.client.post('/api/v2/notification-channels/', {
      kind: 'webhook',
      preset: 'ntfy',
      name: 'Phone',
      url: 'http://127.0.0.1:9/hook',
      token: 'tk_secret',
    });
    expect(hook.statusCode).toBe(201);
    // views[i] is what the API read after the i-th write; writes alternate between two tables,
    // so a dump that read them at different moments would match none of them.
    const views: unknown[] = [await view(user.client, portfolio.id)];
    let writing = true;
    let backupStarted = -1;
    const writer = (async () => {
      for (let i = 1; writing || i <= backupStarted + 2; i++) {
        if (i % 2 === 1) {
          await user.ok(portfolio.id, {
            quantity: String(i),
            date: new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString(),
          });
        } else {
          const res = await user.client.post('/api/v2/terminal/watchlists/', { name: `List ${i}` });
          expect(res.statusCode).toBe(201);
        }
        views.push(await view(user.client, portfolio.id));
      }
    })();
    // Let the load run a little before the backup, then go on writing while it is taken.
    while (views.length < 6) await new Promise((resolve) => setImmediate(resolve));
    backupStarted = views.length - 1;
    const path = join(folder, 'under-load.elbackup');
    backupPath = path;
    const result = await writeBackup(source.database, path);
    writing = false;
    await writer;
    expect(views.length).toBeGreaterThan(backupStarted + 2);

    const backup = await openBackup(path);
    expect(backup.header.schemaVersion).toBe(result.header.schemaVersion);
    const keys = source.config.secrets;
    await restoreIntoEmpty(target.database, backup, {
      beforeCommit: async (db) => {
        await resealSecrets(db, keys);
      },
    });
    restored = await createTestApp({ database: target.database, env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
    // The same session cookie signs in on the restored copy: sessions are rows like any other.
    const reader = new TestClient(restored.app);
    for (const [name, value] of user.client.cookies) reader.cookies.set(name, value);
    const after = await view(reader, portfolio.id);
    const matches = views.flatMap((v, i) => (JSON.stringify(v) === JSON.stringify(after) ? [i] : []));
    expect(matches.length).toBe(1);
    expect(matches[0]).toBeGreaterThanOrEqual(backupStarted);
  });
});

describe('a restore under another secrets key', () => {
  it('is refused and leaves the database empty', async () => {
    const other = await createEmptyDatabase();
    try {
      const keys = loadConfig(
        { DATA_DIR: folder, SESSION_SECRET: 'y'.repeat(40), SECRETS_KEY: randomBytes(32).toString('base64') },
        folder,
      ).secrets;
      const restore = restoreIntoEmpty(other.database, await openBackup(backupPath), {
        beforeCommit: async (db) => {
          await resealSecrets(db, keys);
        },
      });
      await expect(restore).rejects.toBeInstanceOf(SecretsKeyError);
      expect(await inTransaction(other.database, { readOnlySnapshot: true }, existingTables)).toEqual([]);
    } finally {
      await other.dispose();
    }
  });
});
