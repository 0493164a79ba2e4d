import {
  accountMessages,
  authMessages,
  errorCodes,
  sessionCookieName,
  sessionHintCookieName,
  type User,
} from '@app/contracts';
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';

export interface RequestSession {
  id: string;
  expiresAt: Date;
  /** Signed in through the identity provider: sign-out also offers the provider's end-session URL. */
  viaOidc: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
    session: RequestSession | null;
  }
  interface FastifyContextConfig {
    /** The route serves the same public data to everyone: no session lookup. */
    publicData?: boolean;
  }
}

export interface SessionCookieOptions {
  secure: boolean;
}

export function setSessionCookie(
  reply: FastifyReply,
  session: { token: string; expiresAt: Date },
  options: SessionCookieOptions,
): void {
  reply.setCookie(sessionCookieName, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    expires: session.expiresAt,
  });
  reply.setCookie(sessionHintCookieName, '1', {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: options.secure,
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, options: SessionCookieOptions): void {
  reply.clearCookie(sessionCookieName, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
  });
  reply.clearCookie(sessionHintCookieName, { path: '/', sameSite: 'lax', secure: options.secure });
}

export function sessionToken(request: FastifyRequest): string | undefined {
  const value = request.cookies[sessionCookieName];
  return value && value.length > 0 ? value : undefined;
}

/**
 * What the session hook needs of the auth module's session service. Spelt here so the plugins,
 * which the auth module's routes use, do not import that module back.
 */
export interface SessionResolver {
  resolve(token: string): Promise<{
    user: User;
    sessionId: string;
    expiresAt: Date;
    /** The expiry moved: the cookie is sent again with the new lifetime. */
    extended: boolean;
    viaOidc: boolean;
  } | null>;
}

/**
 * Reads the session cookie into `request.user` / `request.session`. The API scope runs it for
 * its routes only, so static files cost no query. Routes that serve the same public data to
 * everyone (`config: { publicData: true }`) skip it: they never read the user, and the market
 * list is polled by every open terminal.
 */
export async function resolveSession(
  request: FastifyRequest,
  reply: FastifyReply,
  options: SessionCookieOptions & { sessions: SessionResolver },
): Promise<void> {
  if (request.routeOptions.config.publicData === true) return;
  const token = sessionToken(request);
  if (!token) return;
  const resolved = await options.sessions.resolve(token);
  if (!resolved) {
    clearSessionCookie(reply, options);
    return;
  }
  request.user = resolved.user;
  request.session = { id: resolved.sessionId, expiresAt: resolved.expiresAt, viaOidc: resolved.viaOidc };
  if (resolved.extended) setSessionCookie(reply, { token, expiresAt: resolved.expiresAt }, options);
}

export interface SignedInRequest {
  user: User;
  session: RequestSession;
}

/**
 * The signed-in user of a `config: { auth: 'user' }` route. The API scope has already answered
 * 401 before validation when there is none; the check stays so the types need no assertion.
 */
export function requireUser(request: FastifyRequest): SignedInRequest {
  if (!request.user || !request.session) {
    throw new AppError({
      code: errorCodes.authRequired,
      message: authMessages.authenticationFailed,
      redirect: '/login',
    });
  }
  return { user: request.user, session: request.session };
}

/** Guard for pages that also need a verified email; the client follows the redirect. */
export function requireVerifiedUser(request: FastifyRequest): SignedInRequest {
  const signedIn = requireUser(request);
  if (!signedIn.user.email_verified) {
    throw new AppError({
      code: errorCodes.emailNotVerified,
      message: accountMessages.emailNotVerified,
      redirect: `/verify-email?mode=notice&email=${encodeURIComponent(signedIn.user.email)}`,
    });
  }
  return signedIn;
}
