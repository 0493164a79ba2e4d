import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import {
  apiBase,
  demoShellFile,
  errorCodes,
  type MarketSource,
  pageFrameFile,
  readerClockCookie,
  sourceBadgeSlot,
  terminalFrameFile,
} from '@app/contracts';
import { type ReaderClock, sourceBadgeText } from '@app/core';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { escapeHtml } from '../lib/html.ts';
import { sendApiRouteMissing, sendError } from './errors.ts';
import { sessionToken } from './sessions.ts';

export interface StaticWebOptions {
  /** The built SPA (apps/web/dist). */
  webDist: string;
  /** Files the server always ships (favicon, robots.txt, auth page CSS). */
  publicDir: string;
  /**
   * What the server paints into a signed-in page's HTML depends on. Absent, every page
   * gets index.html.
   */
  pageState?: PageState;
}

export interface PageState {
  /** The market's source and age: in demo mode the demo banner is painted; the terminal's badge tells it. */
  market: () => MarketSource;
  /**
   * The request's live session, checked as the API scope checks it; null without one. An
   * unverified account's pages open with the email banner, whose height the build cannot know.
   */
  user: (
    request: FastifyRequest,
    reply: FastifyReply,
  ) => Promise<{ id: string; emailVerified: boolean } | null>;
  /**
   * Whether the page at `path` opens on its empty state for this account: its shell then paints
   * that state as well as the heading, where the build made one (frames/<page>.empty.html).
   */
  empty: (path: string, userId: string) => Promise<boolean>;
}

/** Pages the app draws without the signed-in layout: they never get the layout's banner. */
function isSignedOutPage(path: string): boolean {
  return ['/landing', '/login', '/register'].includes(path) || path.startsWith('/auth/');
}

const notBuiltPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Exit Liquidity</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml"></head>
<body><h1>The web app is not built</h1>
<p>Run <code>npm run build</code>, then restart the server.</p></body></html>
`;

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return typeof accept === 'string' && accept.includes('text/html');
}

function pathOf(request: FastifyRequest): string | undefined {
  const raw = request.url.split('?')[0] ?? '/';
  try {
    const decoded = decodeURIComponent(raw);
    return decoded.includes('\0') ? undefined : decoded;
  } catch {
    return undefined;
  }
}

/** A top-level file of the web build (e.g. /manifest.webmanifest), never a dotfile or a path outside it. */
function webFile(webDist: string, path: string): string | undefined {
  if (path === '/' || path.split('/').some((part) => part.startsWith('.'))) return undefined;
  const full = resolve(webDist, `.${path}`);
  if (!full.startsWith(webDist + sep)) return undefined;
  try {
    return statSync(full).isFile() ? full.slice(webDist.length + 1) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * /landing for a visitor without a session: the page pre-rendered at build time, HTML and CSS
 * only (no app JavaScript). With a session cookie the app renders it, offering "Open the app".
 */
function landingFile(request: FastifyRequest, webDist: string, path: string): string | undefined {
  if (path !== '/landing') return undefined;
  if (sessionToken(request) !== undefined) return undefined;
  return existsSync(join(webDist, 'landing.html')) ? 'landing.html' : undefined;
}

/** What a signed-in page's HTML is: a file of the build, or one written for this request. */
type Shell = { file: string } | { html: string };

/**
 * A signed-in page's shell: for a verified session, the page's heading painted when the
 * build made a shell for it, with its empty state too when the account has nothing the page shows
 * yet, or the terminal's with its source badge; the demo banner (demo-shell.html) alone while the
 * market serves demo prices and there is no such shell, or an unverified account's email banner,
 * whose height the build cannot know, lies above the heading; undefined for index.html.
 */
async function signedInShell(
  request: FastifyRequest,
  reply: FastifyReply,
  webDist: string,
  state: StaticWebOptions['pageState'],
  path: string,
): Promise<Shell | undefined> {
  if (isSignedOutPage(path) || sessionToken(request) === undefined || !state) return undefined;
  const source = state.market();
  const demo = source.mode === 'demo';
  const frame =
    path === '/' ? terminalFrame(request, webDist, source) : pageFrame(webDist, state, path, demo);
  const banner = demo && existsSync(join(webDist, demoShellFile)) ? { file: demoShellFile } : undefined;
  // Nothing to paint on this page: no session lookup on its way.
  if (frame === undefined && banner === undefined) return undefined;
  const user = await state.user(request, reply);
  if (user === null) return undefined;
  return user.emailVerified && frame !== undefined ? frame(user.id) : banner;
}

/** A framed page's shell (frames/<page>.html), or its empty state's (.empty.html) for an account with nothing yet. */
function pageFrame(
  webDist: string,
  state: PageState,
  path: string,
  demo: boolean,
): ((userId: string) => Promise<Shell>) | undefined {
  const framed = pageFrameFile(path, demo);
  if (framed === undefined || !existsSync(join(webDist, framed))) return undefined;
  const empty = pageFrameFile(path, demo, true);
  return async (userId) =>
    empty !== undefined && existsSync(join(webDist, empty)) && (await state.empty(path, userId))
      ? { file: empty }
      : { file: framed };
}

/**
 * The terminal's shell (/) with its source badge told in the reader's clock, for live or demo
 * figures (a stale copy's age is left to the app, which keeps it current); undefined when the
 * build made none or the app has not told the reader's clock yet.
 */
function terminalFrame(
  request: FastifyRequest,
  webDist: string,
  source: MarketSource,
): (() => Promise<Shell>) | undefined {
  if (source.mode === 'live' && source.stale) return undefined;
  const reader = readerClock(request.cookies[readerClockCookie]);
  const file = join(webDist, terminalFrameFile(source.mode === 'demo'));
  if (reader === undefined || !existsSync(file)) return undefined;
  return async () => ({
    html: (await readFile(file, 'utf8')).replace(
      sourceBadgeSlot,
      escapeHtml(sourceBadgeText(source, reader)),
    ),
  });
}

/**
 * The reader's locale and time zone from the app's cookie (@app/contracts readerClockCookie), or
 * undefined when it is missing or names either wrongly: the badge is then left to the app.
 */
function readerClock(cookie: string | undefined): ReaderClock | undefined {
  if (cookie === undefined || cookie.length > 120) return undefined;
  const [locale, timeZone, ...rest] = cookie.split('|');
  if (locale === undefined || timeZone === undefined || rest.length > 0) return undefined;
  try {
    const reader = { locale: decodeURIComponent(locale), timeZone: decodeURIComponent(timeZone) };
    // Throws a RangeError for an unknown zone or a malformed locale tag; a locale this server's ICU
    // lacks resolves to another one, whose format would not be the browser's.
    const resolved = new Intl.DateTimeFormat(reader.locale, { timeZone: reader.timeZone }).resolvedOptions();
    return resolved.locale === reader.locale ? reader : undefined;
  } catch {
    return undefined;
  }
}

function sendIndex(reply: FastifyReply, webDist: string, file = 'index.html'): FastifyReply {
  if (!existsSync(join(webDist, 'index.html'))) {
    return reply
      .code(503)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(notBuiltPage);
  }
  // index.html names the hashed bundles, so it must be revalidated after every deploy.
  return reply.header('cache-control', 'no-cache').sendFile(file, webDist, { cacheControl: false });
}

export async function registerStaticWeb(app: FastifyInstance, options: StaticWebOptions): Promise<void> {
  const webDist = resolve(options.webDist);
  const publicDir = resolve(options.publicDir);
  // serve:false: files are looked up per request, so a web build made after start is still found.
  // preCompressed: the web build writes .br/.gz next to each text file; the one the client accepts
  // is sent with Content-Encoding and `Vary: Accept-Encoding` (the plain file when none fits).
  await app.register(fastifyStatic, { root: webDist, serve: false, wildcard: false, preCompressed: true });

  app.get('/assets/*', (request, reply) => {
    const rest = (request.params as Record<string, string | undefined>)['*'] ?? '';
    // Vite names assets by content hash, so they never change under one URL.
    return reply.sendFile(`assets/${rest}`, webDist, { immutable: true, maxAge: '365d', dotfiles: 'deny' });
  });
  // The service worker decides which build a returning browser runs: always revalidated, like
  // index.html, so a deploy reaches it on the next navigation.
  app.get('/sw.js', (_request, reply) =>
    existsSync(join(webDist, 'sw.js'))
      ? reply.header('cache-control', 'no-cache').sendFile('sw.js', webDist, { cacheControl: false })
      : sendError(reply, notFound()),
  );
  app.get('/favicon.svg', (_request, reply) => reply.sendFile('favicon.svg', publicDir, { maxAge: '1d' }));
  app.get('/favicon.ico', (_request, reply) => reply.redirect('/favicon.svg', 301));
  app.get('/robots.txt', (_request, reply) => reply.sendFile('robots.txt', publicDir, { maxAge: '1d' }));

  app.setNotFoundHandler(async (request, reply) => {
    const path = pathOf(request);
    if (path === undefined) return sendError(reply, notFound());
    if (path === apiBase || path.startsWith(`${apiBase}/`))
      return sendApiRouteMissing(app, request, reply, path);
    if ((request.method !== 'GET' && request.method !== 'HEAD') || path.startsWith('/assets/')) {
      return sendError(reply, notFound());
    }
    const file = webFile(webDist, path);
    if (file) return reply.sendFile(file, webDist, { maxAge: '1h' });
    // The SPA renders its own 404 page for unknown routes; non-HTML clients get the envelope.
    if (!acceptsHtml(request)) return sendError(reply, notFound());
    // The page depends on the session cookie: a shared cache must not hand one visitor's to another.
    reply.header('vary', 'Cookie');
    const landing = landingFile(request, webDist, path);
    const shell =
      landing === undefined
        ? await signedInShell(request, reply, webDist, options.pageState, path)
        : undefined;
    if (shell !== undefined && 'html' in shell) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(shell.html);
    }
    return sendIndex(reply, webDist, landing ?? shell?.file);
  });
}

function notFound(): AppError {
  return new AppError({
    code: errorCodes.notFound,
    message: 'Not found.',
  });
}
