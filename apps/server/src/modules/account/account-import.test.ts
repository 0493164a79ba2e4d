import {
  type AccountExport,
  accountDataMessages,
  accountExportSchema,
  accountImportMaxBytes,
  accountImportResultSchema,
  csrfHeaderName,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEveryTable } from '../../test/seed-every-table.ts';
import { dumpTables } from '../../test/table-dump.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signUp, type TestClient } from '../../test/test-client.ts';

const importPath = '/api/v2/account/import/';
const uuids = (text: string): string[] =>
  text.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g) ?? [];

let t: TestApp;
let source: TestClient;
let seed: Awaited<ReturnType<typeof seedEveryTable>>;
let file: AccountExport;
let fileText: string;

beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  source = t.client();
  await signUp(source);
  seed = await seedEveryTable(t, source);
  const hook = await source.post('/api/v2/notification-channels/', {
    kind: 'webhook',
    preset: 'ntfy',
    name: 'Phone',
    url: 'http://127.0.0.1:9/topic',
  });
  if (hook.statusCode !== 201) throw new Error(`webhook: ${hook.statusCode} ${hook.body}`);
  const res = await source.get('/api/v2/account/export/');
  fileText = res.body;
  file = accountExportSchema.parse(res.json());
});
afterAll(async () => {
  await t?.close();
});

async function emptyAccount(): Promise<TestClient> {
  const client = t.client();
  await signUp(client);
  return client;
}

const withoutTime = (text: string) => ({ ...JSON.parse(text), exported_at: null });

describe('importing an account file', () => {
  it('fills an empty account with new ids for everything, and leaves the exporting account as it was', async () => {
    const target = await emptyAccount();
    const summary = await target.get('/api/v2/account/');
    expect(summary.json()).toMatchObject({ is_empty: true, import_max_bytes: accountImportMaxBytes });

    const res = await target.post(importPath, file);
    expect(res.statusCode, res.body).toBe(200);
    const result = accountImportResultSchema.parse(res.json());
    expect(result.imported).toMatchObject({
      portfolios: file.portfolios.length,
      transactions: file.transactions.length,
      projections: file.projections.length,
      alerts: file.alerts.length,
      watchlists: file.watchlists.length,
      notifications: file.notifications.length,
      cash_movements: file.cash_movements.length,
    });
    // Connections and webhooks need secrets the file never holds: each is named with its reason.
    expect(result.left_out.map((l) => `${l.kind}:${l.name}`).sort()).toEqual([
      'connection:Wallet',
      'notification_channel:Phone',
    ]);

    const imported = (await target.get('/api/v2/account/export/')).body;
    const theirIds = new Set(uuids(fileText));
    expect(uuids(imported).filter((id) => theirIds.has(id))).toEqual([]);
    const copy = accountExportSchema.parse(JSON.parse(imported));
    expect(copy.transactions.map((r) => [r.type, r.quantity, r.executed_at])).toEqual(
      file.transactions.map((r) => [r.type, r.quantity, r.executed_at]),
    );
    expect(copy.transactions.every((r) => r.source === null || r.source.connection_id === null)).toBe(true);
    expect(copy.transfer_decisions).toHaveLength(file.transfer_decisions.length);
    expect(copy.sale_lot_choices).toHaveLength(file.sale_lot_choices.length);
    // The confirmed allocation of the 2024 lots comes along, in the new portfolios.
    expect(file.tax_wallet_allocations.length).toBeGreaterThan(0);
    expect(copy.tax_wallet_allocations.map((w) => [w.coin_id, w.quantity])).toEqual(
      file.tax_wallet_allocations.map((w) => [w.coin_id, w.quantity]),
    );
    // The tax settings by year come along: the same rule, rates and method from the same years.
    expect(file.tax_method_history.length).toBeGreaterThan(1);
    const entries = (f: typeof file) =>
      f.tax_method_history.map((h) => [h.from_year, h.rule, h.short_rate, h.long_rate, h.cost_basis_method]);
    expect(entries(copy)).toEqual(entries(file));
    expect(result.imported).toMatchObject({ tax_method_history: file.tax_method_history.length });
    const newPortfolios = new Set(copy.portfolios.map((p) => p.id));
    expect(copy.tax_wallet_allocations.every((w) => newPortfolios.has(w.portfolio_id))).toBe(true);
    expect((await target.get('/api/v2/account/')).json().is_empty).toBe(false);
    expect(withoutTime((await source.get('/api/v2/account/export/')).body)).toEqual(withoutTime(fileText));
  });

  it('refuses a file of another program, a version it does not read and a cut file, writing nothing', async () => {
    const target = await emptyAccount();
    const before = await dumpTables(t.database.db);
    const refused = async (body: unknown, message: string) => {
      const res = await target.post(importPath, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_error', category: 'validation', message });
      return res.json().error.details.fields as Record<string, string[]>;
    };
    await refused({ hello: 'world' }, accountDataMessages.notAnExport);
    await refused([file], accountDataMessages.notAnExport);
    await refused({ ...file, format: 'another-app-export' }, accountDataMessages.notAnExport);
    await refused({ ...file, version: 2 }, accountDataMessages.unknownVersion(2, 1));
    await refused({ ...file, version: '1' }, accountDataMessages.unknownVersion('1', 1));
    const { transactions: _cut, ...noTransactions } = file;
    expect(await refused(noTransactions, accountDataMessages.damaged)).toHaveProperty('transactions');
    const held = file.transactions[0]?.portfolio_id;
    const orphan = { ...file, portfolios: file.portfolios.filter((p) => p.id !== held) };
    expect(Object.keys(await refused(orphan, accountDataMessages.damaged)).join(' ')).toContain(
      'portfolio_id',
    );
    const twice = { ...file, watchlists: [...file.watchlists, ...file.watchlists] };
    expect(Object.keys(await refused(twice, accountDataMessages.damaged)).join(' ')).toContain(
      'watchlists.1',
    );
    const negative = { ...file, transactions: [{ ...file.transactions[0], quantity: '-1' }] };
    expect(await refused(negative, accountDataMessages.damaged)).toHaveProperty('transactions.0.quantity');

    // A file cut short is not JSON at all: the parser refuses it before the import sees it.
    const token = await target.csrf();
    const cut = await target.request('POST', importPath, {
      raw: fileText.slice(0, Math.floor(fileText.length / 2)),
      headers: { 'content-type': 'application/json', [csrfHeaderName]: token },
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().error.code).toBe('malformed_json');

    expect(await dumpTables(t.database.db)).toBe(before);
    expect((await target.get('/api/v2/account/')).json().is_empty).toBe(true);
  });

  it('refuses a file that sells more than it holds, as every ledger write does', async () => {
    const target = await emptyAccount();
    const sale = file.transactions.find((r) => r.type === 'sell');
    if (!sale) throw new Error('the seed has a sale');
    const oversold = {
      ...file,
      transactions: file.transactions.map((r) => (r.id === sale.id ? { ...r, quantity: '50' } : r)),
    };
    const res = await target.post(importPath, oversold);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(accountDataMessages.oversold('Book', 'bitcoin'));
    expect((await target.get('/api/v2/account/')).json().is_empty).toBe(true);
  });

  it('refuses an account that already holds data, and changes nothing in it', async () => {
    const target = await emptyAccount();
    expect((await target.post('/api/v2/portfolios/', { name: 'Mine' })).statusCode).toBe(201);
    const before = await dumpTables(t.database.db);
    const res = await target.post(importPath, file);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'conflict', message: accountDataMessages.notEmpty });
    expect(await dumpTables(t.database.db)).toBe(before);
    expect((await target.get('/api/v2/account/')).json()).toMatchObject({
      is_empty: false,
      counts: { portfolios: 1 },
    });
  });

  it('takes one of two imports sent at once into the same account, and refuses the other', async () => {
    const target = await emptyAccount();
    const [first, second] = await Promise.all([target.post(importPath, file), target.post(importPath, file)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const counts = (await target.get('/api/v2/account/')).json().counts;
    expect(counts.portfolios).toBe(file.portfolios.length);
    expect(counts.transactions).toBe(file.transactions.length);
  });

  it('refuses a file over the size limit and says what the limit is', async () => {
    const target = await emptyAccount();
    const token = await target.csrf();
    const res = await target.request('POST', importPath, {
      raw: `{"format":"x","pad":"${'x'.repeat(accountImportMaxBytes)}"}`,
      headers: { 'content-type': 'application/json', [csrfHeaderName]: token },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({
      code: 'payload_too_large',
      message: accountDataMessages.tooLarge,
    });
  });

  it('is closed to personal access tokens and to requests without a session', async () => {
    const headers = { authorization: `Bearer ${seed.bearer}`, 'content-type': 'application/json' };
    const byToken = await t.app.inject({ method: 'POST', url: importPath, headers, payload: fileText });
    expect(byToken.statusCode).toBe(403);
    const summary = await t.app.inject({ method: 'GET', url: '/api/v2/account/', headers });
    expect(summary.statusCode).toBe(403);
    expect((await t.client().post(importPath, file)).statusCode).toBe(401);
  });
});
