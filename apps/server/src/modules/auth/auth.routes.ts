import {
  apiBase,
  authRoutes,
  csrfResponseSchema,
  logoutResponseSchema,
  okSchema,
  passwordChangeSchema,
  profileUpdateSchema,
  sessionStatusSchema,
  userSchema,
  verifyEmailBodySchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clearCsrfToken, ensureCsrfToken } from '../../plugins/csrf.ts';
import { clearSessionCookie, requireUser, sessionToken } from '../../plugins/sessions.ts';
import { registerAuthFormRoutes } from './auth-forms.routes.ts';
import { authBodyLimit } from './auth-http.ts';
import { type AuthRouteDeps, routeRateLimit } from './auth-route-deps.ts';
import { registerOidcRoutes } from './oidc.routes.ts';

export type { AuthRouteDeps } from './auth-route-deps.ts';

const path = (p: string) => `${apiBase}${p}`;

export async function registerAuthRoutes(app: FastifyInstance, deps: AuthRouteDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { auth, sessions } = deps;

  r.get(
    path(authRoutes.csrf),
    { config: { auth: 'public' }, schema: { response: { 200: csrfResponseSchema } } },
    async (request, reply) => ({
      csrfToken: ensureCsrfToken(request, reply, deps.csrf),
    }),
  );

  r.get(
    path(authRoutes.sessionStatus),
    { config: { auth: 'public' }, schema: { response: { 200: sessionStatusSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!request.user || !request.session) {
        return { is_authenticated: false, user_id: null, username: null, email: null, expires_at: null };
      }
      return {
        is_authenticated: true,
        user_id: request.user.id,
        username: request.user.username,
        email: request.user.email,
        expires_at: request.session.expiresAt.toISOString(),
      };
    },
  );

  r.get(
    path(authRoutes.me),
    { config: { auth: 'user' }, schema: { response: { 200: userSchema } } },
    async (request, reply) => {
      const { user } = requireUser(request);
      reply.header('cache-control', 'no-store');
      return auth.getUser(user.id);
    },
  );

  r.post(
    path(authRoutes.logout),
    { config: { auth: 'public' }, schema: { response: { 200: logoutResponseSchema } } },
    async (request, reply) => {
      const viaOidc = request.session?.viaOidc === true;
      const token = sessionToken(request);
      if (token) await sessions.revoke(token);
      clearSessionCookie(reply, deps.cookies);
      clearCsrfToken(reply, deps.csrf);
      // Signed in at the provider: sign out there too, and come back to the landing page.
      const providerLogout =
        viaOidc && deps.oidc ? await deps.oidc.client.endSessionUrl(`${deps.publicUrl}/landing`) : null;
      return { success: true, logout_url: providerLogout ?? '/landing' };
    },
  );

  r.post(
    path(authRoutes.verifyEmail),
    {
      config: { auth: 'public' },
      bodyLimit: authBodyLimit,
      schema: { body: verifyEmailBodySchema, response: { 200: okSchema } },
    },
    async (request) => {
      await auth.verifyEmail(request.body.token);
      return { success: true as const };
    },
  );

  r.post(
    path(authRoutes.resendVerification),
    {
      bodyLimit: authBodyLimit,
      config: { auth: 'user', ...routeRateLimit(deps.rateLimits.authPerIp) },
      schema: { response: { 200: okSchema } },
    },
    async (request) => {
      const { user } = requireUser(request);
      await auth.resendVerification(user.id);
      return { success: true as const };
    },
  );

  r.patch(
    path(authRoutes.profile),
    {
      config: { auth: 'user' },
      bodyLimit: authBodyLimit,
      schema: { body: profileUpdateSchema, response: { 200: userSchema } },
    },
    async (request) => {
      const { user } = requireUser(request);
      return auth.updateProfile(user.id, request.body);
    },
  );

  r.post(
    path(authRoutes.password),
    {
      bodyLimit: authBodyLimit,
      config: { auth: 'user', ...routeRateLimit(deps.rateLimits.authPerIp) },
      schema: { body: passwordChangeSchema, response: { 200: okSchema } },
    },
    async (request) => {
      const { user, session } = requireUser(request);
      await auth.changePassword(user.id, session.id, request.body);
      return { success: true as const };
    },
  );

  // The auth pages' stylesheet (the pages work without JavaScript, so no bundle carries it).
  r.get(
    path('/auth/assets/auth.css'),
    { config: { auth: 'public', publicData: true, produces: { type: 'text/css' } } },
    (_request, reply) => reply.sendFile('auth.css', deps.publicDir, { maxAge: '1h' }),
  );

  // Kept in their own scope: their error handler re-renders HTML forms.
  await app.register(async (scope) => registerAuthFormRoutes(scope, deps));
  await app.register(async (scope) => registerOidcRoutes(scope, deps));
}
