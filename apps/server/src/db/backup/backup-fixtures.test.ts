import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmptyDatabase, type EmptyDatabase } from '../../test/empty-database.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { fixtureAccount } from './fixtures/fixture-account.ts';
import { migrationSteps } from './migration-steps.ts';
import { openBackup } from './read-backup.ts';
import { restoreIntoEmpty } from './restore-backup.ts';

// One backup per schema version it was taken at (fixtures/make-fixture.ts writes them): each
// later version must still restore every one of them and serve its rows.
const folder = fileURLToPath(new URL('./fixtures/', import.meta.url));
const fixtures = readdirSync(folder).filter((name) => name.endsWith('.elbackup'));

let target: EmptyDatabase | undefined;
let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  await target?.dispose();
  app = undefined;
  target = undefined;
});

describe('fixture backups of earlier schema versions', () => {
  it('has one for a schema version this version knows', () => {
    const tags = new Set(migrationSteps().map((s) => s.tag));
    expect(fixtures.length).toBeGreaterThan(0);
    for (const name of fixtures) expect(tags.has(name.replace(/\.elbackup$/, ''))).toBe(true);
  });

  it.each(fixtures)('restores %s and serves its account through the API', async (name) => {
    const backup = await openBackup(`${folder}${name}`);
    target = await createEmptyDatabase();
    const summary = await restoreIntoEmpty(target.database, backup);
    expect(summary.toSchemaVersion).toBe(migrationSteps().at(-1)?.tag);
    app = await createTestApp({ database: target.database });

    const { user, portfolio, watchlist } = fixtureAccount;
    const client = app.client();
    const login = await client.postForm('/api/auth/login', { email: user.email, password: user.password });
    expect(login.statusCode).toBe(303);
    const listed = await client.get(`/api/v2/transactions/?portfolio_id=${portfolio.id}`);
    expect(listed.statusCode).toBe(200);
    const rows = (listed.json() as { results: { id: string; quantity: string; note: string }[] }).results;
    expect(rows.map((r) => r.id).sort()).toEqual(portfolio.transactions.map((t) => t.id).sort());
    for (const expected of portfolio.transactions) {
      const row = rows.find((r) => r.id === expected.id);
      expect(row?.note).toBe(expected.note);
      expect(Number(row?.quantity)).toBe(Number(expected.quantity));
    }
    const lists = await client.get('/api/v2/terminal/watchlists/');
    expect(JSON.stringify(lists.json())).toContain(watchlist.name);
  });
});
