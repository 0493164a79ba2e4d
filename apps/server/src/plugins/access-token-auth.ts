import { type AccessTokenScope, accessTokenMessages, apiBase, errorCodes, type User } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { safeMethods } from './csrf.ts';

/** What a token may do on a route: a scope it must carry, or never (account, sessions, secrets). */
export type TokenAccess = AccessTokenScope | 'never';

/** The token a request came with, as the routes and the portfolio scope read it. */
export interface RequestAccessToken {
  id: string;
  scopes: readonly AccessTokenScope[];
  /** The portfolios it may see; null: all of the user's. */
  portfolioIds: readonly string[] | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    accessToken: RequestAccessToken | null;
  }
  interface FastifyContextConfig {
    /**
     * What a personal access token needs here. Unsaid: `read` on GET and HEAD, never on a write,
     * so a new write route is closed to tokens until it says which scope opens it.
     */
    token?: TokenAccess;
  }
}

/**
 * What the scope needs of the auth module's token service; spelt here so the plugins do not
 * import that module back.
 */
export interface AccessTokenResolver {
  resolve(
    token: string,
    address: string,
  ): Promise<{ user: User; token: RequestAccessToken; expiresAt: Date | null } | null>;
  /** Kept for the token's audit list; a failure to keep it never fails the request. */
  recordUse(tokenId: string, use: { kind: 'route' | 'tool'; target: string; status: number }): void;
}

/** `Authorization: Bearer <token>`; undefined when the header is absent or of another scheme. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  return match ? match[1] : header.toLowerCase().startsWith('bearer') ? '' : undefined;
}

/** Sign-in, sign-up, profile, password and session routes are a person's, whatever a route says. */
const accountPaths = `${apiBase}/auth/`;

export function tokenAccessOf(method: string, declared: TokenAccess | undefined, url = ''): TokenAccess {
  if (url.startsWith(accountPaths)) return 'never';
  return declared ?? (safeMethods.has(method.toUpperCase()) ? 'read' : 'never');
}

export const invalidToken = (): AppError =>
  new AppError({ code: errorCodes.authExpiredToken, message: accessTokenMessages.invalid });

/** 403 before anything is read or written: the token lacks the scope, or tokens never come here. */
export function assertTokenAccess(request: FastifyRequest, token: RequestAccessToken): void {
  const access = tokenAccessOf(request.method, request.routeOptions.config.token, request.routeOptions.url);
  if (access === 'never') {
    throw new AppError({ code: errorCodes.forbidden, message: accessTokenMessages.neverForTokens });
  }
  if (!token.scopes.includes(access)) {
    throw new AppError({ code: errorCodes.forbidden, message: accessTokenMessages.outOfScope });
  }
}
