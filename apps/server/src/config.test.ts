import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseTrustProxy } from './config.ts';

const cwd = mkdtempSync(join(tmpdir(), 'el-config-'));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

describe('config', () => {
  it('gives the embedded defaults and generates a private session secret once', () => {
    const config = loadConfig({}, cwd);
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: join(cwd, 'data'),
      databaseUrl: undefined,
      marketData: 'auto',
      authMode: { local: true, oidc: false },
      oidc: null,
      publicUrl: 'http://127.0.0.1:3000',
      secure: false,
    });
    const file = join(cwd, 'data', 'session-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({}, cwd).sessionSecret).toBe(config.sessionSecret);
  });

  it('names every bad variable', () => {
    try {
      loadConfig(
        {
          PORT: 'abc',
          MARKET_DATA: 'magic',
          DATABASE_URL: 'mysql://x',
          LOG_LEVEL: 'loud',
          SESSION_SECRET: 'x',
        },
        cwd,
      );
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      for (const name of ['PORT', 'MARKET_DATA', 'DATABASE_URL', 'LOG_LEVEL', 'SESSION_SECRET'])
        expect(message).toContain(name);
    }
  });

  it('names Binance and its weight budget, on by default, off on request', () => {
    const secret = { SESSION_SECRET: 'x'.repeat(32) };
    expect(loadConfig(secret, cwd).binance).toEqual({
      enabled: true,
      baseUrl: undefined,
      weightPerMinute: 1200,
    });
    expect(
      loadConfig(
        {
          ...secret,
          BINANCE_ENABLED: 'false',
          BINANCE_BASE_URL: 'http://127.0.0.1:9',
          BINANCE_WEIGHT_PER_MINUTE: '600',
        },
        cwd,
      ).binance,
    ).toEqual({ enabled: false, baseUrl: 'http://127.0.0.1:9', weightPerMinute: 600 });
    expect(() => loadConfig({ ...secret, BINANCE_WEIGHT_PER_MINUTE: '9000' }, cwd)).toThrow(
      /BINANCE_WEIGHT_PER_MINUTE/,
    );
  });

  it('reads DEMO_MARKET_DATE as a calendar day and refuses anything else', () => {
    const secret = { SESSION_SECRET: 'x'.repeat(32) };
    expect(loadConfig(secret, cwd).demoMarketDate).toBeUndefined();
    expect(loadConfig({ ...secret, DEMO_MARKET_DATE: '2026-11-15' }, cwd).demoMarketDate).toBe('2026-11-15');
    for (const bad of ['2026-02-30', '2026-13-01', '15/11/2026', 'tomorrow'])
      expect(() => loadConfig({ ...secret, DEMO_MARKET_DATE: bad }, cwd)).toThrow(/DEMO_MARKET_DATE/);
  });

  it('reads AUTH_MODE=oidc and local,oidc with the provider, and names what is missing', () => {
    const secret = { SESSION_SECRET: 'x'.repeat(32) };
    const provider = {
      OIDC_ISSUER: 'https://id.example.com/realms/home',
      OIDC_CLIENT_ID: 'exit-liquidity',
      OIDC_CLIENT_SECRET: 's3cret',
    };
    const oidc = loadConfig({ ...secret, ...provider, AUTH_MODE: 'oidc' }, cwd);
    expect(oidc.authMode).toEqual({ local: false, oidc: true });
    expect(oidc.oidc).toEqual({
      issuer: provider.OIDC_ISSUER,
      clientId: 'exit-liquidity',
      clientSecret: 's3cret',
      scopes: 'openid email profile',
    });
    const both = loadConfig(
      { ...secret, ...provider, AUTH_MODE: 'local,oidc', OIDC_SCOPES: 'email groups' },
      cwd,
    );
    expect(both.authMode).toEqual({ local: true, oidc: true });
    expect(both.oidc?.scopes).toBe('openid email groups');
    expect(() =>
      loadConfig({ ...secret, AUTH_MODE: 'oidc', OIDC_ISSUER: provider.OIDC_ISSUER }, cwd),
    ).toThrow(/OIDC_CLIENT_ID: required when AUTH_MODE includes oidc/);
    expect(() => loadConfig({ ...secret, AUTH_MODE: 'saml' }, cwd)).toThrow(/AUTH_MODE: use local, oidc/);
  });

  it('names the explorers, their budgets, the sync interval and the confirmations wallet syncs wait for', () => {
    const secret = { SESSION_SECRET: 'x'.repeat(32) };
    const defaults = loadConfig(secret, cwd);
    expect(defaults.explorers).toEqual({
      esplora: { baseUrl: 'https://mempool.space/api', requestsPerSecond: 4 },
      etherscan: { baseUrl: 'https://api.etherscan.io/v2/api', apiKey: undefined, requestsPerSecond: 4 },
    });
    expect(defaults.connectionSync).toEqual({
      intervalMs: 6 * 3_600_000,
      bitcoinConfirmations: 1,
      evmConfirmations: 1,
    });
    const set = loadConfig(
      {
        ...secret,
        ESPLORA_BASE_URL: 'http://127.0.0.1:9/api',
        ETHERSCAN_BASE_URL: 'http://127.0.0.1:9/v2/api',
        ETHERSCAN_API_KEY: ' key ',
        ESPLORA_REQUESTS_PER_SECOND: '2',
        ETHERSCAN_REQUESTS_PER_SECOND: '0.5',
        CONNECTION_SYNC_INTERVAL_HOURS: '0.5',
        BITCOIN_CONFIRMATIONS: '3',
        EVM_CONFIRMATIONS: '12',
      },
      cwd,
    );
    expect(set.explorers).toEqual({
      esplora: { baseUrl: 'http://127.0.0.1:9/api', requestsPerSecond: 2 },
      etherscan: { baseUrl: 'http://127.0.0.1:9/v2/api', apiKey: 'key', requestsPerSecond: 0.5 },
    });
    expect(set.connectionSync).toEqual({
      intervalMs: 1_800_000,
      bitcoinConfirmations: 3,
      evmConfirmations: 12,
    });
    // Etherscan's V1 paths answer nothing useful any more: the variable must name V2.
    expect(() => loadConfig({ ...secret, ETHERSCAN_BASE_URL: 'https://api.etherscan.io/api' }, cwd)).toThrow(
      /ETHERSCAN_BASE_URL: must be Etherscan API V2/,
    );
    for (const [name, bad] of [
      ['BITCOIN_CONFIRMATIONS', '0'],
      ['EVM_CONFIRMATIONS', '0'],
      ['CONNECTION_SYNC_INTERVAL_HOURS', 'never'],
      ['ESPLORA_REQUESTS_PER_SECOND', '0'],
      ['ESPLORA_BASE_URL', 'not a url'],
    ] as const)
      expect(() => loadConfig({ ...secret, [name]: bad }, cwd)).toThrow(new RegExp(name));
  });

  it('reads EXCHANGE_API_URLS as exchange id → URL and names anything else', () => {
    const secret = { SESSION_SECRET: 'x'.repeat(32) };
    expect(loadConfig(secret, cwd).exchangeApiUrls).toEqual({});
    const set = loadConfig(
      {
        ...secret,
        EXCHANGE_API_URLS: '{"kraken":"http://127.0.0.1:9/","binance":"https://proxy.example/binance"}',
      },
      cwd,
    );
    expect(set.exchangeApiUrls).toEqual({
      kraken: 'http://127.0.0.1:9',
      binance: 'https://proxy.example/binance',
    });
    for (const bad of ['{"mtgox":"http://127.0.0.1:9"}', '{"kraken":"ftp://x"}', 'not json', '["kraken"]'])
      expect(() => loadConfig({ ...secret, EXCHANGE_API_URLS: bad }, cwd)).toThrow(
        /EXCHANGE_API_URLS: must be a JSON object/,
      );
  });

  it('paces exchanges at their own rate unless EXCHANGE_REQUESTS_PER_SECOND says', () => {
    const secret = { SESSION_SECRET: 'x'.repeat(32) };
    expect(loadConfig(secret, cwd).exchangeRequestsPerSecond).toBeNull();
    expect(
      loadConfig({ ...secret, EXCHANGE_REQUESTS_PER_SECOND: '0.5' }, cwd).exchangeRequestsPerSecond,
    ).toBe(0.5);
    for (const bad of ['0', 'fast', '5000'])
      expect(() => loadConfig({ ...secret, EXCHANGE_REQUESTS_PER_SECOND: bad }, cwd)).toThrow(
        /EXCHANGE_REQUESTS_PER_SECOND/,
      );
  });

  it('gives every per-account limit a finite default and reads each LIMIT_* variable', () => {
    const secret = { SESSION_SECRET: 'x'.repeat(32) };
    expect(loadConfig(secret, cwd).limits).toEqual({
      portfoliosPerUser: 100,
      watchlistsPerUser: 50,
      projectionsPerUser: 200,
      connectionsPerUser: 50,
      transactionsPerPortfolio: 200_000,
      narrationsPerHour: 30,
      testSendsPerHour: 20,
      tokenRequestsPerMinute: 300,
    });
    const set = loadConfig(
      {
        ...secret,
        LIMIT_PORTFOLIOS_PER_USER: '3',
        LIMIT_WATCHLISTS_PER_USER: '4',
        LIMIT_PROJECTIONS_PER_USER: '5',
        LIMIT_CONNECTIONS_PER_USER: '6',
        LIMIT_TRANSACTIONS_PER_PORTFOLIO: '1000000',
        LIMIT_NARRATIONS_PER_HOUR: '7',
        LIMIT_TEST_SENDS_PER_HOUR: '8',
        LIMIT_TOKEN_REQUESTS_PER_MINUTE: '9',
      },
      cwd,
    );
    expect(set.limits).toEqual({
      portfoliosPerUser: 3,
      watchlistsPerUser: 4,
      projectionsPerUser: 5,
      connectionsPerUser: 6,
      transactionsPerPortfolio: 1_000_000,
      narrationsPerHour: 7,
      testSendsPerHour: 8,
      tokenRequestsPerMinute: 9,
    });
    // A limit of none (0), a fraction or a word would leave the server unlimited or refusing all.
    for (const name of [
      'LIMIT_PORTFOLIOS_PER_USER',
      'LIMIT_WATCHLISTS_PER_USER',
      'LIMIT_PROJECTIONS_PER_USER',
      'LIMIT_CONNECTIONS_PER_USER',
      'LIMIT_TRANSACTIONS_PER_PORTFOLIO',
      'LIMIT_NARRATIONS_PER_HOUR',
      'LIMIT_TEST_SENDS_PER_HOUR',
      'LIMIT_TOKEN_REQUESTS_PER_MINUTE',
    ])
      for (const bad of ['0', '2.5', 'many', '-1'])
        expect(() => loadConfig({ ...secret, [name]: bad }, cwd)).toThrow(new RegExp(name));
  });

  it('marks https PUBLIC_URLs secure and trims the trailing slash', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://p.example.com/', SESSION_SECRET: 'x'.repeat(32) }, cwd);
    expect(config.publicUrl).toBe('https://p.example.com');
    expect(config.secure).toBe(true);
  });

  it('reads TRUST_PROXY as off, a hop count or proxy ranges, and refuses true', () => {
    expect(loadConfig({}, cwd).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }, cwd).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, fd00::/8,loopback' }, cwd).trustProxy).toEqual([
      '10.0.0.0/8',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['true', '10.0.0.0/33', 'proxy.example', '99']) {
      expect(typeof parseTrustProxy(bad)).toBe('string');
      expect(() => loadConfig({ TRUST_PROXY: bad }, cwd)).toThrow(ConfigError);
    }
  });
});
