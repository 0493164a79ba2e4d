import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CsrfOptions, rotateCsrfToken } from '../../plugins/csrf.ts';
import { type SessionCookieOptions, sessionToken, setSessionCookie } from '../../plugins/sessions.ts';
import type { IssuedSession, SessionService } from './session.service.ts';

/**
 * Hands a new session to the browser. Rotation: the pre-login cookie (if any) never becomes the
 * signed-in session, and the CSRF token from before sign-in is replaced by one bound to the new
 * session.
 */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  session: IssuedSession,
  deps: { sessions: SessionService; cookies: SessionCookieOptions; csrf: CsrfOptions },
): Promise<void> {
  const previous = sessionToken(request);
  if (previous) await deps.sessions.revoke(previous);
  setSessionCookie(reply, session, deps.cookies);
  rotateCsrfToken(reply, session.sessionId, deps.csrf);
}
