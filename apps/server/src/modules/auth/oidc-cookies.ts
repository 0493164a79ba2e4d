import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { constantTimeEqual, hmacHex } from '../../lib/tokens.ts';

/**
 * The sign-in's short-lived state lives in the browser, signed with SESSION_SECRET: the
 * transaction (state, nonce, PKCE verifier, return path) between the redirect to the provider
 * and the callback, then a pending step (choose a username, or confirm a link with the local
 * password). HttpOnly, SameSite=Lax (the provider's redirect back is a top-level GET), scoped to
 * /api/auth/, ten minutes. Signed so nobody can plant a pending link to someone else's account.
 */
export const oidcCookieNames = { transaction: 'oidc_tx', pending: 'oidc_pending' } as const;
type OidcCookieName = (typeof oidcCookieNames)[keyof typeof oidcCookieNames];

const cookiePath = '/api/auth/';
export const oidcStepLifetimeMs = 10 * 60 * 1000;

export const oidcTransactionSchema = z.object({
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  returnTo: z.string(),
  expiresAt: z.number(),
});
export type OidcTransaction = z.infer<typeof oidcTransactionSchema>;

const identity = { issuer: z.string(), subject: z.string(), email: z.string(), returnTo: z.string() };
export const oidcPendingSchema = z.discriminatedUnion('kind', [
  /** The provider gave no usable username: /auth/complete-signup asks for one. */
  z.object({
    kind: z.literal('signup'),
    ...identity,
    emailVerified: z.boolean(),
    picture: z.string().optional(),
    expiresAt: z.number(),
  }),
  /** A verified email equal to a local account's: the local password confirms the link once. */
  z.object({ kind: z.literal('link'), ...identity, userId: z.string(), expiresAt: z.number() }),
]);
export type OidcPending = z.infer<typeof oidcPendingSchema>;

function sign(secret: string, name: OidcCookieName, payload: string): string {
  return hmacHex(secret, `oidc-cookie:${name}:${payload}`);
}

export function setOidcCookie(
  reply: FastifyReply,
  name: OidcCookieName,
  value: OidcTransaction | OidcPending,
  options: { secret: string; secure: boolean },
): void {
  const payload = Buffer.from(JSON.stringify(value)).toString('base64url');
  reply.setCookie(name, `${payload}.${sign(options.secret, name, payload)}`, {
    path: cookiePath,
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    maxAge: Math.round(oidcStepLifetimeMs / 1000),
  });
}

export function clearOidcCookie(
  reply: FastifyReply,
  name: OidcCookieName,
  options: { secure: boolean },
): void {
  reply.clearCookie(name, { path: cookiePath, httpOnly: true, sameSite: 'lax', secure: options.secure });
}

/** The cookie's value when its signature holds and it has not expired; undefined otherwise. */
export function readOidcCookie<T extends z.ZodType<{ expiresAt: number }>>(
  request: FastifyRequest,
  name: OidcCookieName,
  schema: T,
  options: { secret: string; now: Date },
): z.output<T> | undefined {
  const raw = request.cookies[name];
  if (!raw || raw.length > 4096) return undefined;
  const [payload, mac, extra] = raw.split('.');
  if (!payload || !mac || extra !== undefined) return undefined;
  if (!constantTimeEqual(mac, sign(options.secret, name, payload))) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success || parsed.data.expiresAt <= options.now.getTime()) return undefined;
  return parsed.data;
}
