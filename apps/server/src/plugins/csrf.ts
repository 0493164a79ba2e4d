import { accountMessages, apiBase, csrfCookieName, csrfHeaderName, errorCodes } from '@app/contracts';
import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { constantTimeEqual, hmacHex, randomToken } from '../lib/tokens.ts';

/** The field name the server-rendered forms use (the header cannot be set by a plain form). */
export const csrfFormField = 'csrfmiddlewaretoken';
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface CsrfOptions {
  secret: string;
  secure: boolean;
}

export function createCsrfToken(secret: string): string {
  const random = randomToken();
  return `${random}.${hmacHex(secret, random)}`;
}

export function isValidCsrfToken(secret: string, token: string): boolean {
  if (token.length > 200) return false;
  const [random, signature, extra] = token.split('.');
  if (!random || !signature || extra !== undefined) return false;
  return constantTimeEqual(signature, hmacHex(secret, random));
}

export const csrfFailed = (): AppError =>
  new AppError({
    status: 403,
    code: errorCodes.csrfFailed,
    category: 'auth',
    message: accountMessages.csrfFailed,
  });

/** Returns the request's valid token, or sets a new cookie and returns that (used by GET /csrf/ and the HTML forms). */
export function ensureCsrfToken(request: FastifyRequest, reply: FastifyReply, options: CsrfOptions): string {
  const existing = request.cookies[csrfCookieName];
  if (existing && isValidCsrfToken(options.secret, existing)) return existing;
  const token = createCsrfToken(options.secret);
  reply.setCookie(csrfCookieName, token, {
    path: '/',
    sameSite: 'lax',
    secure: options.secure,
    httpOnly: false,
    maxAge: 365 * 24 * 60 * 60,
  });
  return token;
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
 * Double-submit cookie, signed with SESSION_SECRET so a cookie planted by a sibling
 * subdomain is not enough. Runs after body parsing so form posts can carry the field.
 */
export function registerCsrf(app: FastifyInstance, options: CsrfOptions): void {
  app.addHook('preValidation', async (request) => {
    if (safeMethods.has(request.method)) return;
    if (!request.url.startsWith(`${apiBase}/`)) return;
    const cookie = request.cookies[csrfCookieName];
    const submitted = submittedToken(request);
    if (!cookie || !submitted) throw csrfFailed();
    if (!constantTimeEqual(cookie, submitted) || !isValidCsrfToken(options.secret, cookie))
      throw csrfFailed();
  });
}
