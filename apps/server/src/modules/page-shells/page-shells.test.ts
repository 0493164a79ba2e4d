import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MarketSource, WebShells } from '@app/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { choosePageShells, type ShellRequest, type ShellUser } from './page-shells.ts';
import { parseShells, shellsManifest } from './shells-manifest.ts';

/** A build's list as prerender-html writes it: every framed page live and under the demo banner. */
const built: WebShells = {
  visitorPages: [{ path: '/landing', file: 'landing.html' }],
  demoBanner: 'demo-shell.html',
  pageFrames: [false, true].flatMap((demo) => {
    const suffix = demo ? '.demo' : '';
    return [
      { path: '/transactions', demo, empty: false, file: `frames/transactions${suffix}.html` },
      { path: '/dashboard', demo, empty: false, file: `frames/dashboard${suffix}.html` },
      { path: '/dashboard', demo, empty: true, file: `frames/dashboard.empty${suffix}.html` },
      { path: '/', demo, empty: false, file: `frames/terminal${suffix}.html`, sourceBadgeSlot: '{{badge}}' },
    ];
  }),
};

const live: MarketSource = {
  mode: 'live',
  source: 'coingecko',
  as_of: '2026-11-15T12:00:00.000Z',
  stale: false,
};
const demo: MarketSource = { mode: 'demo', source: 'demo', as_of: '2026-11-15T00:00:00.000Z', stale: false };
const verified: ShellUser = { id: 'u1', emailVerified: true };

function chooser(market: MarketSource, emptyFor: readonly string[] = []) {
  return choosePageShells({
    shells: () => built,
    market: () => market,
    empty: async (path) => emptyFor.includes(path),
  });
}

/** A navigation with a session cookie for `user`; `asked` counts the session lookups. */
function navigation(path: string, user: ShellUser | null = verified, more: Partial<ShellRequest> = {}) {
  const asked = { lookups: 0 };
  const request: ShellRequest = {
    path,
    sessionCookie: true,
    readerClock: undefined,
    user: async () => {
      asked.lookups += 1;
      return user;
    },
    ...more,
  };
  return { request, asked };
}

describe('the shell a navigation gets', () => {
  it("gives a visitor the pre-rendered landing page, and a session's request the app", async () => {
    const shells = chooser(demo);
    const visitor = navigation('/landing', null, { sessionCookie: false });
    expect(await shells.shellFor(visitor.request)).toEqual({ file: 'landing.html' });
    expect(await shells.shellFor(navigation('/landing').request)).toBeUndefined();
    expect(visitor.asked.lookups).toBe(0);
  });

  it('gives none without a session cookie, on a signed-out page or without a live session', async () => {
    const shells = chooser(demo);
    for (const path of ['/', '/dashboard', '/alerts']) {
      expect(
        await shells.shellFor(navigation(path, verified, { sessionCookie: false }).request),
      ).toBeUndefined();
      expect(await shells.shellFor(navigation(path, null).request)).toBeUndefined();
    }
    for (const path of ['/login', '/register', '/auth/complete-signup']) {
      const { request, asked } = navigation(path);
      expect(await shells.shellFor(request)).toBeUndefined();
      expect(asked.lookups).toBe(0);
    }
  });

  it("gives a verified account the page's frame for the market's mode, and the demo banner elsewhere", async () => {
    expect(await chooser(live).shellFor(navigation('/transactions').request)).toEqual({
      file: 'frames/transactions.html',
    });
    expect(await chooser(demo).shellFor(navigation('/transactions').request)).toEqual({
      file: 'frames/transactions.demo.html',
    });
    expect(await chooser(demo).shellFor(navigation('/alerts').request)).toEqual({ file: 'demo-shell.html' });
  });

  it('looks up no session for a live page the build made no frame for', async () => {
    const { request, asked } = navigation('/alerts');
    expect(await chooser(live).shellFor(request)).toBeUndefined();
    expect(asked.lookups).toBe(0);
  });

  it("gives an unverified account the demo banner alone: the email banner's height is unknown", async () => {
    const unverified = { id: 'u2', emailVerified: false };
    expect(await chooser(demo).shellFor(navigation('/transactions', unverified).request)).toEqual({
      file: 'demo-shell.html',
    });
    expect(await chooser(live).shellFor(navigation('/transactions', unverified).request)).toBeUndefined();
  });

  it('paints the empty state for an account with nothing the page shows yet', async () => {
    expect(await chooser(live, ['/dashboard']).shellFor(navigation('/dashboard').request)).toEqual({
      file: 'frames/dashboard.empty.html',
    });
    expect(await chooser(demo, ['/dashboard']).shellFor(navigation('/dashboard').request)).toEqual({
      file: 'frames/dashboard.empty.demo.html',
    });
    expect(await chooser(live).shellFor(navigation('/dashboard').request)).toEqual({
      file: 'frames/dashboard.html',
    });
    // A page the build painted no empty state for is never asked about.
    expect(await chooser(live, ['/transactions']).shellFor(navigation('/transactions').request)).toEqual({
      file: 'frames/transactions.html',
    });
  });

  it("writes the terminal's badge in the reader's clock, escaped, and leaves it to the app otherwise", async () => {
    const clock = { readerClock: 'en-US|Europe%2FBerlin' };
    const shell = await chooser(live).shellFor(navigation('/', verified, clock).request);
    expect(shell?.file).toBe('frames/terminal.html');
    expect(shell?.fill?.slot).toBe('{{badge}}');
    expect(shell?.fill?.html).toMatch(/CoinGecko/);
    expect(shell?.fill?.html).not.toMatch(/[<>"']/);
    expect((await chooser(demo).shellFor(navigation('/', verified, clock).request))?.file).toBe(
      'frames/terminal.demo.html',
    );
    // A stale copy's age is the app's to keep current; a clock the server cannot tell is the app's.
    expect(
      await chooser({ ...live, stale: true }).shellFor(navigation('/', verified, clock).request),
    ).toBeUndefined();
    for (const readerClock of [
      undefined,
      'en-US',
      'en-US|Mars%2FOlympus',
      '%3Cscript%3E|UTC',
      'x'.repeat(200),
    ]) {
      expect(
        await chooser(live).shellFor(navigation('/', verified, { readerClock }).request),
      ).toBeUndefined();
      expect(await chooser(demo).shellFor(navigation('/', verified, { readerClock }).request)).toEqual({
        file: 'demo-shell.html',
      });
    }
  });

  // The file always comes from the build's list, matched by the whole path: no request path can
  // name a file, inside the frames folder or out of it.
  it('gives no frame for a nested, odd or differently spelt path', async () => {
    for (const path of [
      '/portfolios/1',
      '/../index',
      '/Transactions',
      '/a.html',
      'transactions',
      '/x/',
      '/transactions/',
      '/frames/transactions.html',
    ]) {
      const { request, asked } = navigation(path);
      expect(await chooser(live).shellFor(request), path).toBeUndefined();
      expect(asked.lookups).toBe(0);
      expect(await chooser(demo).shellFor(navigation(path).request), path).toEqual({
        file: 'demo-shell.html',
      });
    }
  });

  it('gives none at all while the build has no list', async () => {
    const shells = choosePageShells({
      shells: () => undefined,
      market: () => demo,
      empty: async () => false,
    });
    expect(await shells.shellFor(navigation('/transactions').request)).toBeUndefined();
    expect(
      await shells.shellFor(navigation('/landing', null, { sessionCookie: false }).request),
    ).toBeUndefined();
  });
});

describe("the build's list of shells", () => {
  const dir = mkdtempSync(join(tmpdir(), 'el-page-shells-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('takes only files inside the build: no parent folder, absolute path, dotfile or other kind', () => {
    expect(parseShells(JSON.stringify(built))).toEqual(built);
    for (const file of [
      '../secret.html',
      '/etc/passwd.html',
      'frames/../../x.html',
      '.hidden.html',
      'frames/.x.html',
      'x.js',
      'frames\\x.html',
      '',
    ]) {
      const listed = { ...built, pageFrames: [{ path: '/x', demo: false, empty: false, file }] };
      expect(parseShells(JSON.stringify(listed)), file).toBeUndefined();
      expect(parseShells(JSON.stringify({ ...built, demoBanner: file })), file).toBeUndefined();
    }
    expect(parseShells('{"visitorPages":')).toBeUndefined();
    expect(parseShells('{}')).toBeUndefined();
  });

  it('is read again when a new build writes it, and is none while there is none', () => {
    const shells = shellsManifest(dir);
    expect(shells()).toBeUndefined();
    writeFileSync(join(dir, 'shells.json'), JSON.stringify(built));
    expect(shells()).toEqual(built);
    const next = { ...built, demoBanner: 'demo-banner.html' };
    writeFileSync(join(dir, 'shells.json'), JSON.stringify(next));
    expect(shells()?.demoBanner).toBe('demo-banner.html');
    writeFileSync(join(dir, 'shells.json'), '{"half": ');
    expect(shells()).toBeUndefined();
    rmSync(join(dir, 'shells.json'));
    expect(shells()).toBeUndefined();
  });
});
