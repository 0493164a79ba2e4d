import { apiBase } from '@app/contracts';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  HTTPMethods,
  RouteOptions,
} from 'fastify';
import { withPortfolioScope } from '../lib/portfolio-scope.ts';
import {
  type AccessTokenResolver,
  assertTokenAccess,
  bearerToken,
  invalidToken,
} from './access-token-auth.ts';
import { assertCleanInput } from './clean-input.ts';
import { assertCsrf, type CsrfOptions, safeMethods } from './csrf.ts';
import { authRequired } from './errors.ts';
import { type IdempotencyOptions, registerIdempotency } from './idempotency.ts';
import type { InternalRequestMark } from './internal-requests.ts';
import { resolveSession, type SessionCookieOptions, type SessionResolver } from './sessions.ts';
import { resolveSharedPortfolio, type SharedPortfolioResolver } from './shared-portfolios.ts';

/** Who may call a route: anyone, or a signed-in user only. Every `/api` route says which. */
export type RouteAccess = 'public' | 'user';
export const routeAccessLevels: readonly RouteAccess[] = ['public', 'user'];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every route under `/api`; the scope refuses to register a route without it. */
    auth?: RouteAccess;
  }
  interface FastifyInstance {
    /** Every route of the app as registered (tests generate their suites from it). */
    routeTable: RouteEntry[];
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  auth: RouteAccess | undefined;
  schema: FastifySchema | undefined;
  config: FastifyContextConfig | undefined;
  inApiScope: boolean;
}

export interface ApiScopeOptions extends SessionCookieOptions {
  sessions: SessionResolver;
  csrf: CsrfOptions;
  /** Where `Idempotency-Key` answers are kept (the app always passes it; bare scope tests may not). */
  idempotency?: IdempotencyOptions;
  /** Personal access tokens (`Authorization: Bearer`), and the limit on each token's requests. */
  tokens?: {
    resolver: AccessTokenResolver;
    limit(tokenId: string): Promise<void>;
    /**
     * Marks the server's own requests (an MCP tool calling a route): the token is still resolved
     * and checked as on any request, but the call was counted and recorded as the tool's use.
     */
    internal?: InternalRequestMark;
  };
  /** Portfolios shared between accounts; without it every route keeps to the caller's own rows. */
  shares?: SharedPortfolioResolver;
}

/** A token's request has no browser session; the routes that read one see the token's instead. */
const noExpiry = new Date('9999-12-31T00:00:00.000Z');

function methodsOf(route: RouteOptions): string[] {
  const methods: HTTPMethods[] = Array.isArray(route.method) ? route.method : [route.method];
  return methods.map((m) => m.toUpperCase());
}

function isApiPath(url: string): boolean {
  return url === apiBase || url.startsWith(`${apiBase}/`);
}

function runScoped(request: FastifyRequest, done: () => void): void {
  const ids = request.accessToken?.portfolioIds;
  if (ids) withPortfolioScope(ids, () => done());
  else done();
}

/**
 * Records every route in `app.routeTable`. Call before any route is registered; `onReady`
 * refuses to start when an `/api` route was registered outside the API scope.
 */
export function registerRouteTable(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    for (const method of methodsOf(route)) {
      table.push({
        method,
        url: route.url,
        auth: route.config?.auth,
        schema: route.schema,
        config: route.config,
        inApiScope: false,
      });
    }
  });
  app.addHook('onReady', async () => {
    const outside = table.filter((r) => isApiPath(r.url) && !r.inApiScope);
    if (outside.length > 0) {
      const list = outside.map((r) => `${r.method} ${r.url}`).join(', ');
      throw new Error(`routes under ${apiBase} must be registered inside the API scope: ${list}`);
    }
  });
}

/**
 * The one `/api` scope. Routes registered through `routes(api)` get, in this order:
 * the session (onRequest), the auth guard (onRequest, before the body is even read, so a
 * signed-out caller learns nothing about the schema), then CSRF for every non-read method
 * (preValidation: after parsing, so the server-rendered forms can carry the token as a field,
 * and before validation), then the contract's clean-text rule over body, query and params. All
 * are decided by the matched route's method and config, never by URL text, so no spelling of a
 * path can skip them.
 */
export async function registerApiScope(
  app: FastifyInstance,
  options: ApiScopeOptions,
  routes: (api: FastifyInstance) => Promise<void>,
): Promise<void> {
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);
  app.decorateRequest('accessToken', null);
  const internalRequests = new WeakSet<object>();
  await app.register(async (api) => {
    api.addHook('onRoute', (route) => {
      const name = `${methodsOf(route).join(',')} ${route.url}`;
      if (!isApiPath(route.url)) throw new Error(`${name}: the API scope serves ${apiBase}/ paths only`);
      const access = route.config?.auth;
      if (access === undefined || !routeAccessLevels.includes(access)) {
        throw new Error(`${name}: declare config.auth as 'public' or 'user'`);
      }
      const methods = new Set(methodsOf(route));
      for (const entry of app.routeTable) {
        if (entry.url === route.url && methods.has(entry.method)) entry.inApiScope = true;
      }
    });
    // Callback style: a public route serving the same data to everyone reads no session, so it
    // passes without a promise and a microtask (its answers are the most frequent: market lists).
    api.addHook('onRequest', (request, reply, done) => {
      const { auth, publicData } = request.routeOptions.config;
      const bearer = options.tokens ? bearerToken(request) : undefined;
      if (bearer !== undefined && options.tokens) {
        // A token stands alone: cookies sent beside it are not read, so it is never mixed with a session.
        const tokens = options.tokens;
        const internal = tokens.internal?.is(request) === true;
        if (internal) internalRequests.add(request);
        (async () => {
          const resolved = bearer === '' ? null : await tokens.resolver.resolve(bearer, request.ip);
          if (!resolved) throw invalidToken();
          request.user = resolved.user;
          request.accessToken = resolved.token;
          request.session = {
            id: `token:${resolved.token.id}`,
            expiresAt: resolved.expiresAt ?? noExpiry,
            viaOidc: false,
          };
          assertTokenAccess(request, resolved.token);
          if (!internal) await tokens.limit(resolved.token.id);
        })().then(
          () => done(),
          (error: Error) => done(error),
        );
        return;
      }
      if (auth === 'public' && publicData === true) return done();
      resolveSession(request, reply, options).then(
        () => done(auth !== 'public' && !request.user ? authRequired() : undefined),
        (error: Error) => done(error),
      );
    });
    api.addHook('preValidation', async (request) => {
      // A bearer token is sent by a script, never attached by a browser on its own: no forgery to stop.
      if (!safeMethods.has(request.method) && !request.accessToken) assertCsrf(request, options.csrf);
      assertCleanInput(request);
    });
    // The handler runs inside the token's portfolio scope (set here, after the body is read, so
    // no stream callback runs outside it); the ledger's repositories read it. On a portfolio
    // shared with the caller it runs as the owner, where only that portfolio exists: the owner's
    // ledger, settings and write path serve it, and nothing else of the owner's is in reach.
    api.addHook('preHandler', (request, _reply, done) => {
      const shares = options.shares;
      if (shares && request.routeOptions.config.shared) {
        resolveSharedPortfolio(request, shares).then(
          (share) => {
            if (!share) return runScoped(request, done);
            request.user = share.owner;
            withPortfolioScope([share.portfolioId], () => done());
          },
          (error: Error) => done(error),
        );
        return;
      }
      runScoped(request, done);
    });
    if (options.tokens) {
      const { resolver } = options.tokens;
      api.addHook('onResponse', (request, reply, done) => {
        const token = request.accessToken;
        if (token && !internalRequests.has(request)) {
          resolver.recordUse(token.id, {
            kind: 'route',
            target: `${request.method} ${request.routeOptions.url ?? ''}`,
            status: reply.statusCode,
          });
        }
        done();
      });
    }
    // After session, auth, CSRF and validation: a repeated key answers only to its own user.
    if (options.idempotency) registerIdempotency(api, options.idempotency);
    await routes(api);
  });
}
