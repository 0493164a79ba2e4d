import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type Config, trustProxyOption } from './config.ts';
import type { Db } from './db/client.ts';
import { createDbIdempotencyStore } from './db/idempotency-store.ts';
import { createDbRateLimitCounter } from './db/rate-limit-counter.ts';
import type { WriteGeneration } from './db/table-writes.ts';
import { createMemoryEventBus, type EventBus } from './events/event-bus.ts';
import type { Mailer } from './integrations/mail/index.ts';
import { SnapshotProvider } from './integrations/market-data/index.ts';
import { createOidcClient, type OidcClient } from './integrations/oidc/oidc-client.ts';
import { dailyBackupQueue } from './jobs/backup.job.ts';
import {
  connectionSyncDueQueue,
  connectionSyncQueue,
  registerConnectionSyncJobs,
} from './jobs/connection-sync.job.ts';
import { jobHealth, queueCounts } from './jobs/job-health.ts';
import type { JobQueue } from './jobs/queue/index.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import type { HostLookup } from './lib/outbound-guard.ts';
import { findServerPackageRoot } from './lib/package-root.ts';
import { registerAccountModule } from './modules/account/index.ts';
import { createAlertsService, registerAlertRoutes } from './modules/alerts/index.ts';
import {
  createAccessTokenService,
  createAuthService,
  createOidcService,
  createSessionService,
  registerAccessTokenRoutes,
  registerAuthRoutes,
} from './modules/auth/index.ts';
import {
  type ConnectionsModule,
  type ExchangeCallOptions,
  type ExplorerCallOptions,
  registerConnectionsModule,
} from './modules/connections/index.ts';
import { createDashboardService, registerDashboardRoutes } from './modules/dashboard/index.ts';
import { createDeliveryParts, type DeliveryParts, registerDeliveryModule } from './modules/delivery/index.ts';
import { createStreamHub, registerEventRoutes } from './modules/events/index.ts';
import {
  createHealthService,
  createOperatorMetrics,
  registerHealthRoutes,
  registerMetricsRoutes,
} from './modules/health/index.ts';
import { createIndicatorsService, registerIndicatorRoutes } from './modules/indicators/index.ts';
import { createInsightsService, registerInsightsRoutes } from './modules/insights/index.ts';
import { createInstanceService, createSignupGate, registerInstanceRoutes } from './modules/instance/index.ts';
import { createLedger, createShareResolver } from './modules/ledger/index.ts';
import type { MarketReader } from './modules/market/index.ts';
import {
  createCoinImageCache,
  createMarketService,
  isMarketService,
  type MarketService,
  registerMarketRoutes,
} from './modules/market/index.ts';
import { registerMcpRoutes } from './modules/mcp/index.ts';
import {
  createConnectionFailureNotifier,
  createNotificationsService,
  registerNotificationRoutes,
} from './modules/notifications/index.ts';
import { createPageShells } from './modules/page-shells/index.ts';
import {
  createPortfoliosService,
  createSharesService,
  registerPortfolioRoutes,
  registerShareRoutes,
} from './modules/portfolios/index.ts';
import { createProjectionsService, registerProjectionRoutes } from './modules/projections/index.ts';
import { createSettingsService, registerSettingsRoutes } from './modules/settings/index.ts';
import { createSubscriptionService, registerSubscriptionRoutes } from './modules/subscription/index.ts';
import { registerTaxModule } from './modules/tax/index.ts';
import { createTerminalService, registerTerminalRoutes } from './modules/terminal/index.ts';
import {
  createCsvImportService,
  createTransactionOptionsService,
  createTransactionsService,
  registerTransactionRoutes,
} from './modules/transactions/index.ts';
import {
  createCarriedCostSource,
  createTransfersService,
  registerTransferRoutes,
} from './modules/transfers/index.ts';
import { createWatchlistsService, registerWatchlistRoutes } from './modules/watchlists/index.ts';
import { registerApiScope, registerRouteTable } from './plugins/api-scope.ts';
import { clientErrorHandler } from './plugins/client-errors.ts';
import { registerJsonCompression } from './plugins/compress-json.ts';
import { registerCookiesAndForms } from './plugins/cookies-and-forms.ts';
import { frameworkErrors, registerErrorHandler } from './plugins/errors.ts';
import { createInternalRequestMark } from './plugins/internal-requests.ts';
import { AccessLogController, loggerOptions, requestLoggerFactory } from './plugins/logger.ts';
import { normaliseUrl } from './plugins/normalise-url.ts';
import { registerOpenApiRoutes, serverVersion } from './plugins/openapi.ts';
import {
  defaultRateLimits,
  FixedWindowLimiter,
  type RateLimits,
  registerRateLimit,
} from './plugins/rate-limit.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { resolveSession } from './plugins/sessions.ts';
import { registerStaticWeb } from './plugins/static-web.ts';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  mailer: Mailer;
  clock?: Clock;
  /** The built SPA; defaults to apps/web/dist next to this package. */
  webDist?: string;
  rateLimits?: Partial<RateLimits>;
  /** Overrides the pino logger (tests pass false). */
  logger?: FastifyServerOptions['logger'];
  /** Market data for every module; main passes the cached reader. Defaults to the offline snapshot. */
  market?: MarketReader;
  /** The event bus behind the SSE stream; defaults to an in-memory bus (one process). */
  bus?: EventBus;
  /** Registers extra routes inside the API scope (tests add probes this way). */
  extendApi?: (api: FastifyInstance) => void | Promise<void>;
  /** Overrides the identity provider client (default: from config.oidc). */
  oidcClient?: OidcClient;
  /** Whether the first account on an empty database starts verified (default: when SMTP_URL is unset). */
  autoVerifyFirstAccount?: boolean;
  /** Alert delivery's sender (main shares it with its outbox worker); built from config when absent. */
  delivery?: DeliveryParts;
  /** Runs when the app closes, after the listener stops (main closes the database here). */
  onClose?: () => Promise<void>;
  /** The database's session write generation (PGlite): signed-in requests then skip the session query. */
  sessionWrites?: WriteGeneration | undefined;
  /**
   * The durable job queue wallet syncs run on (main creates, starts and stops it). Without one a
   * "sync now" runs in this process at once, and nothing is scheduled (tests).
   */
  jobs?: JobQueue;
  /** Explorer calls' retries and timeout: tests keep them short. */
  explorerCalls?: ExplorerCallOptions;
  /** Exchange calls' pacing and timeout: tests keep them short. */
  exchangeCalls?: ExchangeCallOptions;
  /**
   * Whether a new connection's first sync is asked for at once (default: with a job queue, as
   * the server runs). Tests that run each sync themselves leave it off.
   */
  syncOnCreate?: boolean;
  /** Receives the wallet connections' sync once built: tests run syncs and wait for them. */
  onConnections?: (connections: ConnectionsModule) => void;
  /**
   * Resolves the hosts of webhooks and coin logos for the outbound guard (default: the system's
   * resolver). Tests answer names the way a DNS server could, a private address included.
   */
  outboundLookup?: HostLookup;
}

/** Builds the whole HTTP app without listening, so tests drive it with inject(). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db, mailer } = options;
  const clock = options.clock ?? systemClock;
  const packageRoot = findServerPackageRoot();
  const rateLimits: RateLimits = { ...defaultRateLimits, ...options.rateLimits };
  // The cached market service serves the market routes; other modules read it as a MarketReader.
  // A test may pass a plain reader for its own module; the market routes then use the snapshot.
  const marketService: MarketService =
    options.market && isMarketService(options.market)
      ? options.market
      : createMarketService({ db, provider: new SnapshotProvider(), clock, historyDays: 3650 });
  const market: MarketReader = options.market ?? marketService;
  const bus = options.bus ?? createMemoryEventBus();
  const delivery = options.delivery ?? createDeliveryParts(config, mailer, options.outboundLookup);
  const images = createCoinImageCache({
    clock,
    origin: config.coinImageOrigin,
    lookup: options.outboundLookup,
  });

  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    logController: new AccessLogController(),
    childLoggerFactory: requestLoggerFactory,
    // Every spelling of a path (escapes, `//`, `/./`, case under /api) routes as its canonical form.
    rewriteUrl: (request) => normaliseUrl(request.url ?? '/'),
    frameworkErrors,
    clientErrorHandler,
    bodyLimit: 1024 * 1024,
    trustProxy: trustProxyOption(config.trustProxy),
    // Keep the id short and random; it is echoed in logs only.
    requestIdHeader: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerRouteTable(app);

  // The client sends a JSON content type even on body-less POSTs, so an empty body is no body.
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') {
      done(null, undefined);
      return;
    }
    // The default parser is callback-based; its return value carries nothing.
    void defaultJsonParser(request, typeof body === 'string' ? body : body.toString('utf8'), done);
  });

  const sessions = createSessionService({ db, clock, writes: options.sessionWrites });
  // Built before the API scope: /mcp, outside it, reads each caller's base currency too.
  const settings = createSettingsService({ db, clock });
  const accessTokens = createAccessTokenService({ db, clock, logger: app.log });
  const signupGate = createSignupGate({ db, clock });
  const auth = createAuthService({
    db,
    clock,
    mailer,
    sessions,
    signupGate,
    adminEmails: config.instanceAdminEmails,
    publicUrl: config.publicUrl,
    logger: app.log,
    // Spec'd friction removed: with no SMTP server, the first account on a fresh server
    // (the single user of a home install) cannot receive mail, so it starts verified.
    autoVerifyFirstAccount: options.autoVerifyFirstAccount ?? config.smtpUrl === undefined,
  });
  const oidcClient =
    options.oidcClient ??
    (config.oidc
      ? createOidcClient({ ...config.oidc, redirectUri: `${config.publicUrl}/api/auth/callback` })
      : null);
  const oidc = oidcClient
    ? {
        client: oidcClient,
        service: createOidcService({
          db,
          clock,
          sessions,
          auth,
          signupGate,
          adminEmails: config.instanceAdminEmails,
        }),
      }
    : null;
  const cookieOptions = { secure: config.secure };
  const csrfOptions = { secret: config.sessionSecret, secure: config.secure };

  await registerSecurityHeaders(app, { secure: config.secure });
  registerJsonCompression(app);
  await registerCookiesAndForms(app);
  await registerRateLimit(app, createDbRateLimitCounter(db));

  await registerHealthRoutes(app, { health: createHealthService({ db, clock, market }) });
  await registerMetricsRoutes(app, {
    metrics: config.metrics.enabled
      ? createOperatorMetrics({
          db,
          clock,
          market: () => market.describe(),
          queues: options.jobs
            ? queueCounts(options.jobs, [connectionSyncQueue, connectionSyncDueQueue, dailyBackupQueue])
            : undefined,
        })
      : null,
    token: config.metrics.token,
  });

  // One limit per token, shared by the REST routes and /mcp; the MCP tools' own calls to the
  // routes carry the internal mark, so a tool call counts once.
  const perToken = new FixedWindowLimiter(
    app.rateLimitCounter,
    { max: config.limits.tokenRequestsPerMinute, windowMs: 60_000 },
    'token',
  );
  const tokenLimit = (tokenId: string) => perToken.hit(tokenId);
  const internalRequests = createInternalRequestMark();

  // Every /api route lives in this one scope: session, auth guard and CSRF come from its hooks.
  const scopeOptions = {
    ...cookieOptions,
    sessions,
    csrf: csrfOptions,
    idempotency: { store: createDbIdempotencyStore(db), clock },
    tokens: { resolver: accessTokens, limit: tokenLimit, internal: internalRequests },
    shares: createShareResolver(db),
  };
  await registerApiScope(app, scopeOptions, async (api) => {
    await registerAuthRoutes(api, {
      auth,
      sessions,
      csrf: csrfOptions,
      cookies: cookieOptions,
      rateLimits,
      publicDir: join(packageRoot, 'public'),
      authMode: config.authMode,
      oidc,
      publicUrl: config.publicUrl,
      clock,
      signupGate,
    });
    await registerAccessTokenRoutes(api, { tokens: accessTokens });
    await registerSubscriptionRoutes(api, { subscription: createSubscriptionService({ clock }) });

    // Every module in dependency order: each reads only the ones above it in this list.
    await registerSettingsRoutes(api, { settings });
    const ledger = createLedger({ db, clock, market, preferences: settings });
    const { limits } = config;
    const books = {
      db,
      clock,
      market,
      preferences: settings,
      ledgers: ledger.ledgers,
      transactionsPerPortfolio: limits.transactionsPerPortfolio,
    };
    const transactions = createTransactionsService(books);
    await registerPortfolioRoutes(api, {
      portfolios: createPortfoliosService({ ...books, portfoliosPerUser: limits.portfoliosPerUser }),
      transactions,
      csv: createCsvImportService({ ...books, closes: ledger.closes }),
    });
    await registerShareRoutes(api, { shares: createSharesService({ db, clock }) });
    await registerTransactionRoutes(api, {
      transactions,
      options: createTransactionOptionsService(books),
    });
    const transfers = createTransfersService(books);
    // Deposits of unknown cost take the cost their withdrawal carried, in every book of the ledger.
    ledger.ledgers.useCarriedCosts(createCarriedCostSource({ ...books, state: transfers.state }));
    await registerTransferRoutes(api, { transfers });
    await registerDashboardRoutes(api, {
      dashboard: createDashboardService(books),
      preferences: settings,
      market,
      clock,
    });
    const { tax, lotChoiceCheck } = await registerTaxModule(api, {
      ...books,
      closes: ledger.closes,
      transfers,
    });
    // A write that touches a sale's named lots is checked by the tax module, above transactions.
    transactions.useLotChoiceCheck(lotChoiceCheck);
    const watchlists = createWatchlistsService({
      db,
      clock,
      coins: marketService,
      watchlistsPerUser: limits.watchlistsPerUser,
    });
    const terminal = createTerminalService({
      market: marketService,
      settings,
      watchlists,
      positions: () => ledger.positions,
    });
    await registerMarketRoutes(api, {
      market: marketService,
      marketSelect: terminal.marketSelect,
      images,
    });
    await registerTerminalRoutes(api, { market: marketService, terminal });
    await registerWatchlistRoutes(api, { watchlists });
    await registerProjectionRoutes(api, {
      projections: createProjectionsService({
        db,
        clock,
        market,
        positions: ledger.positions,
        projectionsPerUser: limits.projectionsPerUser,
      }),
    });
    const jobs = options.jobs;
    const connections = await registerConnectionsModule(api, {
      db,
      clock,
      // The connections module seals and fingerprints with the key it calls sessionSecret: the
      // secrets key, which is the session secret only while no SECRETS_KEY is given.
      config: { ...config, sessionSecret: config.secrets.key },
      ledgers: ledger.ledgers,
      closes: ledger.closes,
      market,
      // Notifications sit above connections: their writer is handed down from here.
      notifier: createConnectionFailureNotifier({ bus }),
      explorerCalls: options.explorerCalls,
      exchangeCalls: options.exchangeCalls,
      proposedPartners: (userId) => transfers.proposedPartners(userId),
      syncOnCreate: options.syncOnCreate ?? jobs !== undefined,
      runner: jobs ? (sync) => registerConnectionSyncJobs(jobs, sync, { logger: app.log }) : undefined,
    });
    options.onConnections?.(connections);
    await registerAlertRoutes(api, { alerts: createAlertsService({ db, clock, market }) });
    await registerNotificationRoutes(api, {
      notifications: createNotificationsService({ db }),
    });
    await registerIndicatorRoutes(api, { indicators: createIndicatorsService({ market }) });
    await registerEventRoutes(api, { hub: createStreamHub({ bus, clock }) });
    await registerDeliveryModule(api, { db, clock, config, parts: delivery });
    await registerInsightsRoutes(api, {
      insights: createInsightsService({
        db,
        clock,
        market,
        preferences: settings,
        ledgers: ledger.ledgers,
        tax,
        narrationAvailable: config.llm.baseUrl !== undefined,
      }),
      llm: config.llm.baseUrl
        ? {
            baseUrl: config.llm.baseUrl,
            apiKey: config.llm.apiKey,
            model: config.llm.model,
            firstByteTimeoutMs: config.llm.timeoutMs,
            idleTimeoutMs: config.llm.timeoutMs,
          }
        : null,
      narrationsPerHour: limits.narrationsPerHour,
    });
    // The whole account (deletion, export, import) reads every table above: last of the modules.
    const account = await registerAccountModule(api, {
      db,
      clock,
      mailer,
      logger: app.log,
      rateLimits,
      cookies: cookieOptions,
      csrf: csrfOptions,
      limits,
    });
    // Running the instance: sign-ups, invitations and other accounts, for its administrators.
    await registerInstanceRoutes(
      api,
      createInstanceService({
        db,
        clock,
        publicUrl: config.publicUrl,
        market: () => marketService.describe(),
        jobs: jobs ? jobHealth(jobs, [connectionSyncQueue, connectionSyncDueQueue]) : undefined,
        deleteAccount: (userId) => account.deleteAccountForAdministrator(userId),
      }),
    );
    await options.extendApi?.(api);
    registerOpenApiRoutes(api, { version: serverVersion(packageRoot) });
  });

  // Outside /api: bearer tokens only, no session or CSRF; each tool calls the routes above.
  await registerMcpRoutes(app, {
    tokens: accessTokens,
    limit: tokenLimit,
    internal: internalRequests,
    market: () => marketService.describe(),
    baseCurrency: async (userId) => (await settings.get(userId)).base_currency,
    clock,
    version: serverVersion(packageRoot),
    publicOrigin: new URL(config.publicUrl).origin,
  });

  const webDist = options.webDist ?? join(packageRoot, '..', 'web', 'dist');
  await registerStaticWeb(app, {
    webDist,
    publicDir: join(packageRoot, 'public'),
    // A signed-in page opens with its heading, and in demo mode the demo banner, in its
    // HTML. The session is checked as the API scope checks it (an expired cookie is cleared, a
    // sliding one renewed).
    shells: createPageShells({ webDist, db, market: () => marketService.describe() }),
    user: async (request, reply) => {
      await resolveSession(request, reply, { ...cookieOptions, sessions });
      return request.user && { id: request.user.id, emailVerified: request.user.email_verified };
    },
  });

  app.addHook('onClose', async () => {
    await mailer.close?.();
    if (!options.delivery) delivery.sender.close();
    await images.close();
    await options.onClose?.();
  });
  return app;
}
