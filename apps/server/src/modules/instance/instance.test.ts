import {
  accessTokenCreatedSchema,
  authMessages,
  errorEnvelopeSchema,
  instanceMessages,
  instanceOverviewSchema,
  instanceRoutes,
  instanceUserListSchema,
  invitationCreatedSchema,
  invitationListSchema,
} from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signUp, strongPassword, type TestClient, uniqueEmail } from '../../test/test-client.ts';

let t: TestApp;
let admin: TestClient;
let adminId: string;
const api = (path: string) => `/api${path}`;

beforeAll(async () => {
  t = await createTestApp();
  admin = t.client();
  adminId = (await signUp(admin)).user.id;
});
afterAll(async () => {
  await t?.close();
});

async function member(prefix = 'member') {
  const client = t.client();
  const email = uniqueEmail(prefix);
  const { user } = await signUp(client, email);
  return { client, email, id: user.id };
}

async function setMode(mode: 'open' | 'invite' | 'closed') {
  const res = await admin.send('PATCH', api(instanceRoutes.overview), { signup_mode: mode });
  expect(res.statusCode).toBe(200);
}

function signupWith(client: TestClient, body: Record<string, unknown>) {
  return client.post('/api/auth/signup', {
    email: uniqueEmail('invited'),
    username: 'Invited',
    password: strongPassword,
    ...body,
  });
}

/** A portfolio of the client's with one bitcoin bought in it: the answer of that buy. */
async function buyOne(client: TestClient, name: string) {
  const portfolio = (await client.post('/api/v2/portfolios/', { name, currency: 'usd' })).json();
  return client.post('/api/v2/transactions/', {
    portfolio_id: portfolio.id,
    coin_id: 'bitcoin',
    type: 'buy',
    quantity: '1',
    price_per_coin: '100',
    fee: '0',
    date: '2024-01-02T00:00:00Z',
  });
}

const messageOf = (body: string) => errorEnvelopeSchema.parse(JSON.parse(body)).error.message;

describe('the instance administrator', () => {
  it('is the first account, and no later one; only it is told it can administer', async () => {
    const me = (await admin.get('/api/auth/me')).json();
    expect(me).toMatchObject({ can_administer: true });
    const later = await member();
    const them = (await later.client.get('/api/auth/me')).json();
    expect(them).not.toHaveProperty('can_administer');
  });

  it('refuses every instance route to an ordinary account with 403 and the spec message, changing nothing', async () => {
    const someone = await member();
    const routes = t.app.routeTable.filter(
      (r) => r.url.startsWith('/api/v2/instance/') && r.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThanOrEqual(9);
    for (const route of routes) {
      const url = route.url.replace(':id', adminId);
      const body =
        route.method === 'PATCH' ? { signup_mode: 'closed' } : route.method === 'POST' ? {} : undefined;
      const res = await someone.client.send(route.method, url, body);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(messageOf(res.body)).toBe(authMessages.forbidden);
    }
    const overview = instanceOverviewSchema.parse((await admin.get(api(instanceRoutes.overview))).json());
    expect(overview.signup_mode).toBe('open');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, adminId));
    expect(row).toMatchObject({ isAdmin: true, disabledAt: null });
  });

  it('shows the instance: sign-up mode, accounts, market, budgets and connections', async () => {
    const res = await admin.get(api(instanceRoutes.overview));
    expect(res.statusCode).toBe(200);
    const overview = instanceOverviewSchema.parse(res.json());
    expect(overview.users.admins).toBe(1);
    expect(overview.users.total).toBeGreaterThanOrEqual(1);
    expect(overview.market).toMatchObject({ mode: expect.any(String), source: expect.any(String) });
    expect(overview.connections).toEqual({ total: 0, failing: 0, needs_attention: 0 });
  });

  it('closes sign-ups: the form says so, and a sign-up is refused and makes no account', async () => {
    await setMode('closed');
    try {
      const visitor = t.client();
      const page = await visitor.get('/api/auth/login?screen_hint=signup');
      expect(page.statusCode).toBe(403);
      expect(page.body).toContain(instanceMessages.signupsClosed);
      const email = uniqueEmail('closed');
      const res = await visitor.post('/api/auth/signup', {
        email,
        username: 'Closed',
        password: strongPassword,
      });
      expect(res.statusCode).toBe(403);
      expect(messageOf(res.body)).toBe(instanceMessages.signupsClosed);
      expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    } finally {
      await setMode('open');
    }
  });

  it('takes accounts by invitation: a link works as many times as it says, and not once withdrawn or expired', async () => {
    await setMode('invite');
    try {
      expect((await signupWith(t.client(), {})).statusCode).toBe(403);
      const made = await admin.post(api(instanceRoutes.invitations), {
        max_uses: 2,
        expires_in_days: 1,
        note: 'Family',
      });
      expect(made.statusCode).toBe(201);
      const invitation = invitationCreatedSchema.parse(made.json());
      const token = new URL(invitation.url).searchParams.get('invitation') ?? '';
      expect(token.length).toBeGreaterThan(20);

      const page = await t
        .client()
        .get(`/api/auth/login?screen_hint=signup&invitation=${encodeURIComponent(token)}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`name="invitation" value="${token}"`);

      expect((await signupWith(t.client(), { invitation: token })).statusCode).toBe(200);
      expect((await signupWith(t.client(), { invitation: token })).statusCode).toBe(200);
      const third = await signupWith(t.client(), { invitation: token });
      expect(third.statusCode).toBe(403);
      expect(messageOf(third.body)).toBe(instanceMessages.invitationInvalid);
      const listed = invitationListSchema.parse((await admin.get(api(instanceRoutes.invitations))).json());
      expect(listed.invitations.find((i) => i.id === invitation.id)).toMatchObject({
        uses: 2,
        usable: false,
      });
      // The link itself is never listed again.
      expect(JSON.stringify(listed)).not.toContain(token);

      const second = invitationCreatedSchema.parse(
        (await admin.post(api(instanceRoutes.invitations), {})).json(),
      );
      const secondToken = new URL(second.url).searchParams.get('invitation') ?? '';
      expect((await admin.send('DELETE', api(instanceRoutes.invitation(second.id)))).statusCode).toBe(204);
      expect((await signupWith(t.client(), { invitation: secondToken })).statusCode).toBe(403);

      const third7 = invitationCreatedSchema.parse(
        (await admin.post(api(instanceRoutes.invitations), { expires_in_days: 1 })).json(),
      );
      t.clock.advance(24 * 60 * 60 * 1000 + 1);
      const late = await signupWith(t.client(), {
        invitation: new URL(third7.url).searchParams.get('invitation'),
      });
      expect(late.statusCode).toBe(403);
      expect(messageOf(late.body)).toBe(instanceMessages.invitationInvalid);
    } finally {
      await setMode('open');
    }
  });

  it('disables an account: its sessions, sign-ins and tokens stop at once, and come back when enabled', async () => {
    const someone = await member('disabled');
    const made = await someone.client.post('/api/v2/tokens/', { name: 'Script', scopes: ['read'] });
    const token = accessTokenCreatedSchema.parse(made.json()).token;
    const bearer = { authorization: `Bearer ${token}` };
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v2/portfolios/', headers: bearer })).statusCode,
    ).toBe(200);

    expect((await admin.post(api(instanceRoutes.disable(someone.id)))).statusCode).toBe(200);
    expect((await someone.client.get('/api/v2/portfolios/')).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v2/portfolios/', headers: bearer })).statusCode,
    ).toBe(401);
    const again = await t
      .client()
      .post('/api/auth/login', { email: someone.email, password: strongPassword });
    expect(again.statusCode).toBe(403);
    expect(messageOf(again.body)).toBe(instanceMessages.accountDisabled);
    // A wrong password says only that: a stranger learns nothing of the account's state.
    const wrong = await t
      .client()
      .post('/api/auth/login', { email: someone.email, password: 'Wrong-horse-42' });
    expect(wrong.statusCode).toBe(401);

    const listed = instanceUserListSchema.parse((await admin.get(api(instanceRoutes.users))).json());
    expect(listed.users.find((u) => u.id === someone.id)).toMatchObject({ disabled: true, admin: false });

    expect((await admin.post(api(instanceRoutes.enable(someone.id)))).statusCode).toBe(200);
    expect(
      (await t.client().post('/api/auth/login', { email: someone.email, password: strongPassword }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v2/portfolios/', headers: bearer })).statusCode,
    ).toBe(200);
  });

  it('lists accounts with when they were last active and how many rows they store', async () => {
    const someone = await member('rows');
    expect((await buyOne(someone.client, 'Main')).statusCode).toBe(201);
    const listed = instanceUserListSchema.parse((await admin.get(api(instanceRoutes.users))).json());
    const row = listed.users.find((u) => u.id === someone.id);
    expect(row).toMatchObject({ email: someone.email, rows_stored: 1, disabled: false });
    expect(row?.last_active_at).not.toBeNull();
    expect(listed.users.find((u) => u.id === adminId)).toMatchObject({ admin: true, disabled: false });
  });

  it('promotes another account, which then runs the instance too', async () => {
    const someone = await member('promoted');
    expect((await someone.client.get(api(instanceRoutes.overview))).statusCode).toBe(403);
    expect((await admin.post(api(instanceRoutes.promote(someone.id)))).statusCode).toBe(200);
    expect((await someone.client.get(api(instanceRoutes.overview))).statusCode).toBe(200);
    expect((await someone.client.get('/api/auth/me')).json()).toMatchObject({ can_administer: true });
  });

  it('deletes an account with every row of it, and never acts on its own account here', async () => {
    const someone = await member('deleted');
    expect((await buyOne(someone.client, 'Gone')).statusCode).toBe(201);
    expect((await admin.send('DELETE', api(instanceRoutes.user(someone.id)))).statusCode).toBe(204);
    expect(await t.database.db.select().from(users).where(eq(users.id, someone.id))).toEqual([]);
    expect(
      await t.database.db.select().from(transactions).where(eq(transactions.userId, someone.id)),
    ).toEqual([]);
    expect((await someone.client.get('/api/v2/portfolios/')).statusCode).toBe(401);
    expect((await admin.send('DELETE', api(instanceRoutes.user(someone.id)))).statusCode).toBe(404);

    for (const attempt of [
      () => admin.post(api(instanceRoutes.disable(adminId))),
      () => admin.send('DELETE', api(instanceRoutes.user(adminId))),
    ]) {
      const res = await attempt();
      expect(res.statusCode).toBe(403);
      expect(messageOf(res.body)).toBe(instanceMessages.notYourself);
    }
  });
});

describe('INSTANCE_ADMIN_EMAILS', () => {
  it('makes the listed accounts administrators from their sign-up, beside the first account', async () => {
    const boss = uniqueEmail('boss');
    const other = await createTestApp({
      env: { INSTANCE_ADMIN_EMAILS: ` ${boss.toUpperCase()} , ops@example.com` },
    });
    try {
      await signUp(other.client());
      const plain = other.client();
      await signUp(plain);
      expect((await plain.get('/api/auth/me')).json()).not.toHaveProperty('can_administer');
      const listed = other.client();
      await signUp(listed, boss);
      expect((await listed.get('/api/auth/me')).json()).toMatchObject({ can_administer: true });
      expect((await listed.get(api(instanceRoutes.overview))).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});
