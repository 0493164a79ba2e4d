import type { MarketSource, PageFrameShell, WebShells } from '@app/contracts';
import { type ReaderClock, sourceBadgeText } from '@app/core';
import type { Db } from '../../db/client.ts';
import { escapeHtml } from '../../lib/html.ts';
import { emptyPageCheck } from './empty-pages.ts';
import { shellsManifest } from './shells-manifest.ts';

/** What a navigation's shell depends on, as the HTTP layer reads it from the request. */
export interface ShellRequest {
  /** The page's path, decoded. */
  path: string;
  /** The request came with a session cookie (not yet checked). */
  sessionCookie: boolean;
  /** The reader's locale and time zone as the app left them in its cookie (`<locale>|<time zone>`). */
  readerClock: string | undefined;
  /**
   * The request's live session, checked as the API scope checks it; null without one. Asked only
   * when some shell could apply, since checking may clear or renew the cookie.
   */
  user: () => Promise<ShellUser | null>;
}

export interface ShellUser {
  id: string;
  emailVerified: boolean;
}

/** A file of the web build to send instead of index.html; with `fill`, its `slot` replaced by `html`. */
export interface PageShell {
  file: string;
  fill?: { slot: string; html: string };
}

export interface PageShells {
  /** The shell a navigation gets, or undefined for index.html. */
  shellFor(request: ShellRequest): Promise<PageShell | undefined>;
}

export interface PageShellsOptions {
  /** The web build, whose list of shells (shells.json) says what each is for. */
  webDist: string;
  db: Db;
  /** The market's source and age: in demo mode the demo banner is painted; the terminal's badge tells it. */
  market: () => MarketSource;
}

export function createPageShells(options: PageShellsOptions): PageShells {
  return choosePageShells({
    shells: shellsManifest(options.webDist),
    market: options.market,
    empty: emptyPageCheck(options.db),
  });
}

/** Pages the app draws without the signed-in layout: they never get the layout's banner. */
function isSignedOutPage(path: string): boolean {
  return ['/landing', '/login', '/register'].includes(path) || path.startsWith('/auth/');
}

/**
 * The choice itself, over the build's list of shells:
 * - a visitor's page (/landing) for a request without a session cookie;
 * - for a verified session, the page's frame when the build made one: its empty state's while the
 *   account has nothing the page shows yet, or the terminal's with its source badge written in;
 * - the demo banner alone while the market serves demo prices and there is no such frame, or an
 *   unverified account's email banner, whose height the build cannot know, lies above the heading;
 * - otherwise none (index.html).
 */
export function choosePageShells(deps: {
  shells: () => WebShells | undefined;
  market: () => MarketSource;
  /** Whether the page at `path` opens on its empty state for this account. */
  empty: (path: string, userId: string) => Promise<boolean>;
}): PageShells {
  return {
    async shellFor(request) {
      const shells = deps.shells();
      if (shells === undefined) return undefined;
      const visitor = shells.visitorPages.find((page) => page.path === request.path);
      if (visitor !== undefined && !request.sessionCookie) return { file: visitor.file };
      if (isSignedOutPage(request.path) || !request.sessionCookie) return undefined;
      const source = deps.market();
      const frame = pageFrame(shells, request, source, deps.empty);
      const banner = source.mode === 'demo' ? { file: shells.demoBanner } : undefined;
      // Nothing to paint on this page: no session lookup on its way.
      if (frame === undefined && banner === undefined) return undefined;
      const user = await request.user();
      if (user === null) return undefined;
      return user.emailVerified && frame !== undefined ? frame(user.id) : banner;
    },
  };
}

/**
 * The page's frame for the market's mode, or undefined when the build made none for this path; a
 * page with an empty state's frame too gets that one for an account with nothing yet.
 */
function pageFrame(
  shells: WebShells,
  request: ShellRequest,
  source: MarketSource,
  empty: (path: string, userId: string) => Promise<boolean>,
): ((userId: string) => Promise<PageShell>) | undefined {
  const frames = shells.pageFrames.filter(
    (frame) => frame.path === request.path && frame.demo === (source.mode === 'demo'),
  );
  const framed = frames.find((frame) => !frame.empty);
  if (framed === undefined) return undefined;
  if (framed.sourceBadgeSlot !== undefined)
    return badgeFrame(framed, framed.sourceBadgeSlot, request, source);
  const emptied = frames.find((frame) => frame.empty);
  return async (userId) =>
    emptied !== undefined && (await empty(request.path, userId))
      ? { file: emptied.file }
      : { file: framed.file };
}

/**
 * A frame with the source badge told in the reader's clock, for live or demo figures (a stale
 * copy's age is left to the app, which keeps it current); undefined until the app has told the
 * reader's clock.
 */
function badgeFrame(
  frame: PageFrameShell,
  slot: string,
  request: ShellRequest,
  source: MarketSource,
): ((userId: string) => Promise<PageShell>) | undefined {
  if (source.mode === 'live' && source.stale) return undefined;
  const reader = readerClock(request.readerClock);
  if (reader === undefined) return undefined;
  return async () => ({
    file: frame.file,
    fill: { slot, html: escapeHtml(sourceBadgeText(source, reader)) },
  });
}

/**
 * The reader's locale and time zone from the app's cookie, or undefined when it is missing or
 * names either wrongly: the badge is then left to the app.
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
