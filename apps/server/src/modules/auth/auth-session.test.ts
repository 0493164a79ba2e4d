import { authMessages } from '@app/contracts';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PgliteDatabase } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signUp } from '../../test/test-client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const hour = 60 * 60 * 1000;
const day = 24 * hour;

describe('session status and me', () => {
  it('reports nulls when signed out', async () => {
    const res = await t.client().get('/api/auth/session-status');
    expect(res.json()).toEqual({
      is_authenticated: false,
      user_id: null,
      username: null,
      email: null,
      expires_at: null,
    });
  });

  it('reports the user and an ISO expiry 14 days out when signed in', async () => {
    const c = t.client();
    const { user } = await signUp(c);
    const res = await c.get('/api/auth/session-status');
    const body = res.json();
    expect(body).toMatchObject({
      is_authenticated: true,
      user_id: user.id,
      email: user.email,
      username: 'Tester',
    });
    expect(new Date(body.expires_at).getTime() - t.clock().getTime()).toBeGreaterThan(13.9 * day);
    const me = await c.get('/api/auth/me');
    expect(me.json()).toEqual({
      id: user.id,
      email: user.email,
      username: 'Tester',
      picture: null,
      email_verified: false,
      has_password: true,
      // The first account on a fresh server runs it.
      can_administer: true,
    });
  });

  it('answers /me without a session with 401 and a redirect', async () => {
    const res = await t.client().get('/api/auth/me');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: {
        code: 'auth_required',
        category: 'auth',
        message: authMessages.authenticationFailed,
        details: null,
      },
      redirect: '/login',
    });
  });

  it('treats an unknown cookie as signed out and clears it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session-status',
      headers: { cookie: 'session=nope' },
    });
    expect(res.json().is_authenticated).toBe(false);
    const cleared = res.cookies.find((k) => k.name === 'session');
    expect(cleared?.value).toBe('');
  });

  it('slides the expiry at most once an hour and expires after 14 idle days', async () => {
    const c = t.client();
    await signUp(c);
    const first = (await c.get('/api/auth/session-status')).json().expires_at;
    t.clock.advance(30 * 60 * 1000);
    expect((await c.get('/api/auth/session-status')).json().expires_at).toBe(first);
    t.clock.advance(31 * 60 * 1000);
    const slid = await c.get('/api/auth/session-status');
    expect(new Date(slid.json().expires_at).getTime()).toBeGreaterThan(new Date(first).getTime());
    expect(slid.cookies.some((k) => k.name === 'session' && k.value.length > 0)).toBe(true);
    t.clock.advance(14 * day + hour);
    const expired = await c.get('/api/auth/session-status');
    expect(expired.json().is_authenticated).toBe(false);
  });
});

describe('logout', () => {
  it('deletes the server session so the old cookie no longer works', async () => {
    const c = t.client();
    await signUp(c);
    const token = c.cookies.get('session');
    const res = await c.post('/api/auth/logout');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, logout_url: '/landing' });
    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: `session=${token}` },
    });
    expect(replay.statusCode).toBe(401);
  });

  it('answers 200 when already signed out, also with an empty JSON body', async () => {
    const c = t.client();
    const token = await c.csrf();
    const res = await c.request('POST', '/api/auth/logout', {
      raw: '',
      headers: { 'content-type': 'application/json', 'X-CSRFToken': token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
  });
});

describe('sessions remembered in memory (PGlite: this process is the only writer)', () => {
  it('serves a known session without its query, and any user or session write takes effect at once', async () => {
    const c = t.client();
    const { user } = await signUp(c);
    // session-status reports the user the session lookup read (/me reads the user again).
    const status = async () => (await c.get('/api/auth/session-status')).json().username;
    expect(await status()).toBe('Tester');
    const other = t.client();
    await signUp(other);
    const stolen = c.cookieHeader();

    if (t.database.kind === 'pglite') {
      // Written past the watched client (its prototype's query): proves the session is remembered.
      const pglite = (t.database as PgliteDatabase).pglite;
      await PGlite.prototype.query.call(pglite, 'update users set username = $1 where id = $2', [
        'Hidden',
        user.id,
      ]);
      expect(await status()).toBe('Tester');
    }

    // Any watched write to users: the next request reads the rows again.
    const renamed = await c.send('PATCH', '/api/auth/profile', { username: 'Renamed' });
    expect(renamed.statusCode).toBe(200);
    expect(await status()).toBe('Renamed');

    // Sign-out ends the remembered session at once, for a copy of its cookie too.
    expect((await c.post('/api/auth/logout')).statusCode).toBe(200);
    const replayed = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: stolen } });
    expect(replayed.statusCode).toBe(401);
    // Another user's remembered session is unaffected.
    expect((await other.get('/api/auth/me')).statusCode).toBe(200);
  });
});
