import { accountDataMessages } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/raw-rows.ts';
import { users } from '../../db/schema/index.ts';
import { seedEveryTable } from '../../test/seed-every-table.ts';
import { dumpTables } from '../../test/table-dump.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signUp, strongPassword, type TestClient } from '../../test/test-client.ts';
import { ownedValues, userRowCounts, userTables } from '../../test/user-tables.ts';

const deletePath = '/api/auth/delete-account';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function seededUser(): Promise<{
  client: TestClient;
  email: string;
  seed: Awaited<ReturnType<typeof seedEveryTable>>;
}> {
  const client = t.client();
  const { email } = await signUp(client);
  return { client, email, seed: await seedEveryTable(t, client) };
}

const withBearer = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/v2/portfolios/', headers: { authorization: `Bearer ${token}` } });

describe('deleting an account', () => {
  it('leaves no row of the user in any table that holds user rows, and every other user’s rows as they were', async () => {
    const a = await seededUser();
    const b = await seededUser();
    const { db } = t.database;
    const shape = await userTables(db);
    const ownedA = await ownedValues(db, shape, a.seed.userId);
    const ownedB = await ownedValues(db, shape, b.seed.userId);
    const before = await userRowCounts(db, shape, a.seed.userId, ownedA);
    // Every table of user rows the catalogue knows holds some of A's: a new table is seeded or this fails.
    const unseeded = Object.entries(before)
      .filter(([, n]) => n === 0)
      .map(([table]) => table);
    expect(unseeded, `tables with no row of the seeded user: ${unseeded.join(', ')}`).toEqual([]);
    const othersBefore = await userRowCounts(db, shape, b.seed.userId, ownedB);
    expect((await t.outbox()).some((m) => m.to === a.email)).toBe(true);

    const res = await a.client.post(deletePath, { password: strongPassword });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, logout_url: '/landing' });
    const cleared = res.cookies.filter((c) => c.value === '').map((c) => c.name);
    expect(cleared).toEqual(expect.arrayContaining(['session', 'csrftoken']));

    const after = await userRowCounts(db, shape, a.seed.userId, ownedA);
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    expect(await userRowCounts(db, shape, b.seed.userId, ownedB)).toEqual(othersBefore);
    // The limiter's windows keyed by the account (its id, its email) are gone with it.
    const windows = rowsOf(await db.execute(sql`select key from rate_limit_hits`)).map((r) => String(r.key));
    expect(windows.filter((k) => k.endsWith(a.seed.userId) || k.endsWith(a.email.toLowerCase()))).toEqual([]);
    // The mail the outbox folder kept for the account goes too; the other account's stays.
    const mail = await t.outbox();
    expect(mail.some((m) => m.to === a.email)).toBe(false);
    expect(mail.some((m) => m.to === b.email)).toBe(true);
    expect((await b.client.get('/api/v2/portfolios/')).json().count).toBeGreaterThan(0);
  });

  it('ends every session and token of the account at once', async () => {
    const a = await seededUser();
    const elsewhere = t.client();
    expect(
      (await elsewhere.post('/api/auth/login', { email: a.email, password: strongPassword })).statusCode,
    ).toBe(200);
    const cookie = a.client.cookieHeader();
    expect((await withBearer(a.seed.bearer)).statusCode).toBe(200);
    expect((await a.client.post(deletePath, { password: strongPassword })).statusCode).toBe(200);
    expect((await elsewhere.get('/api/auth/me')).statusCode).toBe(401);
    expect((await t.client().get('/api/auth/me', { cookie })).statusCode).toBe(401);
    expect((await withBearer(a.seed.bearer)).statusCode).toBe(401);
    const status = await t.client().get('/api/auth/session-status', { cookie });
    expect(status.json().is_authenticated).toBe(false);
  });

  it('never gives the deleted id to a new account, even one with the same email', async () => {
    const client = t.client();
    const { email, user } = await signUp(client);
    expect((await client.post(deletePath, { password: strongPassword })).statusCode).toBe(200);
    const again = await signUp(t.client(), email);
    expect(again.user.id).not.toBe(user.id);
    expect(await t.database.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
  });

  it('refuses a wrong or missing password with a field error and deletes nothing', async () => {
    const a = await seededUser();
    const before = await dumpTables(t.database.db);
    const wrong = await a.client.post(deletePath, { password: 'Not-the-password-9' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'validation_error',
      category: 'validation',
      message: accountDataMessages.passwordWrong,
      details: { fields: { password: [accountDataMessages.passwordWrong] } },
    });
    const missing = await a.client.post(deletePath, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details.fields).toEqual({ password: [accountDataMessages.passwordRequired] });
    // An email is no stand-in for the password of an account that has one.
    expect((await a.client.post(deletePath, { confirm_email: a.email })).statusCode).toBe(400);
    expect(await dumpTables(t.database.db)).toBe(before);
    expect((await a.client.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('asks an account made by single sign-on for its email typed out, since it has no password', async () => {
    const client = t.client();
    const { email, user } = await signUp(client);
    await t.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    const missing = await client.post(deletePath, {});
    expect(missing.json().error.details.fields).toEqual({
      confirm_email: [accountDataMessages.confirmEmailRequired],
    });
    const wrong = await client.post(deletePath, { confirm_email: 'someone-else@example.com' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details.fields).toEqual({
      confirm_email: [accountDataMessages.confirmEmailWrong],
    });
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    const res = await client.post(deletePath, { confirm_email: ` ${email.toUpperCase()} ` });
    expect(res.statusCode).toBe(200);
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('is closed to personal access tokens and to requests without a session', async () => {
    const a = await seededUser();
    const res = await t.app.inject({
      method: 'POST',
      url: deletePath,
      headers: { authorization: `Bearer ${a.seed.bearer}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ password: strongPassword }),
    });
    expect(res.statusCode).toBe(403);
    expect((await t.client().post(deletePath, { password: strongPassword })).statusCode).toBe(401);
    expect((await a.client.get('/api/auth/me')).statusCode).toBe(200);
  });
});

describe('deleting an account, limited like sign-in', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      rateLimits: { authPerIp: { max: 100, windowMs: 60_000 }, loginPerEmail: { max: 3, windowMs: 60_000 } },
    });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('answers 429 once the account has had its attempts, the right password included', async () => {
    const client = limited.client();
    await signUp(client);
    for (let i = 0; i < 3; i++) {
      expect((await client.post(deletePath, { password: `Wrong-password-${i}x` })).statusCode).toBe(400);
    }
    const refused = await client.post(deletePath, { password: strongPassword });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
  });
});
