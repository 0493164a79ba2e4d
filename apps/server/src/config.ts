import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { type ExchangeId, exchangeIds } from '@app/contracts';
import { z } from 'zod';
import { type SecretsKeys, secretsKeysFrom } from './config-secrets-key.ts';

export type { SecretsKeys } from './config-secrets-key.ts';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();
const optionalUrl = optionalText.pipe(z.url().optional());

/** The public explorers, used unless the operator names their own (a self-hosted Esplora, say). */
const defaultEsploraUrl = 'https://mempool.space/api';
const defaultEtherscanUrl = 'https://api.etherscan.io/v2/api';

const exchangeUrlsSchema = z.partialRecord(
  z.enum(exchangeIds),
  z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, '')),
);

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  MARKET_DATA: z.enum(['auto', 'coingecko', 'snapshot']).default('auto'),
  DEMO_MARKET_DATE: optionalText.pipe(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day, YYYY-MM-DD')
      .refine((day) => isCalendarDay(day), 'is not a calendar day')
      .optional(),
  ),
  COINGECKO_API_KEY: optionalText,
  COINGECKO_BASE_URL: optionalUrl,
  // Where coin logos are fetched from instead of the host in their URL: a mirror, or a test's fake.
  COIN_IMAGE_ORIGIN: optionalUrl,
  COINGECKO_CALLS_PER_MINUTE: z.coerce.number().int().min(1).max(1000).default(30),
  BINANCE_ENABLED: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  BINANCE_BASE_URL: optionalUrl,
  // Binance documents 6,000 request weight per IP per minute; the default leaves most of it to others.
  BINANCE_WEIGHT_PER_MINUTE: z.coerce.number().int().min(10).max(6000).default(1200),
  MARKET_REFRESH_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
  AUTH_MODE: z
    .string()
    .trim()
    .default('local')
    .transform((value, ctx) => {
      const modes = value.split(',').map((m) => m.trim().toLowerCase());
      const unknown = modes.filter((m) => m !== 'local' && m !== 'oidc');
      if (unknown.length > 0 || modes.length === 0) {
        ctx.addIssue({ code: 'custom', message: 'use local, oidc, or local,oidc' });
        return z.NEVER;
      }
      return { local: modes.includes('local'), oidc: modes.includes('oidc') };
    }),
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_SCOPES: optionalText,
  SESSION_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  // Checked in loadConfig: the messages must not repeat the key, and the file is read there.
  SECRETS_KEY: optionalText,
  SECRETS_KEY_FILE: optionalText,
  SECRETS_KEY_PREVIOUS: optionalText,
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: optionalText,
  // Accounts with these emails run the instance from their sign-up or next sign-in, beside the first one.
  INSTANCE_ADMIN_EMAILS: optionalText.pipe(
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((e) => e.trim().toLowerCase())
          .filter((e) => e.length > 0),
      )
      .pipe(z.array(z.email('must be a comma-separated list of email addresses')))
      .optional(),
  ),
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: optionalText,
  LLM_MODEL: optionalText,
  LLM_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(600).default(20),
  PUBLIC_URL: optionalUrl,
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(120).default(10),
  // Wallet sync: the explorers, their request budgets, how often and how settled.
  ESPLORA_BASE_URL: optionalUrl,
  ETHERSCAN_BASE_URL: optionalUrl.pipe(
    z
      .string()
      .regex(/\/v2\/api\/?$/, 'must be Etherscan API V2, ending in /v2/api')
      .optional(),
  ),
  ETHERSCAN_API_KEY: optionalText,
  // mempool.space and Blockstream ask for restraint without publishing a number; a few a second is polite.
  ESPLORA_REQUESTS_PER_SECOND: z.coerce.number().min(0.1).max(1000).default(4),
  // Etherscan's free plan allows 5 calls a second per key; one is left for anything else using it.
  ETHERSCAN_REQUESTS_PER_SECOND: z.coerce.number().min(0.1).max(1000).default(4),
  CONNECTION_SYNC_INTERVAL_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 7)
    .default(6),
  BITCOIN_CONFIRMATIONS: z.coerce.number().int().min(1).max(100).default(1),
  EVM_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(1),
  // Each exchange's requests per second across every process; unset, the exchange's own pace as ccxt knows it.
  EXCHANGE_REQUESTS_PER_SECOND: z.coerce.number().min(0.1).max(1000).optional(),
  // Exchange sync: an API base URL per ccxt exchange id, replacing the exchange's own (tests, proxies).
  EXCHANGE_API_URLS: optionalText.pipe(
    z
      .string()
      .transform((text, ctx) => {
        const parsed = exchangeUrlsSchema.safeParse(safeJson(text));
        if (parsed.success) return parsed.data;
        ctx.addIssue({
          code: 'custom',
          message: `must be a JSON object from exchange id (${exchangeIds.join(', ')}) to an http(s) URL`,
        });
        return z.NEVER;
      })
      .optional(),
  ),
  // Per-account limits: high enough never to meet in use, finite so no account can fill the server.
  LIMIT_PORTFOLIOS_PER_USER: z.coerce.number().int().min(1).max(1_000_000).default(100),
  LIMIT_WATCHLISTS_PER_USER: z.coerce.number().int().min(1).max(1_000_000).default(50),
  LIMIT_PROJECTIONS_PER_USER: z.coerce.number().int().min(1).max(1_000_000).default(200),
  LIMIT_CONNECTIONS_PER_USER: z.coerce.number().int().min(1).max(1_000_000).default(50),
  LIMIT_TRANSACTIONS_PER_PORTFOLIO: z.coerce.number().int().min(1).max(100_000_000).default(200_000),
  // Each narration is a paid model call and each test send a request to an outside address.
  LIMIT_NARRATIONS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
  LIMIT_TEST_SENDS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  // A script or an assistant with a token: generous for a dashboard refresh, finite for a loop gone wrong.
  LIMIT_TOKEN_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(300),
  // Operator metrics at /metrics, off unless asked for; without a token, for this machine only.
  METRICS: z.enum(['off', 'on']).default('off'),
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  // Daily backups into DATA_DIR/backups: on unless turned off, keeping the newest few.
  BACKUP_SCHEDULE: z.enum(['daily', 'off']).default('daily'),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  LOG_LEVEL: z.enum(logLevels).default('info'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  marketData: 'auto' | 'coingecko' | 'snapshot';
  /**
   * The day whose draw the demo market shows on every day (YYYY-MM-DD), so tests and screenshots
   * see the same market whenever they run; unset, the demo market moves with the calendar.
   */
  demoMarketDate: string | undefined;
  coingecko: { apiKey: string | undefined; baseUrl: string | undefined; callsPerMinute: number };
  /** The origin coin logos are fetched from: a mirror or a test's fake; by default, their own host. */
  coinImageOrigin: string | undefined;
  /** The second real provider: older daily history and current prices while CoinGecko fails. */
  binance: { enabled: boolean; baseUrl: string | undefined; weightPerMinute: number };
  /** MARKET_REFRESH_SECONDS in ms. */
  marketRefreshMs: number;
  /** Sign-in, sign-up, reset and resend attempts per client IP (and per account) per minute. */
  authRateLimitPerMinute: number;
  /**
   * Which X-Forwarded-For hops to believe for the client address (rate limits, logs): false
   * (none: the socket's peer is the client), a hop count, or the proxies' addresses and CIDRs.
   */
  trustProxy: TrustProxy;
  /** Which sign-in methods are on: built-in accounts, an OpenID Connect provider, or both. */
  authMode: { local: boolean; oidc: boolean };
  /** The identity provider, when AUTH_MODE includes oidc. */
  oidc: OidcConfig | null;
  /** Signs CSRF tokens; by default also the secrets key (see `secrets`). */
  sessionSecret: string;
  /** What stored secrets are sealed with now, and what they may still be sealed with from before. */
  secrets: SecretsKeys;
  smtpUrl: string | undefined;
  /** METRICS and METRICS_TOKEN. */
  metrics: { enabled: boolean; token: string | undefined };
  /** INSTANCE_ADMIN_EMAILS, lower-cased. */
  instanceAdminEmails: readonly string[];
  mailFrom: string;
  /** An OpenAI-compatible endpoint for optional narration; `timeoutMs` bounds the wait for each chunk. */
  llm: {
    baseUrl: string | undefined;
    apiKey: string | undefined;
    model: string | undefined;
    timeoutMs: number;
  };
  publicUrl: string;
  /** Alert delivery: private/loopback webhook targets allowed, and one send's time limit. */
  webhooks: { allowPrivate: boolean; timeoutMs: number };
  /** The block explorers wallet syncs read: where, with which key, and how fast each may be asked. */
  explorers: {
    esplora: { baseUrl: string; requestsPerSecond: number };
    etherscan: { baseUrl: string; apiKey: string | undefined; requestsPerSecond: number };
  };
  /**
   * How often each connection is read again (CONNECTION_SYNC_INTERVAL_HOURS in ms), and how many
   * blocks deep a Bitcoin or an EVM transaction must be before it is booked (fewer: shown as pending).
   */
  connectionSync: { intervalMs: number; bitcoinConfirmations: number; evmConfirmations: number };
  /** Exchange ids whose API is read at another address than the exchange's own (EXCHANGE_API_URLS). */
  exchangeApiUrls: Partial<Record<ExchangeId, string>>;
  /** EXCHANGE_REQUESTS_PER_SECOND, when set: every exchange paced at it instead of its own pace. */
  exchangeRequestsPerSecond: number | null;
  /** What one account may hold and how often it may ask for the costly things (LIMIT_*). */
  limits: Limits;
  /** The scheduled backup (BACKUP_SCHEDULE) and how many of its files are kept (BACKUP_KEEP). */
  backups: { schedule: 'daily' | 'off'; keep: number };
  /** Cookies get `Secure` and CSP gets `upgrade-insecure-requests` only behind https. */
  secure: boolean;
  logLevel: (typeof logLevels)[number];
}

export type TrustProxy = false | number | string[];

export interface Limits {
  portfoliosPerUser: number;
  watchlistsPerUser: number;
  projectionsPerUser: number;
  /** Wallet and exchange connections together. */
  connectionsPerUser: number;
  /** Rows of one portfolio, however they arrive: typed, imported or brought by a sync. */
  transactionsPerPortfolio: number;
  narrationsPerHour: number;
  /** "Send a test" on a delivery channel, over all the user's channels. */
  testSendsPerHour: number;
  /** Requests (REST and MCP tool calls) one personal access token may make per minute. */
  tokenRequestsPerMinute: number;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Space-separated; always contains openid. */
  scopes: string;
}

/** True for a real UTC day: 2026-02-30 parses in some engines, so the day must read back the same. */
function isCalendarDay(day: string): boolean {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === day;
}

/** proxy-addr's names for the private ranges, accepted beside addresses and CIDRs. */
const proxyRangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: `false` (default), a hop count (`1` = one proxy in front), or a comma list of
 * proxy addresses and CIDRs (`10.0.0.0/8,fd00::/8`). `true` is refused: it believes whatever a
 * client writes in X-Forwarded-For, so every address-based limit could be dodged. Returns the
 * problem as a string.
 */
export function parseTrustProxy(value: string): TrustProxy | string {
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return "true would trust any X-Forwarded-For; give a hop count or the proxies' CIDRs";
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 32 ? hops : 'a hop count must be at most 32';
  }
  const entries = value.split(',').map((v) => v.trim());
  for (const entry of entries) {
    if (proxyRangeNames.has(entry)) continue;
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    const max = family === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= max);
    if (family === 0 || !prefixOk || extra !== undefined) {
      return `"${entry}" is not an address, a CIDR or one of loopback, linklocal, uniquelocal`;
    }
  }
  return entries;
}

/** Fastify's option: a hop count becomes the function proxy-addr would build from it. */
export function trustProxyOption(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The only reader of process.env; tests pass their own env object. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`),
    );
  }
  const e = parsed.data;
  const oidc = e.AUTH_MODE.oidc ? oidcConfig(e) : null;
  const dataDir = resolve(cwd, e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://${hostForUrl(e.HOST)}:${e.PORT}`).replace(/\/+$/, '');
  const sessionSecret = e.SESSION_SECRET ?? readOrCreateSessionSecret(dataDir);
  const secrets = secretsKeysFrom(e, { cwd, dataDir, sessionSecret });
  if (!secrets.ok) throw new ConfigError(secrets.problems);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    marketData: e.MARKET_DATA,
    demoMarketDate: e.DEMO_MARKET_DATE,
    coingecko: {
      apiKey: e.COINGECKO_API_KEY,
      baseUrl: e.COINGECKO_BASE_URL,
      callsPerMinute: e.COINGECKO_CALLS_PER_MINUTE,
    },
    coinImageOrigin: e.COIN_IMAGE_ORIGIN,
    binance: {
      enabled: e.BINANCE_ENABLED,
      baseUrl: e.BINANCE_BASE_URL,
      weightPerMinute: e.BINANCE_WEIGHT_PER_MINUTE,
    },
    marketRefreshMs: e.MARKET_REFRESH_SECONDS * 1000,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    trustProxy: e.TRUST_PROXY,
    authMode: e.AUTH_MODE,
    oidc,
    sessionSecret,
    secrets: secrets.keys,
    smtpUrl: e.SMTP_URL,
    instanceAdminEmails: e.INSTANCE_ADMIN_EMAILS ?? [],
    metrics: { enabled: e.METRICS === 'on', token: e.METRICS_TOKEN },
    mailFrom: e.MAIL_FROM ?? 'Exit Liquidity <no-reply@localhost>',
    llm: {
      baseUrl: e.LLM_BASE_URL,
      apiKey: e.LLM_API_KEY,
      model: e.LLM_MODEL,
      timeoutMs: Math.round(e.LLM_TIMEOUT_SECONDS * 1000),
    },
    publicUrl,
    webhooks: {
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
      timeoutMs: Math.round(e.WEBHOOK_TIMEOUT_SECONDS * 1000),
    },
    explorers: {
      esplora: {
        baseUrl: e.ESPLORA_BASE_URL ?? defaultEsploraUrl,
        requestsPerSecond: e.ESPLORA_REQUESTS_PER_SECOND,
      },
      etherscan: {
        baseUrl: e.ETHERSCAN_BASE_URL ?? defaultEtherscanUrl,
        apiKey: e.ETHERSCAN_API_KEY,
        requestsPerSecond: e.ETHERSCAN_REQUESTS_PER_SECOND,
      },
    },
    connectionSync: {
      intervalMs: Math.round(e.CONNECTION_SYNC_INTERVAL_HOURS * 3_600_000),
      bitcoinConfirmations: e.BITCOIN_CONFIRMATIONS,
      evmConfirmations: e.EVM_CONFIRMATIONS,
    },
    exchangeApiUrls: e.EXCHANGE_API_URLS ?? {},
    exchangeRequestsPerSecond: e.EXCHANGE_REQUESTS_PER_SECOND ?? null,
    limits: {
      portfoliosPerUser: e.LIMIT_PORTFOLIOS_PER_USER,
      watchlistsPerUser: e.LIMIT_WATCHLISTS_PER_USER,
      projectionsPerUser: e.LIMIT_PROJECTIONS_PER_USER,
      connectionsPerUser: e.LIMIT_CONNECTIONS_PER_USER,
      transactionsPerPortfolio: e.LIMIT_TRANSACTIONS_PER_PORTFOLIO,
      narrationsPerHour: e.LIMIT_NARRATIONS_PER_HOUR,
      testSendsPerHour: e.LIMIT_TEST_SENDS_PER_HOUR,
      tokenRequestsPerMinute: e.LIMIT_TOKEN_REQUESTS_PER_MINUTE,
    },
    backups: { schedule: e.BACKUP_SCHEDULE, keep: e.BACKUP_KEEP },
    secure: publicUrl.startsWith('https://'),
    logLevel: e.LOG_LEVEL,
  };
}

function oidcConfig(e: {
  OIDC_ISSUER?: string | undefined;
  OIDC_CLIENT_ID?: string | undefined;
  OIDC_CLIENT_SECRET?: string | undefined;
  OIDC_SCOPES?: string | undefined;
}): OidcConfig {
  const missing = (['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const).filter(
    (name) => e[name] === undefined,
  );
  if (missing.length > 0) {
    throw new ConfigError(missing.map((name) => `${name}: required when AUTH_MODE includes oidc`));
  }
  const scopes = (e.OIDC_SCOPES ?? 'openid email profile').split(/[\s,]+/).filter(Boolean);
  if (!scopes.includes('openid')) scopes.unshift('openid');
  return {
    issuer: e.OIDC_ISSUER ?? '',
    clientId: e.OIDC_CLIENT_ID ?? '',
    clientSecret: e.OIDC_CLIENT_SECRET ?? '',
    scopes: scopes.join(' '),
  };
}

function hostForUrl(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** Generated once and kept, so CSRF tokens survive restarts without the operator choosing a secret. */
function readOrCreateSessionSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) {
    const value = readFileSync(file, 'utf8').trim();
    if (value.length >= 32) return value;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
