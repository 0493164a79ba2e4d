import type { SessionStatus } from '@app/contracts';
import { getSessionStatus, initCsrf } from './api/auth-api';

export interface SessionCheck {
  /** Settles once the CSRF token is parsed; a failure only warns (spec §4). */
  csrfSettled: Promise<void>;
  /** The session status, asked once the CSRF request has been answered (spec §4 order). */
  session: Promise<SessionStatus>;
}

/** Spec §4 start: the CSRF token first, then the session status. */
export function startSessionCheck(): SessionCheck {
  const csrf = initCsrf();
  const csrfSettled = csrf.token.then(
    () => undefined,
    (caught: unknown) => console.warn('CSRF token initialisation failed', caught),
  );
  // The check goes once the server has answered; the token's parse finishes beside it (issue 15).
  const session = csrf.answered
    .catch(() => {
      // Warned once, by csrfSettled.
    })
    .then(getSessionStatus);
  // The provider reads it when it mounts; a failure before then is not an unhandled rejection.
  session.catch(() => {});
  return { csrfSettled, session };
}

let early: SessionCheck | undefined;

/**
 * Starts the check as the app's code starts, so its requests travel while React makes its first
 * render instead of after it (issue 15: they were on the way to every signed-in page's first paint).
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
