import { accountMessages, authMessages, type ErrorCode } from '@app/contracts';
import type { FastifyReply } from 'fastify';
import { OidcFailure, type OidcFailureKind } from '../../integrations/oidc/oidc-client.ts';
import { AppError } from '../../lib/app-error.ts';
import { renderMessagePage } from './auth-pages.ts';
import type { AuthRouteDeps } from './auth-route-deps.ts';
import { oidcCookieNames, oidcStepLifetimeMs, setOidcCookie } from './oidc-cookies.ts';

/** How each failed provider sign-in is worded (with the fixed auth messages) and answered. */
export const oidcFailures: Record<OidcFailureKind, { status: number; code: ErrorCode; message: string }> = {
  expired: { status: 401, code: 'auth_expired_token', message: authMessages.loginSessionExpired },
  rejected: { status: 401, code: 'auth_failed', message: authMessages.authenticationFailed },
  unreachable: { status: 502, code: 'external_service_error', message: authMessages.authServiceUnreachable },
};

export function sendHtml(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
}

/** The page a browser lands on when single sign-on did not complete: the spec's message, and a way back. */
export function sendOidcFailure(reply: FastifyReply, kind: OidcFailureKind): FastifyReply {
  const failure = oidcFailures[kind];
  return sendHtml(
    reply.header('x-error-code', failure.code),
    failure.status,
    renderMessagePage('Sign-in failed', failure.message, { href: '/login', label: 'Sign in again' }),
  );
}

/** With AUTH_MODE=oidc alone, the password routes are off: accounts come from the provider. */
export function assertPasswordSignIn(deps: Pick<AuthRouteDeps, 'authMode'>): void {
  if (!deps.authMode.local) {
    throw new AppError({ code: 'forbidden', message: accountMessages.passwordSignInOff });
  }
}

/**
 * Starts the authorization code flow: a fresh state, nonce and PKCE verifier kept in the signed
 * transaction cookie, then a redirect to the provider with `prompt` and `screen_hint` passed on.
 */
export async function redirectToProvider(
  reply: FastifyReply,
  deps: AuthRouteDeps,
  options: { returnTo: string; prompt?: 'login'; screenHint?: 'signup' },
): Promise<FastifyReply> {
  if (!deps.oidc) return sendOidcFailure(reply, 'rejected');
  let request: Awaited<ReturnType<typeof deps.oidc.client.authorizationRequest>>;
  try {
    request = await deps.oidc.client.authorizationRequest({
      ...(options.prompt ? { prompt: options.prompt } : {}),
      ...(options.screenHint ? { screenHint: options.screenHint } : {}),
    });
  } catch (error) {
    if (error instanceof OidcFailure) return sendOidcFailure(reply, error.kind);
    throw error;
  }
  setOidcCookie(
    reply,
    oidcCookieNames.transaction,
    {
      state: request.state,
      nonce: request.nonce,
      codeVerifier: request.codeVerifier,
      returnTo: options.returnTo,
      expiresAt: deps.clock().getTime() + oidcStepLifetimeMs,
    },
    { secret: deps.csrf.secret, secure: deps.cookies.secure },
  );
  return reply.header('cache-control', 'no-store').redirect(request.url, 303);
}
