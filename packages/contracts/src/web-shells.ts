/**
 * The names of the web build's pre-rendered shells, which the build writes (apps/web
 * build-plugins/prerender-html) and the server chooses between for a signed-in page (apps/server
 * plugins/static-web). One place, so the two cannot drift apart.
 */

/** index.html with the demo banner painted above its loading screen. */
export const demoShellFile = 'demo-shell.html';

/** The folder of the framed pages' shells. */
export const pageFramesDir = 'frames';

/**
 * The framed pages whose shell can also paint the page's empty state, for an account with nothing
 * on it yet (the server checks): their first content then no longer waits for the app.
 */
export const emptyFramedPaths = ['/dashboard', '/projections'] as const;

/**
 * The shell of a framed page, relative to the build's folder: /transactions ->
 * frames/transactions.html, or frames/transactions.demo.html under the demo banner;
 * frames/dashboard.empty.html (.empty.demo.html) with the page's empty state painted too. Undefined
 * for a path that names no single top-level page (/, /portfolios/1, anything but lowercase words),
 * so a request's path can never reach outside that folder.
 */
export function pageFrameFile(path: string, demo: boolean, empty = false): string | undefined {
  const name = /^\/([a-z][a-z-]*)$/.exec(path)?.[1];
  return name && `${pageFramesDir}/${name}${empty ? '.empty' : ''}${demo ? '.demo' : ''}.html`;
}

/**
 * The terminal's shell (/): its heading and source badge painted, `frames/terminal.html` or
 * `frames/terminal.demo.html` under the demo banner. The badge's text depends on the market's
 * state and the reader's clock, so the build leaves `sourceBadgeSlot` in its place and the server
 * writes the text there for each request.
 */
export function terminalFrameFile(demo: boolean): string {
  return `${pageFramesDir}/terminal${demo ? '.demo' : ''}.html`;
}

export const sourceBadgeSlot = '{{source-badge}}';

/**
 * The cookie in which the app tells the server the reader's locale and time zone
 * (`<locale>|<time zone>`, each URI-encoded), so the terminal's painted badge tells the time as the
 * app then does.
 */
export const readerClockCookie = 'reader_clock';
