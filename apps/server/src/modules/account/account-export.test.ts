import {
  type AccountExport,
  accountExportFormat,
  accountExportSchema,
  accountExportVersion,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEveryTable } from '../../test/seed-every-table.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signUp, strongPassword, type TestClient } from '../../test/test-client.ts';
import { ownedValues, userRowCounts, userTables } from '../../test/user-tables.ts';
import { exportedTables, leftOutTables } from './index.ts';

type ExportedTable = keyof typeof exportedTables;

/** How many rows of each exported table the file holds: the test's reading of where each one goes. */
const entriesIn: Record<ExportedTable, (file: AccountExport) => number> = {
  users: () => 1,
  user_settings: (f) => (f.settings ? 1 : 0),
  tax_settings: (f) => (f.tax_settings ? 1 : 0),
  notification_preferences: (f) => (f.notification_preferences ? 1 : 0),
  insight_preferences: (f) => (f.insight_preferences ? 1 : 0),
  portfolios: (f) => f.portfolios.length,
  connections: (f) => f.connections.length,
  transactions: (f) => f.transactions.length,
  cash_movements: (f) => f.cash_movements.length,
  transfer_decisions: (f) => f.transfer_decisions.length,
  sale_lot_choices: (f) => f.sale_lot_choices.length,
  tax_wallet_allocations: (f) => f.tax_wallet_allocations.length,
  tax_method_history: (f) => f.tax_method_history.length,
  projections: (f) => f.projections.length,
  projection_transactions: (f) => f.projections.reduce((n, p) => n + p.rungs.length, 0),
  projection_tax_links: (f) => f.projections.filter((p) => p.tax_link !== null).length,
  alerts: (f) => f.alerts.length,
  notifications: (f) => f.notifications.length,
  notification_channels: (f) => f.notification_channels.length,
  watchlists: (f) => f.watchlists.length,
  watchlist_items: (f) => f.watchlists.reduce((n, w) => n + w.items.length, 0),
  allocation_targets: (f) => f.allocation_targets.length,
};

const webhookUrl = 'http://127.0.0.1:9/topic-that-is-a-secret';
const webhookToken = 'tk_secret_token_value_456';
const walletAddress = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';

let t: TestApp;
let a: TestClient;
let seed: Awaited<ReturnType<typeof seedEveryTable>>;
beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  a = t.client();
  await signUp(a);
  seed = await seedEveryTable(t, a);
  const hook = await a.post('/api/v2/notification-channels/', {
    kind: 'webhook',
    preset: 'ntfy',
    name: 'Phone',
    url: webhookUrl,
    token: webhookToken,
  });
  if (hook.statusCode !== 201) throw new Error(`webhook: ${hook.statusCode} ${hook.body}`);
});
afterAll(async () => {
  await t?.close();
});

describe('the account export', () => {
  it('names every table of user rows the database has: exported, or left out with its reason', async () => {
    const { tables } = await userTables(t.database.db);
    const unaccounted = tables.filter((name) => !(name in exportedTables) && !(name in leftOutTables));
    expect(
      unaccounted,
      `tables of user rows the export does not account for: ${unaccounted.join(', ')}`,
    ).toEqual([]);
    // And no name is left over from a table that is gone.
    const stale = [...Object.keys(exportedTables), ...Object.keys(leftOutTables)].filter(
      (n) => !tables.includes(n),
    );
    expect(stale).toEqual([]);
  });

  it('downloads every row of every exported table as one file with its format and version', async () => {
    const res = await a.get('/api/v2/account/export/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="exit-liquidity-account-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const file = accountExportSchema.parse(res.json());
    expect(file.format).toBe(accountExportFormat);
    expect(file.version).toBe(accountExportVersion);
    const { db } = t.database;
    const shape = await userTables(db);
    const stored = await userRowCounts(db, shape, seed.userId, await ownedValues(db, shape, seed.userId));
    const inFile = Object.fromEntries(
      Object.entries(entriesIn).map(([table, countOf]) => [table, countOf(file)]),
    );
    const storedExported = Object.fromEntries(Object.keys(entriesIn).map((table) => [table, stored[table]]));
    expect(inFile).toEqual(storedExported);
    expect(file.left_out.map((l) => l.table).sort()).toEqual(Object.keys(leftOutTables).sort());
  });

  it('carries no secret: no password, session, token, webhook URL or token, wallet address', async () => {
    const text = (await a.get('/api/v2/account/export/')).body;
    for (const secret of [webhookUrl, webhookToken, walletAddress, seed.bearer, strongPassword]) {
      expect(text).not.toContain(secret);
    }
    for (const key of ['password', 'secret', 'fingerprint', 'token_hash', 'sealed', 'hash"']) {
      expect(text).not.toContain(`"${key}`);
    }
    const file = accountExportSchema.parse(JSON.parse(text));
    const hook = file.notification_channels.find((c) => c.kind === 'webhook');
    expect(hook?.target).not.toBe('');
    expect(file.connections[0]?.masked).toBeTruthy();
  });

  it('maps each transaction’s source to the connection entry it came from', async () => {
    const file = accountExportSchema.parse((await a.get('/api/v2/account/export/')).json());
    const connections = new Set(file.connections.map((c) => c.id));
    for (const row of file.transactions) {
      if (row.source?.connection_id) expect(connections.has(row.source.connection_id)).toBe(true);
    }
    for (const movement of file.cash_movements) {
      if (movement.connection_id) expect(connections.has(movement.connection_id)).toBe(true);
    }
    expect(file.cash_movements.some((m) => m.connection_id !== null)).toBe(true);
  });

  it('is the signed-in person’s only, and closed to personal access tokens', async () => {
    const other = t.client();
    await signUp(other);
    const theirs = accountExportSchema.parse((await other.get('/api/v2/account/export/')).json());
    expect(theirs.portfolios).toEqual([]);
    expect(theirs.transactions).toEqual([]);
    const byToken = await t.app.inject({
      method: 'GET',
      url: '/api/v2/account/export/',
      headers: { authorization: `Bearer ${seed.bearer}` },
    });
    expect(byToken.statusCode).toBe(403);
    expect((await t.client().get('/api/v2/account/export/')).statusCode).toBe(401);
  });
});
