import { type SessionStatus, sessionHintCookieName, type User } from '@app/contracts';
import { readCookie } from '@/lib/api/cookies';
import { readIdentity } from '@/lib/offline/identity';
import { getMe, getSessionStatus, initCsrf } from './api/auth-api';

export interface SessionCheck {
  /** Settles once the CSRF token is parsed; a failure only warns. */
  csrfSettled: Promise<void>;
  /** The session status, asked once the CSRF request has been answered (the start-up order). */
  session: Promise<SessionStatus>;
  /**
   * /auth/me, asked beside the session status when this browser's last session was confirmed
   * (a returning user); null when it waits for the status to say someone is signed in.
   */
  me: Promise<User | null> | null;
}

/**
 * Whether this browser is very likely signed in: the server confirmed its last session, or it
 * holds the server's signed-in hint cookie (the first page after signing in, or storage cleared).
 */
export function likelySignedIn(): boolean {
  return readIdentity() !== null || readCookie(sessionHintCookieName) !== null;
}

/** Start-up: the CSRF token first, then the session status. */
export function startSessionCheck(): SessionCheck {
  const csrf = initCsrf();
  const csrfSettled = csrf.token.then(
    () => undefined,
    (caught: unknown) => console.warn('CSRF token initialisation failed', caught),
  );
  // The check goes once the server has answered; the token's parse finishes beside it.
  const answered = csrf.answered.catch(() => {
    // Warned once, by csrfSettled.
  });
  const session = answered.then(getSessionStatus);
  // The signed-in layout's first paint waits for /auth/me (email_verified), and asking it only
  // once the status had answered put a third round trip before every returning user's first paint.
  // A browser that is very likely signed in asks beside the status; a first visit asks
  // nothing before it knows.
  const me = likelySignedIn() ? answered.then(getMe) : null;
  // The provider reads them when it mounts; a failure before then is not an unhandled rejection.
  session.catch(() => {});
  me?.catch(() => {});
  return { csrfSettled, session, me };
}

let early: SessionCheck | undefined;

/**
 * Starts the check as the app's code starts, so its requests travel while React makes its first
 * render instead of after it (they were on the way to every signed-in page's first paint).
 */
export function beginSessionCheck(): void {
  early ??= startSessionCheck();
}

/** The check begun at start, taken once; later checks (the network back, a test) start anew. */
export function takeSessionCheck(): SessionCheck {
  const check = early ?? startSessionCheck();
  early = undefined;
  return check;
}
