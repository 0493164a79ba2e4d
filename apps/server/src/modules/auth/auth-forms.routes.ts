import {
  apiBase,
  authRoutes,
  authServiceMessages,
  invitationQueryParam,
  loginBodySchema,
  loginQuerySchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  signupBodySchema,
} from '@app/contracts';
import { safeReturnPath } from '@app/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AppError, isAppError } from '../../lib/app-error.ts';
import { clearCsrfToken, ensureCsrfToken } from '../../plugins/csrf.ts';
import { toAppError } from '../../plugins/errors.ts';
import { FixedWindowLimiter } from '../../plugins/rate-limit.ts';
import { clearSessionCookie } from '../../plugins/sessions.ts';
import { authBodyLimit, bodyString, isFormRequest, parseWith, userAgentOf } from './auth-http.ts';
import {
  type FieldErrors,
  loginHref,
  passwordChangedNotice,
  renderLoginPage,
  renderMessagePage,
  renderResetConfirmPage,
  renderResetRequestPage,
  renderSignupPage,
} from './auth-pages.ts';
import { type AuthRouteDeps, routeRateLimit } from './auth-route-deps.ts';
import { assertPasswordSignIn, redirectToProvider } from './oidc-redirect.ts';
import { openSignups } from './signup-gate.ts';
import { startSession } from './start-session.ts';

/** These routes answer server-rendered pages (and JSON to JSON clients). */
const htmlPage = { type: 'text/html' };

const loginPath = `${apiBase}${authRoutes.login}`;
const signupPath = `${apiBase}${authRoutes.signup}`;
const verifyPath = `${apiBase}${authRoutes.verifyEmail}`;
const resetPath = `${apiBase}${authRoutes.passwordResetRequest}`;
const resetConfirmPath = `${apiBase}${authRoutes.passwordResetConfirm}`;

function html(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
}

function fieldErrorsOf(error: AppError): FieldErrors | undefined {
  const fields = error.details?.fields;
  return typeof fields === 'object' && fields !== null ? (fields as FieldErrors) : undefined;
}

function queryString(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Sign-in, sign-up and password-reset pages. Each POST accepts the HTML form
 * (answers with a redirect or the re-rendered page) or JSON (answers with JSON).
 */
export async function registerAuthFormRoutes(app: FastifyInstance, deps: AuthRouteDeps): Promise<void> {
  const { auth } = deps;
  // Per account beside the per-address route limits: one account's attempts spread over many
  // addresses still meet a limit (shared by every process, like the per-address one).
  const perAccount = (scope: string) =>
    new FixedWindowLimiter(app.rateLimitCounter, deps.rateLimits.loginPerEmail, scope);
  const loginLimiter = perAccount('sign-in');
  const signupLimiter = perAccount('sign-up');
  const resetLimiter = perAccount('reset');

  /** Form posts get their page back with the message in place; JSON clients get the envelope. */
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error);
    if (!isFormRequest(request) || request.method !== 'POST' || appError.status >= 500) throw error;
    const csrfToken = ensureCsrfToken(request, reply, deps.csrf);
    const fieldErrors = fieldErrorsOf(appError);
    const formError = fieldErrors ? undefined : appError.message;
    const email = bodyString(request, 'email');
    const values = { email, username: bodyString(request, 'username') };
    const returnTo = safeReturnPath(bodyString(request, 'return_to'));
    switch (request.routeOptions.url) {
      case loginPath:
        return html(
          reply,
          appError.status,
          renderLoginPage({ csrfToken, returnTo, formError, fieldErrors, values, sso: deps.oidc !== null }),
        );
      case signupPath:
        return html(
          reply,
          appError.status,
          renderSignupPage({
            csrfToken,
            returnTo,
            formError,
            fieldErrors,
            values,
            sso: deps.oidc !== null,
            invitation: bodyString(request, 'invitation'),
          }),
        );
      case resetPath:
        return html(
          reply,
          appError.status,
          renderResetRequestPage({ csrfToken, formError, fieldErrors, values }),
        );
      case resetConfirmPath:
        return html(
          reply,
          appError.status,
          renderResetConfirmPage({
            csrfToken,
            formError,
            fieldErrors,
            token: bodyString(request, 'token') ?? '',
          }),
        );
      default:
        throw error;
    }
  });

  const beginSession = (
    request: FastifyRequest,
    reply: FastifyReply,
    session: { token: string; sessionId: string; expiresAt: Date },
  ) => startSession(request, reply, session, deps);

  app.get(loginPath, { config: { auth: 'public', produces: htmlPage } }, async (request, reply) => {
    const parsed = loginQuerySchema.safeParse(request.query);
    const query = parsed.success ? parsed.data : {};
    const returnTo = safeReturnPath(query.return_to);
    if (request.user && query.prompt !== 'login' && query.screen_hint !== 'signup') {
      return reply.redirect(returnTo, 303);
    }
    if (deps.oidc && (!deps.authMode.local || query.connection === 'oidc')) {
      return redirectToProvider(reply, deps, {
        returnTo,
        ...(query.prompt === 'login' ? { prompt: 'login' as const } : {}),
        ...(query.screen_hint === 'signup' ? { screenHint: 'signup' as const } : {}),
      });
    }
    const csrfToken = ensureCsrfToken(request, reply, deps.csrf);
    const sso = deps.oidc !== null;
    if (query.screen_hint === 'signup') {
      const invitation = queryString(request, invitationQueryParam);
      const refusal = await (deps.signupGate ?? openSignups).refusal(invitation);
      if (refusal !== null) {
        return html(
          reply,
          403,
          renderMessagePage('Create an account', refusal, { href: loginHref(returnTo), label: 'Sign in' }),
        );
      }
      return html(reply, 200, renderSignupPage({ csrfToken, returnTo, sso, invitation }));
    }
    const notice = queryString(request, 'reset') === '1' ? passwordChangedNotice : undefined;
    return html(reply, 200, renderLoginPage({ csrfToken, returnTo, notice, sso }));
  });

  app.post(
    loginPath,
    {
      bodyLimit: authBodyLimit,
      config: { auth: 'public', produces: htmlPage, ...routeRateLimit(deps.rateLimits.authPerIp) },
    },
    async (request, reply) => {
      assertPasswordSignIn(deps);
      const body = parseWith(loginBodySchema, request.body);
      await loginLimiter.hit(body.email);
      const result = await auth.login(body, userAgentOf(request));
      await beginSession(request, reply, result.session);
      if (isFormRequest(request)) return reply.redirect(safeReturnPath(body.return_to), 303);
      return reply.send({ success: true, user: result.user });
    },
  );

  app.post(
    signupPath,
    {
      bodyLimit: authBodyLimit,
      config: { auth: 'public', produces: htmlPage, ...routeRateLimit(deps.rateLimits.authPerIp) },
    },
    async (request, reply) => {
      assertPasswordSignIn(deps);
      const body = parseWith(signupBodySchema, request.body);
      await signupLimiter.hit(body.email);
      const result = await auth.signup(body, userAgentOf(request));
      await beginSession(request, reply, result.session);
      if (isFormRequest(request)) return reply.redirect(safeReturnPath(body.return_to), 303);
      return reply.send({ success: true, user: result.user });
    },
  );

  app.get(verifyPath, { config: { auth: 'public', produces: htmlPage } }, async (request, reply) => {
    const token = queryString(request, 'token') ?? '';
    const failed = () =>
      html(
        reply,
        400,
        renderMessagePage('Email verification', authServiceMessages.emailVerification, {
          href: '/',
          label: 'Go to the app',
        }),
      );
    if (token.length === 0 || token.length > 200) return failed();
    try {
      await auth.verifyEmail(token);
    } catch (error) {
      if (isAppError(error)) return failed();
      throw error;
    }
    return reply.redirect('/?verified=1', 303);
  });

  app.get(resetPath, { config: { auth: 'public', produces: htmlPage } }, async (request, reply) => {
    const csrfToken = ensureCsrfToken(request, reply, deps.csrf);
    return html(reply, 200, renderResetRequestPage({ csrfToken }));
  });

  app.post(
    resetPath,
    {
      bodyLimit: authBodyLimit,
      config: { auth: 'public', produces: htmlPage, ...routeRateLimit(deps.rateLimits.authPerIp) },
    },
    async (request, reply) => {
      assertPasswordSignIn(deps);
      const body = parseWith(passwordResetRequestSchema, request.body);
      await resetLimiter.hit(body.email);
      await auth.requestPasswordReset(body.email);
      if (isFormRequest(request)) {
        return html(
          reply,
          200,
          renderResetRequestPage({ csrfToken: ensureCsrfToken(request, reply, deps.csrf), sent: true }),
        );
      }
      return reply.send({ success: true });
    },
  );

  app.get(resetConfirmPath, { config: { auth: 'public', produces: htmlPage } }, async (request, reply) => {
    const token = queryString(request, 'token') ?? '';
    if (token.length === 0 || token.length > 200 || !(await auth.isResetTokenUsable(token))) {
      return html(
        reply,
        400,
        renderMessagePage('Password reset', authServiceMessages.passwordReset, {
          href: resetPath,
          label: 'Request a new link',
        }),
      );
    }
    const csrfToken = ensureCsrfToken(request, reply, deps.csrf);
    return html(reply, 200, renderResetConfirmPage({ csrfToken, token }));
  });

  app.post(
    resetConfirmPath,
    {
      bodyLimit: authBodyLimit,
      config: { auth: 'public', produces: htmlPage, ...routeRateLimit(deps.rateLimits.authPerIp) },
    },
    async (request, reply) => {
      assertPasswordSignIn(deps);
      const body = parseWith(passwordResetConfirmSchema, request.body);
      await auth.confirmPasswordReset(body.token, body.password);
      // Every session of the account is gone, including this browser's.
      clearSessionCookie(reply, deps.cookies);
      clearCsrfToken(reply, deps.csrf);
      if (isFormRequest(request)) return reply.redirect(`${loginPath}?return_to=/&reset=1`, 303);
      return reply.send({ success: true });
    },
  );
}
