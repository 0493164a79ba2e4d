import { accountMessages, authMessages } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/raw-rows.ts';
import { startTestProvider, type TestProvider } from '../../test/oidc-test-provider.ts';
import { createTestApp, linkFrom, type TestApp } from '../../test/test-app.ts';
import { signUp, type TestClient, uniqueEmail } from '../../test/test-client.ts';

/**
 * Single sign-on against a real OpenID Connect provider (oidc-provider) on 127.0.0.1: sign-up,
 * sign-in, the username and verification steps, linking to a password account, sign-out at the
 * provider, and every forged or failed callback (none may leave a session behind).
 */
const publicUrl = 'http://127.0.0.1:3000';
let provider: TestProvider;
let t: TestApp;
let oidcOnly: TestApp;

function oidcEnv(mode: string): Record<string, string> {
  return {
    AUTH_MODE: mode,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    PUBLIC_URL: publicUrl,
  };
}

beforeAll(async () => {
  provider = await startTestProvider({
    redirectUri: `${publicUrl}/api/auth/callback`,
    postLogoutRedirectUri: `${publicUrl}/landing`,
  });
  t = await createTestApp({
    env: oidcEnv('local,oidc'),
    rateLimits: { loginPerEmail: { max: 3, windowMs: 60_000 } },
  });
  oidcOnly = await createTestApp({ env: oidcEnv('oidc') });
});
afterAll(async () => {
  await t?.close();
  await oidcOnly?.close();
  await provider?.stop();
});

let subjects = 0;
/** A new person at the provider. */
function person(claims: Parameters<TestProvider['accounts']['set']>[1]): string {
  subjects += 1;
  const sub = `person-${subjects}`;
  provider.accounts.set(sub, claims);
  return sub;
}

/** /api/auth/login at the app → the provider → the callback URL it sends the browser to. */
async function startAt(
  app: TestApp,
  c: TestClient,
  sub: string,
  query = 'return_to=/portfolios&connection=oidc',
) {
  const start = await c.get(`/api/auth/login?${query}`);
  expect(start.statusCode, start.body).toBe(303);
  const authorizationUrl = String(start.headers.location);
  expect(authorizationUrl.startsWith(provider.issuer)).toBe(true);
  provider.signInAs = sub;
  const callback = await provider.authorize(authorizationUrl);
  return { authorizationUrl: new URL(authorizationUrl), callback, app };
}

const pathOf = (url: URL) => `${url.pathname}${url.search}`;

async function sessionCount(app: TestApp): Promise<number> {
  return Number(rowsOf(await app.database.db.execute(sql`select count(*) as n from sessions`))[0]?.n);
}

function hasSessionCookie(response: { cookies: { name: string; value: string }[] }): boolean {
  return response.cookies.some((cookie) => cookie.name === 'session' && cookie.value !== '');
}

describe('single sign-on: accounts', () => {
  it('signs up a new person with PKCE, state and nonce, and passes prompt and screen_hint on', async () => {
    const email = uniqueEmail('sso');
    const sub = person({ email, email_verified: true, preferred_username: 'Satoshi' });
    const c = t.client();
    const { authorizationUrl, callback } = await startAt(
      t,
      c,
      sub,
      'return_to=/portfolios&prompt=login&connection=oidc',
    );
    const params = authorizationUrl.searchParams;
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(params.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(params.get('prompt')).toBe('login');
    expect(params.get('scope')).toBe('openid email profile');
    expect(params.get('redirect_uri')).toBe(`${publicUrl}/api/auth/callback`);

    const res = await c.get(pathOf(callback));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/portfolios');
    const me = (await c.get('/api/auth/me')).json();
    // No local password: Settings offers no change-password form that would ask for one.
    expect(me).toMatchObject({ email, username: 'Satoshi', email_verified: true, has_password: false });
    const identities = rowsOf(
      await t.database.db.execute(sql`select issuer, subject from oidc_identities where subject = ${sub}`),
    );
    expect(identities).toEqual([{ issuer: provider.issuer, subject: sub }]);

    const signup = await t.client().get('/api/auth/login?return_to=/&screen_hint=signup&connection=oidc');
    expect(new URL(String(signup.headers.location)).searchParams.get('screen_hint')).toBe('signup');
  });

  it('signs the same subject in again to the same account, even after the email changed at the provider', async () => {
    const email = uniqueEmail('again');
    const sub = person({ email, email_verified: true, preferred_username: 'Hal' });
    const first = t.client();
    await first.get(pathOf((await startAt(t, first, sub)).callback));
    const id = (await first.get('/api/auth/me')).json().id;
    provider.accounts.set(sub, {
      email: uniqueEmail('changed'),
      email_verified: true,
      preferred_username: 'Hal',
    });
    const second = t.client();
    const res = await second.get(pathOf((await startAt(t, second, sub)).callback));
    expect(res.statusCode).toBe(303);
    expect((await second.get('/api/auth/me')).json()).toMatchObject({ id, email });
  });

  it('asks for a username at /auth/complete-signup when the provider gives none', async () => {
    const email = uniqueEmail('nameless');
    const sub = person({ email, email_verified: true });
    const c = t.client();
    const res = await c.get(pathOf((await startAt(t, c, sub)).callback));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/auth/complete-signup?email=${encodeURIComponent(email)}`);
    expect(hasSessionCookie(res)).toBe(false);
    const bad = await c.post('/api/auth/oidc/complete-signup', { username: '<x>' });
    expect(bad.statusCode).toBe(400);
    const done = await c.post('/api/auth/oidc/complete-signup', { username: 'Nakamoto' });
    expect(done.json()).toEqual({ success: true, redirect: '/portfolios' });
    expect((await c.get('/api/auth/me')).json()).toMatchObject({ email, username: 'Nakamoto' });
    // The pending step is used up.
    const replay = await c.post('/api/auth/oidc/complete-signup', { username: 'Twice' });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.message).toBe(authMessages.loginSessionExpired);
  });

  it('sends an unverified email to /auth/signup-pending with our own link, and signs in once verified', async () => {
    const email = uniqueEmail('unverified');
    const sub = person({ email, email_verified: false, preferred_username: 'Pending' });
    const c = t.client();
    const before = await sessionCount(t);
    const res = await c.get(pathOf((await startAt(t, c, sub)).callback));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/auth/signup-pending?email=${encodeURIComponent(email)}`);
    expect(hasSessionCookie(res)).toBe(false);
    expect(await sessionCount(t)).toBe(before);
    const mail = (await t.outbox()).filter((m) => m.to === email).at(-1);
    const link = linkFrom(mail, '/api/auth/verify-email');
    expect((await t.client().get(pathOf(link))).statusCode).toBe(303);
    const again = t.client();
    const signedIn = await again.get(pathOf((await startAt(t, again, sub)).callback));
    expect(signedIn.headers.location).toBe('/portfolios');
    expect((await again.get('/api/auth/me')).json()).toMatchObject({ email, email_verified: true });
  });
  it('refuses a provider account without an email, saying what the administrator can do', async () => {
    const sub = person({ preferred_username: 'NoMail' });
    const c = t.client();
    const before = await sessionCount(t);
    const res = await c.get(pathOf((await startAt(t, c, sub)).callback));
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(accountMessages.ssoNoEmail);
    expect(hasSessionCookie(res)).toBe(false);
    expect(await sessionCount(t)).toBe(before);
  });
});

describe('single sign-on: linking to a password account', () => {
  it('links only after the local password, once; later sign-ins go straight in', async () => {
    const local = await signUp(t.client(), uniqueEmail('linked'));
    const sub = person({ email: local.email, email_verified: true, preferred_username: 'Linked' });
    const c = t.client();
    const res = await c.get(pathOf((await startAt(t, c, sub)).callback));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/api/auth/oidc/link');
    expect(hasSessionCookie(res)).toBe(false);
    const page = await c.get('/api/auth/oidc/link');
    expect(page.body).toContain(local.email);
    expect(page.body).toContain('Link and sign in');

    const wrong = await c.postForm('/api/auth/oidc/link', { password: 'not-the-password-1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain(accountMessages.invalidCredentials);
    expect(hasSessionCookie(wrong)).toBe(false);

    const right = await c.postForm('/api/auth/oidc/link', { password: local.password });
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe('/portfolios');
    expect((await c.get('/api/auth/me')).json()).toMatchObject({
      id: local.user.id,
      email_verified: true,
      has_password: true,
    });

    const later = t.client();
    const direct = await later.get(pathOf((await startAt(t, later, sub)).callback));
    expect(direct.headers.location).toBe('/portfolios');
    expect((await later.get('/api/auth/me')).json().id).toBe(local.user.id);
  });

  it('never links when the provider does not verify the email', async () => {
    const local = await signUp(t.client(), uniqueEmail('unlinked'));
    const sub = person({ email: local.email, email_verified: false, preferred_username: 'Mallory' });
    const c = t.client();
    const before = await sessionCount(t);
    const res = await c.get(pathOf((await startAt(t, c, sub)).callback));
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('An account with this email already exists');
    expect(hasSessionCookie(res)).toBe(false);
    expect(await sessionCount(t)).toBe(before);
    expect((await c.get('/api/auth/oidc/link')).statusCode).toBe(401);
  });

  it('counts link password guesses against the account (per account, not only per address)', async () => {
    const local = await signUp(t.client(), uniqueEmail('guessed'));
    const sub = person({ email: local.email, email_verified: true, preferred_username: 'Guess' });
    const statuses: number[] = [];
    // Each guess from a fresh browser (a new address would look the same to the per-account limit).
    for (let i = 0; i < 4; i++) {
      const c = t.client();
      await c.get(pathOf((await startAt(t, c, sub)).callback));
      statuses.push(
        (await c.postForm('/api/auth/oidc/link', { password: `wrong-password-${i}x` })).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    // The same limit covers password sign-in to that account.
    const signIn = await t.client().post('/api/auth/login', { email: local.email, password: local.password });
    expect(signIn.statusCode).toBe(429);
  });
});

describe('single sign-on: sign-out and modes', () => {
  it("returns the provider's end-session URL as logout_url, which comes back to /landing", async () => {
    const sub = person({ email: uniqueEmail('bye'), email_verified: true, preferred_username: 'Bye' });
    const c = t.client();
    await c.get(pathOf((await startAt(t, c, sub)).callback));
    const res = await c.post('/api/auth/logout');
    const url = new URL(res.json().logout_url);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${publicUrl}/landing`);
    expect((await c.get('/api/auth/me')).statusCode).toBe(401);
    expect(await provider.endSession(url.href)).toBe(`${publicUrl}/landing`);

    const local = await signUp(t.client());
    const password = t.client();
    await password.post('/api/auth/login', { email: local.email, password: local.password });
    expect((await password.post('/api/auth/logout')).json().logout_url).toBe('/landing');
  });

  it('AUTH_MODE=oidc sends /login to the provider and turns password sign-in off', async () => {
    const c = oidcOnly.client();
    const start = await c.get('/api/auth/login?return_to=/dashboard&prompt=login');
    expect(start.statusCode).toBe(303);
    expect(String(start.headers.location).startsWith(`${provider.issuer}/auth?`)).toBe(true);
    const refused = await oidcOnly.client().post('/api/auth/login', { email: uniqueEmail(), password: 'x' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(accountMessages.passwordSignInOff);
  });

  it('AUTH_MODE=local,oidc shows the password page with a single sign-on button', async () => {
    const page = await t.client().get('/api/auth/login?return_to=/&prompt=login');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sign in with single sign-on');
    expect(page.body).toContain('connection=oidc');
  });
});

describe('single sign-on: forged and failed callbacks never create a session', () => {
  async function refused(
    prepare: (callback: URL, c: TestClient) => Promise<URL> | URL,
    expected: { status: number; message: string },
    app: TestApp = t,
  ) {
    const sub = person({ email: uniqueEmail('forged'), email_verified: true, preferred_username: 'Eve' });
    const c = app.client();
    const { callback } = await startAt(app, c, sub);
    const url = await prepare(callback, c);
    const before = await sessionCount(app);
    const res = await c.get(pathOf(url));
    expect(res.statusCode, res.body).toBe(expected.status);
    expect(res.body).toContain(expected.message);
    expect(hasSessionCookie(res)).toBe(false);
    expect(await sessionCount(app)).toBe(before);
    expect((await c.get('/api/auth/me')).statusCode).toBe(401);
  }
  const failed = { status: 401, message: authMessages.authenticationFailed };
  const expired = { status: 401, message: authMessages.loginSessionExpired };

  it('a wrong state', () =>
    refused((url) => {
      url.searchParams.set('state', 'forged-state-value-0123456789');
      return url;
    }, failed));

  it('a wrong issuer in the response', () =>
    refused((url) => {
      url.searchParams.set('iss', 'http://127.0.0.1:1/evil');
      return url;
    }, failed));

  it('an ID token with another nonce, issuer or audience (signed by the provider)', async () => {
    for (const claims of [
      { nonce: 'replayed-nonce' },
      { iss: 'http://127.0.0.1:1/evil' },
      { aud: 'another-client' },
    ]) {
      await refused((url) => {
        provider.forgeIdToken = claims;
        return url;
      }, failed);
      provider.forgeIdToken = null;
    }
  });

  it('an expired code, an expired ID token, and a callback replayed without its sign-in', async () => {
    await refused((url) => {
      provider.expireCodes = true;
      return url;
    }, expired);
    provider.expireCodes = false;
    await refused((url) => {
      provider.forgeIdToken = {
        exp: Math.floor(Date.now() / 1000) - 3600,
        iat: Math.floor(Date.now() / 1000) - 7200,
      };
      return url;
    }, expired);
    provider.forgeIdToken = null;
    await refused((url, c) => {
      c.cookies.delete('oidc_tx');
      return url;
    }, expired);
  });

  it('an error from the provider (the user refused)', () =>
    refused(
      (url) =>
        new URL(
          `${publicUrl}/api/auth/callback?error=access_denied&state=${url.searchParams.get('state')}&iss=${encodeURIComponent(provider.issuer)}`,
        ),
      failed,
    ));

  it('a provider that is down, at the callback and at the start', async () => {
    const down = await startTestProvider({
      redirectUri: `${publicUrl}/api/auth/callback`,
      postLogoutRedirectUri: `${publicUrl}/landing`,
    });
    const app = await createTestApp({
      env: {
        ...oidcEnv('oidc'),
        OIDC_ISSUER: down.issuer,
        OIDC_CLIENT_ID: down.clientId,
        OIDC_CLIENT_SECRET: down.clientSecret,
      },
    });
    try {
      down.accounts.set('someone', {
        email: uniqueEmail('down'),
        email_verified: true,
        preferred_username: 'Down',
      });
      const c = app.client();
      const start = await c.get('/api/auth/login?return_to=/');
      down.signInAs = 'someone';
      const callback = await down.authorize(String(start.headers.location));
      await down.stop();
      const res = await c.get(pathOf(callback));
      expect(res.statusCode).toBe(502);
      expect(res.body).toContain(authMessages.authServiceUnreachable);
      expect(hasSessionCookie(res)).toBe(false);
      expect(await sessionCount(app)).toBe(0);
      const fresh = await createTestApp({
        env: { ...oidcEnv('oidc'), OIDC_ISSUER: down.issuer },
        database: app.database,
      });
      try {
        const again = await fresh.client().get('/api/auth/login?return_to=/');
        expect(again.statusCode).toBe(502);
        expect(again.body).toContain(authMessages.authServiceUnreachable);
      } finally {
        await fresh.app.close();
      }
    } finally {
      await app.close();
    }
  });
});
