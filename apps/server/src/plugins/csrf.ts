import { accountMessages, csrfCookieName, csrfHeaderName, errorCodes } from '@app/contracts';
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { constantTimeEqual, hmacHex, randomToken } from '../lib/tokens.ts';

/** The field name the server-rendered forms use (the header cannot be set by a plain form). */
export const csrfFormField = 'csrfmiddlewaretoken';
/**
 * HttpOnly, random per browser before sign-in: the anonymous token is bound to it, so a token
 * fetched by someone else (an attacker's own anonymous token) does not pass in this browser.
 */
export const csrfNonceCookieName = 'csrf_nonce';
export const safeMethods: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface CsrfOptions {
  secret: string;
  secure: boolean;
}

const cookieLifetimeSeconds = 365 * 24 * 60 * 60;

/** What a token is bound to: the session when there is one, else the pre-session nonce. */
function bindingOf(request: FastifyRequest): string | undefined {
  if (request.session) return `session:${request.session.id}`;
  const nonce = request.cookies[csrfNonceCookieName];
  return nonce && nonce.length >= 20 && nonce.length <= 100 ? `nonce:${nonce}` : undefined;
}

/** OWASP signed double-submit: HMAC over the length-prefixed binding and a fresh random value. */
function signature(secret: string, binding: string, random: string): string {
  return hmacHex(secret, `${binding.length}!${binding}!${random.length}!${random}`);
}

export function createCsrfToken(secret: string, binding: string): string {
  const random = randomToken();
  return `${random}.${signature(secret, binding, random)}`;
}

export function isValidCsrfToken(secret: string, binding: string, token: string): boolean {
  if (token.length > 200) return false;
  const [random, mac, extra] = token.split('.');
  if (!random || !mac || extra !== undefined) return false;
  return constantTimeEqual(mac, signature(secret, binding, random));
}

export const csrfFailed = (): AppError =>
  new AppError({
    code: errorCodes.csrfFailed,
    message: accountMessages.csrfFailed,
  });

function setTokenCookie(reply: FastifyReply, token: string, options: CsrfOptions): void {
  reply.setCookie(csrfCookieName, token, {
    path: '/',
    sameSite: 'lax',
    secure: options.secure,
    httpOnly: false,
    maxAge: cookieLifetimeSeconds,
  });
}

/**
 * Returns the request's token when it is valid for this session (or this browser's nonce),
 * otherwise issues a new one (and a nonce when signed out). Used by GET /csrf/ and the HTML forms.
 */
export function ensureCsrfToken(request: FastifyRequest, reply: FastifyReply, options: CsrfOptions): string {
  let binding = bindingOf(request);
  if (binding === undefined) {
    const nonce = randomToken();
    reply.setCookie(csrfNonceCookieName, nonce, {
      path: '/',
      sameSite: 'lax',
      secure: options.secure,
      httpOnly: true,
      maxAge: cookieLifetimeSeconds,
    });
    // Later calls in this request (an error page after a failed post) see the same nonce.
    request.cookies[csrfNonceCookieName] = nonce;
    binding = `nonce:${nonce}`;
  } else {
    const existing = request.cookies[csrfCookieName];
    if (existing && isValidCsrfToken(options.secret, binding, existing)) return existing;
  }
  const token = createCsrfToken(options.secret, binding);
  setTokenCookie(reply, token, options);
  request.cookies[csrfCookieName] = token;
  return token;
}

/**
 * Sign-in rotates the token: the pre-session nonce is dropped and the new cookie is bound to the
 * new session, so nothing obtained before sign-in authorises a write after it.
 */
export function rotateCsrfToken(reply: FastifyReply, sessionId: string, options: CsrfOptions): void {
  reply.clearCookie(csrfNonceCookieName, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
  });
  setTokenCookie(reply, createCsrfToken(options.secret, `session:${sessionId}`), options);
}

/** Sign-out and a password reset end the session the token was bound to. */
export function clearCsrfToken(reply: FastifyReply, options: CsrfOptions): void {
  reply.clearCookie(csrfCookieName, { path: '/', sameSite: 'lax', secure: options.secure });
}

function submittedToken(request: FastifyRequest): string | undefined {
  const header = request.headers[csrfHeaderName.toLowerCase()];
  if (typeof header === 'string' && header.length > 0) return header;
  const body = request.body;
  if (typeof body === 'object' && body !== null && csrfFormField in body) {
    const value = (body as Record<string, unknown>)[csrfFormField];
    if (typeof value === 'string') return value;
  }
  return undefined;
}

/**
 * Double submit (csrftoken cookie echoed in X-CSRFToken, or the form field), signed with
 * SESSION_SECRET and bound to the session, so neither a planted cookie nor another browser's
 * token passes. The API scope calls it for every route whose method is not a read.
 */
export function assertCsrf(request: FastifyRequest, options: CsrfOptions): void {
  const cookie = request.cookies[csrfCookieName];
  const submitted = submittedToken(request);
  const binding = bindingOf(request);
  if (!cookie || !submitted || binding === undefined) throw csrfFailed();
  if (!constantTimeEqual(cookie, submitted) || !isValidCsrfToken(options.secret, binding, cookie))
    throw csrfFailed();
}
