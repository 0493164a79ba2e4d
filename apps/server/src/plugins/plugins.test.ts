import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accountMessages, categoryMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { signUp } from '../test/test-client.ts';
import { requireVerifiedUser } from './sessions.ts';

const webDist = mkdtempSync(join(tmpdir(), 'el-web-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>spa</title><div id="root"></div>');
writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
writeFileSync(join(webDist, 'manifest.webmanifest'), '{}');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    webDist,
    extend(app) {
      app.get('/api/test/boom', { config: { auth: 'public' } }, async () => {
        throw new Error('secret detail: password=hunter2 at /srv/db');
      });
      app.get('/api/test/verified', { config: { auth: 'user' } }, async (request) => {
        requireVerifiedUser(request);
        return { ok: true };
      });
    },
  });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('security headers', () => {
  it('sends a strict CSP, nosniff and the referrer policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
    // Styles may be inline (libraries inject them); scripts never.
    expect(
      csp
        .split(';')
        .find((d) => d.trim().startsWith('style-src'))
        ?.trim(),
    ).toBe("style-src 'self' 'unsafe-inline'");
    expect(
      csp
        .split(';')
        .find((d) => d.trim().startsWith('default-src'))
        ?.trim(),
    ).toBe("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    // PUBLIC_URL is http here, so no upgrade (it would break a plain-HTTP deployment).
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('adds upgrade-insecure-requests and Secure cookies when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://portfolio.example.com' } });
    try {
      const res = await secure.app.inject({ method: 'GET', url: '/api/auth/csrf/' });
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      expect(res.cookies.find((k) => k.name === 'csrftoken')?.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });
});

describe('not found and the SPA', () => {
  it('answers an unknown /api path with a route_not_found envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: {
        code: 'route_not_found',
        category: 'not_found',
        message: accountMessages.routeNotFound,
        details: null,
      },
    });
  });

  it('falls back to index.html for HTML navigations, without caching it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/projections/42',
      headers: { accept: 'text/html,*/*' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets with a long immutable cache, and 404s a missing one', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({
      method: 'GET',
      url: '/assets/missing.js',
      headers: { accept: 'text/html' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.category).toBe('not_found');
  });

  it('answers non-HTML unknown paths with a 404 envelope, and serves top-level build files', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/nope.json', headers: { accept: 'application/json' } }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' })).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/..%2f..%2fetc%2fpasswd',
          headers: { accept: 'text/html' },
        })
      ).body,
    ).not.toContain('root:');
  });

  it('ships a favicon and robots.txt', async () => {
    const favicon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['content-type']).toContain('image/svg+xml');
    expect((await t.app.inject({ method: 'GET', url: '/robots.txt' })).body).toContain('User-agent');
    expect((await t.app.inject({ method: 'GET', url: '/favicon.ico' })).headers.location).toBe(
      '/favicon.svg',
    );
  });

  it('says the web app is not built when there is no index.html', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'el-empty-'));
    const bare = await createTestApp({ webDist: empty });
    try {
      const res = await bare.app.inject({
        method: 'GET',
        url: '/dashboard',
        headers: { accept: 'text/html' },
      });
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('npm run build');
    } finally {
      await bare.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('errors', () => {
  it('answers an unexpected error with a bare 500 envelope that leaks nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: {
        code: 'internal_error',
        category: 'internal',
        message: categoryMessages.unexpected,
        details: null,
      },
    });
    expect(res.body).not.toMatch(/secret|hunter2|srv|stack/);
  });

  it('sends unverified users to the verify-email notice', async () => {
    const c = t.client();
    const { email } = await signUp(c);
    const res = await c.get('/api/test/verified');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      error: { code: 'email_not_verified', category: 'auth' },
      redirect: `/verify-email?mode=notice&email=${encodeURIComponent(email)}`,
    });
  });
});
