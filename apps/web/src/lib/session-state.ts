/** Saved session state is valid for 5 min. */
export const sessionStateTtlMs = 5 * 60_000;
const key = 'exit-liquidity-session-state';
const returnPathKey = 'exit-liquidity-return-path';

export interface SessionState {
  path: string;
  scrollY: number;
  savedAt: number;
}

function isSessionState(value: unknown): value is SessionState {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.path === 'string' && typeof v.scrollY === 'number' && typeof v.savedAt === 'number';
}

export function saveSessionState(path: string, scrollY: number, now: number = Date.now()): void {
  try {
    sessionStorage.setItem(key, JSON.stringify({ path, scrollY, savedAt: now } satisfies SessionState));
  } catch {
    // Storage can be unavailable; restoring is best effort.
  }
}

/** The saved route and scroll, if younger than 5 minutes; expired state is dropped. */
export function readSessionState(now: number = Date.now()): SessionState | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(sessionStorage.getItem(key) ?? 'null');
  } catch {
    parsed = null;
  }
  if (!isSessionState(parsed)) return null;
  if (now - parsed.savedAt > sessionStateTtlMs || !parsed.path.startsWith('/')) {
    sessionStorage.removeItem(key);
    return null;
  }
  return parsed;
}

export function clearSessionState(): void {
  sessionStorage.removeItem(key);
}

/** Their originating page is remembered across the trip to the login page. */
export function rememberReturnPath(path: string): void {
  try {
    sessionStorage.setItem(returnPathKey, path);
  } catch {
    // Best effort: /login falls back to '/'.
  }
}

export function readRememberedReturnPath(): string | null {
  try {
    return sessionStorage.getItem(returnPathKey);
  } catch {
    return null;
  }
}

/** How this document was reached: 'reload' for a reload, 'navigate' for a typed URL or a link. */
export function navigationType(): string {
  const entry = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return entry?.type ?? 'navigate';
}

/** A reload of the page within the saved session's 5 minutes: what may reopen where it was. */
export function isRecentReload(now: number = Date.now()): boolean {
  return navigationType() === 'reload' && readSessionState(now) !== null;
}
