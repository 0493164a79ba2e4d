import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 4310);
// A fresh data folder per run: the journeys create accounts and read the mail outbox.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'e2e-data-'));
process.env.E2E_DATA_DIR = dataDir;
/**
 * The single sign-on journey's server (sso.spec.ts): AUTH_MODE=local,oidc, its own new data folder,
 * and an OIDC_ISSUER on the next port, where that journey starts its provider (the server asks the
 * provider for its configuration only at the first sign-in). Started with the main server, so
 * creating its database (20-50 s on a loaded machine) is not spent inside the journey's budget.
 */
const ssoPort = port + 200;
const ssoDataDir = process.env.E2E_SSO_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'e2e-sso-'));
process.env.E2E_SSO_DATA_DIR = ssoDataDir;

/**
 * The demo market draws a new day every day; the journeys see the draw of this one, whatever day
 * they run (E2E_DEMO_DATE moves it, to show no journey leans on one day's market).
 */
const demoMarketDate = process.env.E2E_DEMO_DATE ?? '2026-11-15';
process.env.E2E_DEMO_DATE = demoMarketDate;
/** Nothing a test server fetches may leave the machine: every outside origin is a closed local port. */
const closedOrigin = 'http://127.0.0.1:9';
/**
 * The wallet journey's explorer: a fake Esplora on 127.0.0.1 serving the wallet of
 * fixtures/e2e-wallet.json, started beside the server (which syncs from it).
 */
const esploraPort = port + 300;
const esploraUrl = `http://127.0.0.1:${esploraPort}/api`;
/** The exchange journey's Kraken: a fake on 127.0.0.1 serving fixtures/e2e-kraken.json. */
const krakenPort = port + 400;
const krakenUrl = `http://127.0.0.1:${krakenPort}`;

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: join(repoRoot, '.tmp', 'e2e-output'),
  // Files run two at a time (each file's tests in order), one per core: every journey signs up
  // its own account, and the journeys that start servers of their own run at one width only.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    {
      name: 'mobile',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 390, height: 844 },
        isMobile: false,
        hasTouch: true,
      },
    },
  ],
  webServer: [
    {
      command: `node --import tsx apps/server/src/test/fake-esplora-process.ts ${esploraPort} apps/web/e2e/fixtures/e2e-wallet.json`,
      cwd: repoRoot,
      url: `${esploraUrl}/blocks/tip/height`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `node --import tsx apps/server/src/test/fake-kraken-process.ts ${krakenPort} apps/web/e2e/fixtures/e2e-kraken.json`,
      cwd: repoRoot,
      url: `${krakenUrl}/0/public/Time`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node apps/server/dist/main.js',
      cwd: repoRoot,
      url: `http://127.0.0.1:${port}/health-check`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        MARKET_DATA: 'snapshot',
        DEMO_MARKET_DATE: demoMarketDate,
        COIN_IMAGE_ORIGIN: closedOrigin,
        LOG_LEVEL: 'warn',
        // Every journey signs up from this one address; the limit itself is tested in the server suite.
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        // Alert journeys wait for a market refresh (the alert engine runs after each one).
        MARKET_REFRESH_SECONDS: process.env.MARKET_REFRESH_SECONDS ?? '5',
        // The notification-settings journey sends to a fake webhook receiver on 127.0.0.1.
        WEBHOOK_ALLOW_PRIVATE: 'true',
        ESPLORA_BASE_URL: esploraUrl,
        ETHERSCAN_BASE_URL: `${closedOrigin}/v2/api`,
        // Kraken is the journey's fake; the other exchanges answer nowhere.
        EXCHANGE_API_URLS: JSON.stringify({
          kraken: krakenUrl,
          binance: closedOrigin,
          coinbase: closedOrigin,
        }),
        // The fake has no rate limit to keep to; Kraken's own pace would make the journey wait.
        EXCHANGE_REQUESTS_PER_SECOND: '50',
      },
    },
    {
      command: 'node apps/server/dist/main.js',
      cwd: repoRoot,
      url: `http://127.0.0.1:${ssoPort}/health-check`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(ssoPort),
        HOST: '127.0.0.1',
        DATA_DIR: ssoDataDir,
        DATABASE_URL: '',
        MARKET_DATA: 'snapshot',
        DEMO_MARKET_DATE: demoMarketDate,
        COIN_IMAGE_ORIGIN: closedOrigin,
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        // Nothing in that journey waits for a market refresh.
        MARKET_REFRESH_SECONDS: '3600',
        AUTH_MODE: 'local,oidc',
        ESPLORA_BASE_URL: `${closedOrigin}/api`,
        ETHERSCAN_BASE_URL: `${closedOrigin}/v2/api`,
        OIDC_ISSUER: `http://127.0.0.1:${ssoPort + 1}`,
        OIDC_CLIENT_ID: 'exit-liquidity',
        OIDC_CLIENT_SECRET: 'provider-test-secret',
      },
    },
  ],
});
