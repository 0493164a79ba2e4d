import { accountDeleteBodySchema, accountDeletedSchema, accountRoutes, apiBase } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type CsrfOptions, clearCsrfToken } from '../../plugins/csrf.ts';
import { FixedWindowLimiter, type RateLimits } from '../../plugins/rate-limit.ts';
import { clearSessionCookie, requireUser, type SessionCookieOptions } from '../../plugins/sessions.ts';
import type { AccountDeletionService } from './account-deletion.service.ts';

export interface AccountDeletionRouteDeps {
  deletion: AccountDeletionService;
  rateLimits: RateLimits;
  cookies: SessionCookieOptions;
  csrf: CsrfOptions;
}

/** The body carries a password or an email; nothing larger is ever needed. */
const bodyLimit = 64 * 1024;

/**
 * POST /api/auth/delete-account. Under /auth/, so a personal access token never reaches it
 * (plugins/access-token-auth.ts). Limited like sign-in, per address and per account: the password
 * check is what a stolen session would try to guess.
 */
export async function registerAccountDeletionRoutes(
  app: FastifyInstance,
  deps: AccountDeletionRouteDeps,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const perAccount = new FixedWindowLimiter(
    app.rateLimitCounter,
    deps.rateLimits.loginPerEmail,
    'delete-account',
  );
  const perAddress = deps.rateLimits.authPerIp;

  r.post(
    `${apiBase}${accountRoutes.deleteAccount}`,
    {
      bodyLimit,
      config: { auth: 'user', rateLimit: { max: perAddress.max, timeWindow: perAddress.windowMs } },
      schema: { body: accountDeleteBodySchema, response: { 200: accountDeletedSchema } },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      await perAccount.hit(user.id);
      await deps.deletion.deleteAccount(user.id, request.body);
      // The session row is gone already; the cookies go too, as on sign-out.
      clearSessionCookie(reply, deps.cookies);
      clearCsrfToken(reply, deps.csrf);
      reply.header('cache-control', 'no-store');
      return { success: true as const, logout_url: '/landing' };
    },
  );
}
