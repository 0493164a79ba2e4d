import {
  accountMessages,
  apiBase,
  authRoutes,
  instanceMessages,
  oidcCompleteSignupBodySchema,
  oidcCompleteSignupResponseSchema,
  oidcLinkBodySchema,
} from '@app/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OidcFailure } from '../../integrations/oidc/oidc-client.ts';
import { AppError } from '../../lib/app-error.ts';
import { ensureCsrfToken } from '../../plugins/csrf.ts';
import { toAppError } from '../../plugins/errors.ts';
import { FixedWindowLimiter } from '../../plugins/rate-limit.ts';
import { invalidCredentials } from './auth.service.ts';
import { authBodyLimit, isFormRequest, parseWith, userAgentOf } from './auth-http.ts';
import { renderMessagePage } from './auth-pages.ts';
import { type AuthRouteDeps, routeRateLimit } from './auth-route-deps.ts';
import type { OidcOutcome } from './oidc.service.ts';
import {
  clearOidcCookie,
  oidcCookieNames,
  oidcPendingSchema,
  oidcTransactionSchema,
  readOidcCookie,
  setOidcCookie,
} from './oidc-cookies.ts';
import { renderLinkPage } from './oidc-pages.ts';
import { oidcFailures, sendHtml, sendOidcFailure } from './oidc-redirect.ts';
import { startSession } from './start-session.ts';

const htmlPage = { type: 'text/html' };
const callbackPath = `${apiBase}${authRoutes.callback}`;
const linkPath = `${apiBase}${authRoutes.oidcLink}`;
const completeSignupPath = `${apiBase}${authRoutes.oidcCompleteSignup}`;

const loginSessionExpired = () =>
  new AppError({ code: 'auth_expired_token', message: oidcFailures.expired.message, redirect: '/login' });

/**
 * Single sign-on: the provider's callback and the two steps that may follow it. The
 * routes exist in every mode, so the route-table suites cover them; without a provider they
 * answer that single sign-on is not configured. No path here creates a session unless the
 * provider's answer validated (state, PKCE, issuer, audience, nonce, expiry) for this browser.
 */
export async function registerOidcRoutes(app: FastifyInstance, deps: AuthRouteDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cookieOptions = { secret: deps.csrf.secret, secure: deps.cookies.secure };
  // A password guess on the link page counts against the local account like a sign-in does.
  const signInPerAccount = new FixedWindowLimiter(
    app.rateLimitCounter,
    deps.rateLimits.loginPerEmail,
    'sign-in',
  );
  const readPending = (request: FastifyRequest) =>
    readOidcCookie(request, oidcCookieNames.pending, oidcPendingSchema, {
      secret: deps.csrf.secret,
      now: deps.clock(),
    });

  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error);
    if (request.routeOptions.url !== linkPath || !isFormRequest(request) || appError.status >= 500)
      throw error;
    const pending = readPending(request);
    if (pending?.kind !== 'link') return sendOidcFailure(reply, 'expired');
    const fields = appError.details?.fields;
    return sendHtml(
      reply,
      appError.status,
      renderLinkPage({
        csrfToken: ensureCsrfToken(request, reply, deps.csrf),
        email: pending.email,
        ...(typeof fields === 'object' && fields !== null
          ? { fieldErrors: fields as Record<string, string[]> }
          : { formError: appError.message }),
      }),
    );
  });

  const notConfigured = (reply: FastifyReply) =>
    sendHtml(
      reply,
      404,
      renderMessagePage('Single sign-on', accountMessages.ssoNotConfigured, {
        href: '/login',
        label: 'Sign in',
      }),
    );

  const refusedPage = (reply: FastifyReply, status: number, message: string) =>
    sendHtml(
      reply,
      status,
      renderMessagePage('Sign-in failed', message, { href: '/login', label: 'Sign in' }),
    );

  /** Where each outcome sends the browser; a session only for 'signed-in'. */
  async function follow(
    request: FastifyRequest,
    reply: FastifyReply,
    outcome: OidcOutcome,
    returnTo: string,
  ): Promise<string | FastifyReply> {
    switch (outcome.kind) {
      case 'signed-in':
        clearOidcCookie(reply, oidcCookieNames.pending, deps.cookies);
        await startSession(request, reply, outcome.session, deps);
        return returnTo;
      case 'verify-email':
        clearOidcCookie(reply, oidcCookieNames.pending, deps.cookies);
        return `/auth/signup-pending?email=${encodeURIComponent(outcome.email)}`;
      case 'pending':
        setOidcCookie(reply, oidcCookieNames.pending, outcome.pending, cookieOptions);
        return outcome.pending.kind === 'link'
          ? linkPath
          : `/auth/complete-signup?email=${encodeURIComponent(outcome.pending.email)}`;
      case 'email-taken':
        return refusedPage(reply, 409, accountMessages.ssoEmailTaken);
      case 'no-email':
        return refusedPage(reply, 400, accountMessages.ssoNoEmail);
      case 'signup-refused':
        clearOidcCookie(reply, oidcCookieNames.pending, deps.cookies);
        return refusedPage(reply, 403, outcome.message);
      case 'disabled':
        clearOidcCookie(reply, oidcCookieNames.pending, deps.cookies);
        return refusedPage(reply, 403, instanceMessages.accountDisabled);
    }
  }

  r.get(
    callbackPath,
    { config: { auth: 'public', produces: htmlPage, ...routeRateLimit(deps.rateLimits.authPerIp) } },
    async (request, reply) => {
      if (!deps.oidc) return notConfigured(reply);
      const transaction = readOidcCookie(request, oidcCookieNames.transaction, oidcTransactionSchema, {
        secret: deps.csrf.secret,
        now: deps.clock(),
      });
      // Single use: a replayed or forged callback finds no transaction.
      clearOidcCookie(reply, oidcCookieNames.transaction, deps.cookies);
      if (!transaction) return sendOidcFailure(reply, 'expired');
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      let outcome: OidcOutcome;
      try {
        const claims = await deps.oidc.client.complete(new URL(`${deps.publicUrl}${callbackPath}${search}`), {
          state: transaction.state,
          nonce: transaction.nonce,
          codeVerifier: transaction.codeVerifier,
        });
        outcome = await deps.oidc.service.signIn(claims, transaction.returnTo, userAgentOf(request));
      } catch (error) {
        if (error instanceof OidcFailure) {
          request.log.warn({ kind: error.kind, reason: error.reason }, 'single sign-on callback refused');
          return sendOidcFailure(reply, error.kind);
        }
        throw error;
      }
      const next = await follow(request, reply, outcome, transaction.returnTo);
      return typeof next === 'string' ? reply.header('cache-control', 'no-store').redirect(next, 303) : next;
    },
  );

  r.get(linkPath, { config: { auth: 'public', produces: htmlPage } }, async (request, reply) => {
    if (!deps.oidc) return notConfigured(reply);
    const pending = readPending(request);
    if (pending?.kind !== 'link') return sendOidcFailure(reply, 'expired');
    return sendHtml(
      reply,
      200,
      renderLinkPage({ csrfToken: ensureCsrfToken(request, reply, deps.csrf), email: pending.email }),
    );
  });

  r.post(
    linkPath,
    {
      bodyLimit: authBodyLimit,
      config: { auth: 'public', produces: htmlPage, ...routeRateLimit(deps.rateLimits.authPerIp) },
    },
    async (request, reply) => {
      if (!deps.oidc) return notConfigured(reply);
      const body = parseWith(oidcLinkBodySchema, request.body);
      const pending = readPending(request);
      if (pending?.kind !== 'link') throw loginSessionExpired();
      await signInPerAccount.hit(pending.email);
      const outcome = await deps.oidc.service.confirmLink(pending, body.password, userAgentOf(request));
      if (!outcome) throw invalidCredentials();
      const next = await follow(request, reply, outcome, pending.returnTo);
      if (typeof next !== 'string') return next;
      if (isFormRequest(request)) return reply.redirect(next, 303);
      return reply.send({ success: true, redirect: next });
    },
  );

  r.post(
    completeSignupPath,
    {
      bodyLimit: authBodyLimit,
      config: { auth: 'public', ...routeRateLimit(deps.rateLimits.authPerIp) },
      schema: { body: oidcCompleteSignupBodySchema, response: { 200: oidcCompleteSignupResponseSchema } },
    },
    async (request, reply) => {
      if (!deps.oidc) throw new AppError({ code: 'not_found', message: accountMessages.ssoNotConfigured });
      const pending = readPending(request);
      if (pending?.kind !== 'signup') throw loginSessionExpired();
      const outcome = await deps.oidc.service.completeSignup(
        pending,
        request.body.username,
        userAgentOf(request),
      );
      if (outcome.kind === 'email-taken') {
        throw new AppError({ code: 'conflict', message: accountMessages.emailTaken });
      }
      if (outcome.kind === 'signup-refused')
        throw new AppError({ code: 'forbidden', message: outcome.message });
      const next = await follow(request, reply, outcome, pending.returnTo);
      if (typeof next !== 'string')
        throw new AppError({ code: 'conflict', message: accountMessages.emailTaken });
      return { success: true as const, redirect: next };
    },
  );
}
