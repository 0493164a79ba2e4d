/**
 * How the web build and the server agree on the pre-rendered pages a navigation can get instead of
 * index.html. The build names its files itself and lists them, each with what it is for, in
 * `webShellsFile` (apps/web build-plugins/prerender-html); the server reads that list and picks one
 * per request (apps/server src/modules/page-shells). The list's shape and place are shared here as types
 * only: which files there are, and what they are called, is the build's to say.
 */

/** Where the build writes its `WebShells`, relative to its output folder. */
export type WebShellsFile = 'shells.json';

/** The pre-rendered pages of one web build, as written to `WebShellsFile`. */
export interface WebShells {
  /** Pages painted whole, without the app's JavaScript, for a visitor without a session (/landing). */
  visitorPages: { path: string; file: string }[];
  /** index.html with the demo banner painted: any signed-in page in demo mode that has no frame. */
  demoBanner: string;
  /** Signed-in pages' shells, each with the page's heading painted where the page draws it. */
  pageFrames: PageFrameShell[];
}

export interface PageFrameShell {
  /** The page's own path (`/transactions`, `/` for the terminal). */
  path: string;
  /** Painted below the demo banner, for demo mode. */
  demo: boolean;
  /** The page's empty state painted too, for an account with nothing the page shows yet. */
  empty: boolean;
  /** The file, relative to the build's output folder. */
  file: string;
  /**
   * The text the build left in place of the source badge's, which the server replaces with the
   * market's state told in the reader's clock (the terminal).
   */
  sourceBadgeSlot?: string;
}

/**
 * The pages whose empty state the server can tell for an account (it checks the same condition as
 * the page): the build paints that state into those pages' frames too.
 */
export const emptyFramedPaths = ['/dashboard', '/projections'] as const;

/**
 * The cookie in which the app tells the server the reader's locale and time zone
 * (`<locale>|<time zone>`, each URI-encoded), so the terminal's painted badge tells the time as the
 * app then does.
 */
export const readerClockCookie = 'reader_clock';
