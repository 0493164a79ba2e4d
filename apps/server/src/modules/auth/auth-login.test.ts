import { accountMessages, csrfCookieName, sessionCookieName, sessionHintCookieName } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signUp, strongPassword, uniqueEmail } from '../../test/test-client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: { loginPerEmail: { max: 3, windowMs: 60_000 } } });
});
afterAll(async () => {
  await t?.close();
});

describe('CSRF', () => {
  it('issues a readable signed cookie and returns the token', async () => {
    const c = t.client();
    const res = await c.get('/api/auth/csrf/');
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((k) => k.name === csrfCookieName);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    expect(res.json().csrfToken).toBe(cookie?.value);
  });

  it('refuses a write without the header', async () => {
    const c = t.client();
    await c.csrf();
    const res = await c.request('POST', '/api/auth/logout', { json: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'csrf_failed',
      category: 'auth',
      message: accountMessages.csrfFailed,
    });
  });

  it('refuses a header that differs from the cookie', async () => {
    const c = t.client();
    await c.csrf();
    const other = await t.client().csrf();
    const res = await c.request('POST', '/api/auth/logout', { json: {}, headers: { 'X-CSRFToken': other } });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a cookie with a forged signature even when the header matches', async () => {
    const forged = 'abc.0000000000000000000000000000000000000000000000000000000000000000';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `${csrfCookieName}=${forged}`, 'x-csrftoken': forged },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('csrf_failed');
  });

  it('accepts the form field instead of the header', async () => {
    const c = t.client();
    const { email } = await signUp(t.client());
    const ok = await c.postForm('/api/auth/login', {
      email,
      password: strongPassword,
      return_to: '/dashboard',
    });
    expect(ok.statusCode).toBe(303);
    const missing = await t.client().postForm('/api/auth/login', { email, password: strongPassword }, false);
    expect(missing.statusCode).toBe(403);
  });
});

describe('sign-up', () => {
  it('creates an account via JSON, signs in and mails a verification link', async () => {
    const c = t.client();
    const email = uniqueEmail('Mixed.Case');
    const res = await c.post('/api/auth/signup', { email, username: 'Alice', password: strongPassword });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      user: { email: email.toLowerCase(), username: 'Alice', email_verified: false, picture: null },
    });
    const session = res.cookies.find((k) => k.name === 'session');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
    const status = await c.get('/api/auth/session-status');
    expect(status.json()).toMatchObject({
      is_authenticated: true,
      email: email.toLowerCase(),
      username: 'Alice',
    });
    const mails = await t.outbox();
    expect(
      mails.some((m) => m.to === email.toLowerCase() && m.text.includes('/api/auth/verify-email?token=')),
    ).toBe(true);
  });

  it('creates an account via the HTML form and redirects to a safe return path', async () => {
    const c = t.client();
    const page = await c.get('/api/auth/login?screen_hint=signup&return_to=%2Fportfolios');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<label for="username">Username</label>');
    expect(page.body).toContain('Create account');
    const res = await c.postForm('/api/auth/signup', {
      email: uniqueEmail(),
      username: 'Bob',
      password: strongPassword,
      return_to: '/portfolios',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/portfolios');
    expect((await c.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('answers a duplicate email (any case) with a field error and creates nothing', async () => {
    const { email } = await signUp(t.client());
    const res = await t
      .client()
      .post('/api/auth/signup', { email: email.toUpperCase(), username: 'Dup', password: strongPassword });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      category: 'validation',
      details: { fields: { email: [accountMessages.emailTaken] } },
    });
  });

  it('re-renders the form with the message, keeps email and username, never echoes the password', async () => {
    const c = t.client();
    const res = await c.postForm('/api/auth/signup', {
      email: 'x@example.com',
      username: '<b>bob</b>',
      password: 'aaaaaaaaaaaa',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain(accountMessages.passwordTooWeak);
    expect(res.body).toContain('value="x@example.com"');
    expect(res.body).toContain('&lt;b&gt;bob&lt;/b&gt;');
    expect(res.body).not.toContain('<b>bob</b>');
    expect(res.body).not.toContain('aaaaaaaaaaaa');
  });

  it('validates weak, over-long and wrongly typed values', async () => {
    const c = t.client();
    const weak = await c.post('/api/auth/signup', {
      email: uniqueEmail(),
      username: 'Al',
      password: 'short',
    });
    expect(weak.json().error.details.fields.password).toContain(accountMessages.passwordTooShort);
    const long = await c.post('/api/auth/signup', {
      email: `${'a'.repeat(260)}@x.com`,
      username: 'u'.repeat(100),
      password: 'x'.repeat(500),
    });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json().error.details.fields).sort()).toEqual(['email', 'password', 'username']);
    const types = await c.post('/api/auth/signup', { email: 42, username: ['a'], password: null });
    expect(types.statusCode).toBe(400);
    expect(types.json().error.category).toBe('validation');
    const array = await c.post('/api/auth/signup', [1, 2]);
    expect(array.statusCode).toBe(400);
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const c = t.client();
    const token = await c.csrf();
    const res = await c.request('POST', '/api/auth/signup', {
      raw: '{"email":',
      headers: { 'content-type': 'application/json', 'X-CSRFToken': token },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.category).toBe('validation');
  });

  it('answers an oversized body with 413', async () => {
    const c = t.client();
    const res = await c.post('/api/auth/signup', {
      email: 'a@b.co',
      username: 'x',
      password: 'y',
      pad: 'z'.repeat(70_000),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.category).toBe('validation');
  });
});

describe('sign-in', () => {
  it('signs in with JSON and rotates the session', async () => {
    const c = t.client();
    const { email } = await signUp(c);
    const first = c.cookies.get('session');
    const res = await c.post('/api/auth/login', { email: email.toUpperCase(), password: strongPassword });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, user: { email } });
    const second = c.cookies.get('session');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    // The pre-login session is gone server-side.
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: `session=${first}` },
    });
    expect(old.statusCode).toBe(401);
  });

  it('sets a script-readable signed-in hint beside the session cookie, and clears both on sign-out', async () => {
    const c = t.client();
    const { email } = await signUp(t.client());
    const res = await c.post('/api/auth/login', { email, password: strongPassword });
    expect(res.statusCode).toBe(200);
    const session = res.cookies.find((k) => k.name === sessionCookieName);
    const hint = res.cookies.find((k) => k.name === sessionHintCookieName);
    expect(session?.httpOnly).toBe(true);
    expect(hint).toMatchObject({ value: '1', path: '/', sameSite: 'Lax' });
    expect(hint?.httpOnly).toBeFalsy();
    // It says nothing the session does not: same lifetime, no token.
    expect(hint?.expires?.getTime()).toBe(session?.expires?.getTime());
    const out = await c.post('/api/auth/logout', {});
    expect(out.statusCode).toBe(200);
    expect(c.cookies.has(sessionCookieName)).toBe(false);
    expect(c.cookies.has(sessionHintCookieName)).toBe(false);
  });

  it('gives one generic answer for a wrong password and an unknown email', async () => {
    const { email } = await signUp(t.client());
    const wrong = await t.client().post('/api/auth/login', { email, password: 'Wrong-password-1' });
    const unknown = await t
      .client()
      .post('/api/auth/login', { email: uniqueEmail('nobody'), password: 'Wrong-password-1' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toEqual({
        code: 'invalid_credentials',
        category: 'auth',
        message: accountMessages.invalidCredentials,
        details: null,
      });
    }
  });

  it('re-renders the sign-in form on failure with status 401', async () => {
    const c = t.client();
    const res = await c.postForm('/api/auth/login', { email: uniqueEmail(), password: 'whatever-123' });
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain(accountMessages.invalidCredentials);
    expect(res.body).toContain('<label for="email">Email</label>');
    expect(res.body).toContain('<label for="password">Password</label>');
    expect(res.body).not.toContain('whatever-123');
  });

  it.each(['//evil.com', 'https://evil.com', '/\\evil.com', '/api/auth/logout', 'javascript:alert(1)'])(
    'sends return_to %s to /',
    async (returnTo) => {
      const c = t.client();
      const { email } = await signUp(t.client());
      const res = await c.postForm('/api/auth/login', {
        email,
        password: strongPassword,
        return_to: returnTo,
      });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/');
    },
  );

  it('rate limits attempts per email with a 429 envelope', async () => {
    const email = uniqueEmail('target');
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.client().post('/api/auth/login', { email, password: 'Wrong-password-1' });
      codes.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json().error).toMatchObject({
          code: 'rate_limited',
          message: accountMessages.rateLimited,
        });
      }
    }
    expect(codes).toEqual([401, 401, 401, 429, 429]);
  });

  it('shows the sign-in page with labels, links and no inline script', async () => {
    const res = await t.client().get('/api/auth/login?return_to=%2Fdashboard&prompt=login');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Exit Liquidity');
    expect(res.body).toContain('Forgot password?');
    expect(res.body).toContain('name="return_to" value="/dashboard"');
    expect(res.body).not.toMatch(/<script|style=/);
    expect(res.cookies.some((k) => k.name === csrfCookieName)).toBe(true);
  });
});

describe('rate limit per IP', () => {
  it('answers 429 in the envelope after the per-IP limit', async () => {
    const limited = await createTestApp({ rateLimits: { authPerIp: { max: 2, windowMs: 60_000 } } });
    try {
      const c = limited.client();
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        codes.push(
          (await c.post('/api/auth/login', { email: uniqueEmail(), password: 'x-password-1' })).statusCode,
        );
      }
      expect(codes).toEqual([401, 401, 429]);
      const form = await c.postForm('/api/auth/login', { email: 'a@b.co', password: 'x' });
      expect(form.statusCode).toBe(429);
      expect(form.body).toContain(accountMessages.rateLimited);
    } finally {
      await limited.close();
    }
  });
});
