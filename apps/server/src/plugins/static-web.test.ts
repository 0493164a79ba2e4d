import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { WebShells } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { signUp, TestClient } from '../test/test-client.ts';

// A web build as `vite build` leaves it: hashed assets, each with the .br/.gz the build writes.
const webDist = mkdtempSync(join(tmpdir(), 'el-web-static-'));
mkdirSync(join(webDist, 'assets'));
mkdirSync(join(webDist, 'frames'));
const files: Record<string, { body: string; type: string }> = {
  'index.html': {
    body: `<!doctype html><title>spa</title><div id="root">${'<p>landing</p>'.repeat(100)}</div>`,
    type: 'text/html',
  },
  'landing.html': {
    body: `<!doctype html><title>landing</title><div id="root">${'<h1>pre-rendered</h1>'.repeat(60)}</div>`,
    type: 'text/html',
  },
  'demo-shell.html': {
    body: `<!doctype html><title>spa</title><div id="root"><section>Demo data</section>${'<p>x</p>'.repeat(100)}</div>`,
    type: 'text/html',
  },
  'frames/transactions.html': {
    body: `<!doctype html><title>spa</title><div>Transactions</div><div id="root">${'<p>x</p>'.repeat(100)}</div>`,
    type: 'text/html',
  },
  'frames/transactions.demo.html': {
    body: `<!doctype html><title>spa</title><section>Demo data</section><div>Transactions</div><div id="root">${'<p>x</p>'.repeat(100)}</div>`,
    type: 'text/html',
  },
  // The empty states painted too (frames/<page>.empty.demo.html), for an account with nothing yet.
  ...Object.fromEntries(
    ['dashboard', 'dashboard.empty', 'projections', 'projections.empty'].map((name) => [
      `frames/${name}.demo.html`,
      {
        body: `<!doctype html><div>${name}</div><div id="root">${'<p>x</p>'.repeat(100)}</div>`,
        type: 'text/html',
      },
    ]),
  ),
  // The terminal's shell: the build leaves a slot for the badge's text, which its list names.
  'frames/terminal.demo.html': {
    body: `<!doctype html><div data-painted-page-frame=""><p role="status">{{source-badge}}</p></div><div id="root">${'<p>x</p>'.repeat(200)}</div>`,
    type: 'text/html',
  },
  'sw.js': { body: `self.addEventListener('fetch', () => {});${'//x\n'.repeat(400)}`, type: 'javascript' },
  'manifest.webmanifest': {
    body: JSON.stringify({ name: 'Exit Liquidity', icons: Array.from({ length: 40 }, (_, i) => ({ i })) }),
    type: 'application/manifest+json',
  },
  'assets/index-Ab12Cd34.js': {
    body: `console.log(${JSON.stringify('x'.repeat(3000))});`,
    type: 'javascript',
  },
  'assets/index-Ef56Gh78.css': { body: `body{color:red}${'.a{margin:0}'.repeat(300)}`, type: 'text/css' },
  'assets/logo-Ij90Kl12.svg': {
    body: `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(400)}</svg>`,
    type: 'image/svg+xml',
  },
};
for (const [name, { body }] of Object.entries(files)) {
  writeFileSync(join(webDist, name), body);
  writeFileSync(join(webDist, `${name}.br`), brotliCompressSync(body));
  writeFileSync(join(webDist, `${name}.gz`), gzipSync(body));
}
// The build's list of those shells, each with what it is for (apps/web build-plugins/prerender-html).
const frame = (path: string, file: string, empty = false) => ({ path, demo: true, empty, file });
const shells: WebShells = {
  visitorPages: [{ path: '/landing', file: 'landing.html' }],
  demoBanner: 'demo-shell.html',
  pageFrames: [
    { path: '/transactions', demo: false, empty: false, file: 'frames/transactions.html' },
    frame('/transactions', 'frames/transactions.demo.html'),
    frame('/dashboard', 'frames/dashboard.demo.html'),
    frame('/dashboard', 'frames/dashboard.empty.demo.html', true),
    frame('/projections', 'frames/projections.demo.html'),
    frame('/projections', 'frames/projections.empty.demo.html', true),
    { ...frame('/', 'frames/terminal.demo.html'), sourceBadgeSlot: '{{source-badge}}' },
    { ...frame('/terminal', 'frames/terminal.demo.html'), sourceBadgeSlot: '{{source-badge}}' },
  ],
};
writeFileSync(join(webDist, 'shells.json'), JSON.stringify(shells));
const assets = Object.keys(files).filter((name) => name.startsWith('assets/'));
const browserEncoding = 'gzip, deflate, br, zstd';

let t: TestApp;
/** The database's first account, verified on sign-up (no SMTP): its pages show no email banner. */
let verified: TestClient;
beforeAll(async () => {
  t = await createTestApp({
    webDist,
    autoVerifyFirstAccount: true,
    extend(app) {
      app.get('/api/test/big', { config: { auth: 'public' } }, async () => ({
        rows: Array.from({ length: 200 }, (_, i) => ({ i, name: `row ${i}` })),
      }));
      app.get('/api/test/small', { config: { auth: 'public' } }, async () => ({ ok: true }));
      // Above the size whose compressed body is reused; `n` changes the text.
      app.get<{ Querystring: { n?: string } }>(
        '/api/test/large',
        { config: { auth: 'public' } },
        async (request) => ({
          n: request.query.n ?? '0',
          rows: Array.from({ length: 3000 }, (_, i) => ({ i, name: `row ${i}` })),
        }),
      );
    },
  });
  verified = new TestClient(t.app);
  await signUp(verified);
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('precompressed static files', () => {
  it.each(assets)('serves %s as brotli to a browser, immutable, varying on Accept-Encoding', async (name) => {
    const res = await t.app.inject({ url: `/${name}`, headers: { 'accept-encoding': browserEncoding } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(String(res.headers['content-type'])).toContain(files[name]?.type);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(files[name]?.body);
  });

  it.each(assets)('serves %s as gzip without brotli, and plain without any coding', async (name) => {
    const gz = await t.app.inject({ url: `/${name}`, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(files[name]?.body);
    const plain = await t.app.inject({ url: `/${name}`, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(plain.body).toBe(files[name]?.body);
  });

  it('serves index.html compressed but revalidated, never immutable', async () => {
    for (const url of ['/', '/dashboard']) {
      const res = await t.app.inject({
        url,
        headers: { accept: 'text/html', 'accept-encoding': browserEncoding },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(String(res.headers['content-type'])).toContain('text/html');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(files['index.html']?.body);
    }
  });
});

describe('offline app', () => {
  it('revalidates the service worker on every check, so a deploy reaches returning browsers', async () => {
    const res = await t.app.inject({ url: '/sw.js', headers: { 'accept-encoding': browserEncoding } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers['content-type'])).toContain('javascript');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(files['sw.js']?.body);
  });

  it('serves the web app manifest with its media type', async () => {
    const res = await t.app.inject({
      url: '/manifest.webmanifest',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toContain('application/manifest+json');
    expect(res.json()).toMatchObject({ name: 'Exit Liquidity' });
  });
});

describe('pre-rendered landing page', () => {
  it('goes to visitors without a session; with one, the app renders /landing', async () => {
    const html = { accept: 'text/html', 'accept-encoding': browserEncoding };
    const visitor = await t.app.inject({ url: '/landing', headers: html });
    expect(brotliDecompressSync(visitor.rawPayload).toString()).toBe(files['landing.html']?.body);
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect(String(visitor.headers.vary).toLowerCase()).toContain('cookie');
    const member = await t.app.inject({ url: '/landing', headers: { ...html, cookie: 'session=abc' } });
    expect(brotliDecompressSync(member.rawPayload).toString()).toBe(files['index.html']?.body);
  });
});

describe('signed-in pages in demo mode', () => {
  const html = { accept: 'text/html', 'accept-encoding': browserEncoding };
  const page = (res: { rawPayload: Buffer }) => brotliDecompressSync(res.rawPayload).toString();

  it('open with the demo banner painted for a live session, and vary on the cookie', async () => {
    const member = new TestClient(t.app);
    await signUp(member);
    for (const path of ['/', '/dashboard', '/alerts', '/no-such-page']) {
      const res = await member.get(path, html);
      expect(page(res), path).toBe(files['demo-shell.html']?.body);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(String(res.headers.vary).toLowerCase()).toContain('cookie');
      expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    }
  });

  it('open with their heading painted too where the build made a shell for the page', async () => {
    const res = await verified.get('/transactions', html);
    expect(page(res)).toBe(files['frames/transactions.demo.html']?.body);
    expect(String(res.headers.vary).toLowerCase()).toContain('cookie');
    // Only a page's own path: a file of the build is never sent as a page.
    expect(page(await verified.get('/transactions/', html))).not.toContain('<div>Transactions</div>');
    // An unverified account's pages open with the email banner above the heading, a height the
    // build cannot know: the heading is left to the app.
    const unverified = new TestClient(t.app);
    await signUp(unverified);
    expect(page(await unverified.get('/transactions', html))).toBe(files['demo-shell.html']?.body);
    const visitor = await t.app.inject({ url: '/transactions', headers: html });
    expect(page(visitor)).toBe(files['index.html']?.body);
  });

  it('paint the page’s empty state too while the account has nothing that page shows, its own data only', async () => {
    const painted = async (client: TestClient, path: string) =>
      page(await client.get(path, html)).match(/<div>([a-z.]+)<\/div>/)?.[1];
    // The verified account has no portfolio and no projection yet.
    expect(await painted(verified, '/dashboard')).toBe('dashboard.empty');
    expect(await painted(verified, '/projections')).toBe('projections.empty');
    // Another account's data does not count for it.
    const other = new TestClient(t.app);
    await signUp(other);
    expect((await other.post('/api/v2/portfolios/', { name: 'Other' })).statusCode).toBe(201);
    expect(await painted(verified, '/dashboard')).toBe('dashboard.empty');

    const portfolio = await verified.post('/api/v2/portfolios/', { name: 'Main' });
    expect(portfolio.statusCode).toBe(201);
    expect(await painted(verified, '/dashboard')).toBe('dashboard');
    expect(await painted(verified, '/projections')).toBe('projections.empty');
    const projection = await verified.post('/api/v2/projections/exit-strategy/', {
      name: 'BTC Position',
      coin_id: 'bitcoin',
      coin_name: 'Bitcoin',
      coin_symbol: 'btc',
      invested_capital: '10000',
      tokens_owned: '2',
      sell_tax: '20',
    });
    expect(projection.statusCode, projection.body).toBe(201);
    expect(await painted(verified, '/projections')).toBe('projections');
    // Back to nothing: the empty state is painted again.
    const deleted = await verified.send('DELETE', `/api/v2/portfolios/${portfolio.json().id}/`);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await painted(verified, '/dashboard')).toBe('dashboard.empty');
  });

  it("paint the terminal's source badge in the reader's clock, which the app tells in a cookie", async () => {
    const badge = (res: { rawPayload: Buffer; headers: Record<string, unknown> }) => {
      const body = res.headers['content-encoding'] === 'br' ? page(res) : res.rawPayload.toString();
      return body.match(/<p role="status">([^<]*)<\/p>/)?.[1];
    };
    // Without the cookie the server cannot tell the time as the app will: the app draws the badge.
    expect(page(await verified.get('/', html))).toBe(files['demo-shell.html']?.body);
    const asReader = (value: string) =>
      verified.get('/', { ...html, cookie: `${verified.cookieHeader()}; reader_clock=${value}` });
    const res = await asReader('en-US|Europe%2FBerlin');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers.vary).toLowerCase()).toContain('cookie');
    // Demo mode: the snapshot's day, in the reader's locale (in UTC, as the server dates it).
    expect(badge(res)).toMatch(
      /^Demo data: prices simulated from a snapshot of [A-Z][a-z]{2} \d{1,2}, \d{4}$/,
    );
    const german = badge(await asReader('de-DE|Europe%2FBerlin'));
    expect(german).toMatch(
      /^Demo data: prices simulated from a snapshot of \d{1,2}\. [A-Z][a-zä]+\.? \d{4}$/,
    );
    // The terminal's other path gets the same shell, its badge written in as well.
    const atTerminal = await verified.get('/terminal', {
      ...html,
      cookie: `${verified.cookieHeader()}; reader_clock=de-DE|Europe%2FBerlin`,
    });
    expect(badge(atTerminal)).toBe(german);
    // A zone or locale the server cannot tell the time in, or markup: left to the app.
    for (const bad of ['en-US|Mars%2FOlympus', 'en-US', '%3Cscript%3E|UTC', 'en-US|UTC|x', 'x'.repeat(200)]) {
      expect(page(await asReader(bad)), bad).toBe(files['demo-shell.html']?.body);
    }
    // Never for another path, an unverified account or a visitor.
    expect(
      page(
        await verified.get('/alerts', {
          ...html,
          cookie: `${verified.cookieHeader()}; reader_clock=en-US|UTC`,
        }),
      ),
    ).toBe(files['demo-shell.html']?.body);
    const unverified = new TestClient(t.app);
    await signUp(unverified);
    const theirs = await unverified.get('/', {
      ...html,
      cookie: `${unverified.cookieHeader()}; reader_clock=en-US|UTC`,
    });
    expect(page(theirs)).toBe(files['demo-shell.html']?.body);
    const visitor = await t.app.inject({ url: '/', headers: { ...html, cookie: 'reader_clock=en-US|UTC' } });
    expect(page(visitor)).toBe(files['index.html']?.body);
  });

  it('never on the signed-out pages, where the app draws no layout', async () => {
    const member = new TestClient(t.app);
    await signUp(member);
    for (const path of ['/landing', '/login', '/register', '/auth/complete-signup']) {
      expect(page(await member.get(path, html)), path).toBe(files['index.html']?.body);
    }
  });

  it('never without a session, and an unknown session cookie is cleared', async () => {
    const visitor = await t.app.inject({ url: '/dashboard', headers: html });
    expect(page(visitor)).toBe(files['index.html']?.body);
    expect(String(visitor.headers.vary).toLowerCase()).toContain('cookie');
    const stale = await t.app.inject({ url: '/dashboard', headers: { ...html, cookie: 'session=abc' } });
    expect(page(stale)).toBe(files['index.html']?.body);
    expect(stale.cookies.find((c) => c.name === 'session')?.value).toBe('');
  });
});

describe('JSON compression', () => {
  it('compresses a large API response in the coding the browser prefers', async () => {
    const br = await t.app.inject({ url: '/api/test/big', headers: { 'accept-encoding': browserEncoding } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString()).rows).toHaveLength(200);
    const gz = await t.app.inject({ url: '/api/test/big', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString()).rows).toHaveLength(200);
    const plain = await t.app.inject({ url: '/api/test/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().rows).toHaveLength(200);
  });

  it('reuses a large body compressed for the same text, and never for another text', async () => {
    const get = async (n: string, encoding: string) => {
      const res = await t.app.inject({
        url: `/api/test/large?n=${n}`,
        headers: { 'accept-encoding': encoding },
      });
      const decode = res.headers['content-encoding'] === 'br' ? brotliDecompressSync : gunzipSync;
      return JSON.parse(decode(res.rawPayload).toString()) as { n: string; rows: unknown[] };
    };
    for (const encoding of [browserEncoding, 'gzip']) {
      expect((await get('1', encoding)).n).toBe('1');
      expect((await get('1', encoding)).n).toBe('1');
      const other = await get('2', encoding);
      expect(other.n).toBe('2');
      expect(other.rows).toHaveLength(3000);
      expect((await get('1', encoding)).n).toBe('1');
    }
  });

  it('leaves small responses alone', async () => {
    const res = await t.app.inject({
      url: '/api/test/small',
      headers: { 'accept-encoding': browserEncoding },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ ok: true });
  });

  it('does not compress the market list a second time', async () => {
    const res = await t.app.inject({
      url: '/api/v2/cryptocurrencies/?per_page=50',
      headers: { 'accept-encoding': browserEncoding },
    });
    expect(res.statusCode).toBe(200);
    expect(['br', 'gzip']).toContain(res.headers['content-encoding']);
    const decode = res.headers['content-encoding'] === 'br' ? brotliDecompressSync : gunzipSync;
    expect(JSON.parse(decode(res.rawPayload).toString()).results.length).toBeGreaterThan(0);
  });
});
