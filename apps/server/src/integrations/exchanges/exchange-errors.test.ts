import { afterEach, describe, expect, it } from 'vitest';
import { closedLoopbackUrl } from '../chain-http/test/closed-loopback.ts';
import { loadCcxt } from './ccxt-library.ts';
import { createExchangeClient } from './exchange-client.ts';
import { readExchangeHistory } from './read-exchange-history.ts';
import { buildBinanceAccount } from './test/binance-account.ts';
import { binanceClient, exchangeFailure, krakenClient } from './test/exchange-setup.ts';
import {
  type BinanceFault,
  type FakeBinance,
  fakeBinanceKey,
  startFakeBinance,
} from './test/fake-binance.ts';
import { type FakeKraken, fakeKrakenKey, type KrakenFault, startFakeKraken } from './test/fake-kraken.ts';
import { buildKrakenAccount } from './test/kraken-account.ts';

// Clients are built synchronously below; the library they wrap is imported on first use.
await loadCcxt();

const running: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function kraken(): Promise<FakeKraken> {
  const fake = await startFakeKraken({
    account: buildKrakenAccount({
      trades: [{ pair: 'XXBTZEUR', side: 'buy', vol: '0.1', price: '40000', time: '2025-05-01T00:00:00Z' }],
    }),
  });
  running.push(fake);
  return fake;
}

async function binance(): Promise<FakeBinance> {
  const fake = await startFakeBinance({
    account: buildBinanceAccount({
      deposits: [
        {
          coin: 'USDT',
          amount: '100',
          network: 'TRX',
          txId: 'd'.repeat(64),
          address: 'T1',
          time: Date.now() - 86_400_000,
        },
      ],
      trades: [
        { symbol: 'BTCUSDT', side: 'buy', qty: '0.001', price: '50000', time: Date.now() - 3_600_000 },
      ],
    }),
  });
  running.push(fake);
  return fake;
}

const recent = { historyStart: new Date(Date.now() - 30 * 86_400_000).toISOString() };

describe('Kraken failures as ExchangeErrors', () => {
  it('a key Kraken does not know is an auth error', async () => {
    const fake = await kraken();
    const error = await exchangeFailure(
      readExchangeHistory(krakenClient(fake, { apiKey: 'not-a-key' }), null),
    );
    expect(error).toMatchObject({ kind: 'auth', exchange: 'kraken' });
    expect(error.message).toContain('did not accept this API key');
    expect(error.transient).toBe(false);
  });

  it('a wrong secret (EAPI:Invalid signature) is an auth error', async () => {
    const fake = await kraken();
    const client = krakenClient(fake, { secret: fakeKrakenKey('someone-else').secret });
    expect(await exchangeFailure(readExchangeHistory(client, null))).toMatchObject({ kind: 'auth' });
  });

  it('a key without the ledger permission is an auth error that says so', async () => {
    const limited = fakeKrakenKey('limited', ['query-funds', 'query-closed-trades']);
    const fake = await startFakeKraken({ keys: [limited] });
    running.push(fake);
    const error = await exchangeFailure(readExchangeHistory(krakenClient(fake), null));
    expect(error).toMatchObject({ kind: 'auth', endpoint: 'Ledgers' });
    expect(error.message).toContain('lacks a permission');
  });

  it('a nonce below the one another program used is a nonce error', async () => {
    const fake = await kraken();
    fake.useNonce(fake.key.apiKey, Date.now() + 3_600_000);
    const error = await exchangeFailure(readExchangeHistory(krakenClient(fake), null));
    expect(error).toMatchObject({ kind: 'nonce', endpoint: 'DepositStatus' });
    expect(error.message).toContain('Another program is probably using the same key');
  });

  it.each<[KrakenFault, string, number | undefined]>([
    [{ type: 'rate-limit' }, 'rate_limit', 15_000],
    [{ type: 'lockout' }, 'rate_limit', 900_000],
    [{ type: 'maintenance' }, 'unavailable', undefined],
    [{ type: 'busy' }, 'unavailable', undefined],
    [{ type: 'unavailable', status: 503 }, 'unavailable', undefined],
    [{ type: 'malformed' }, 'malformed', undefined],
    [{ type: 'wrong-shape' }, 'malformed', undefined],
  ])('%o on Ledgers is %s', async (fault, kind, retryAfterMs) => {
    const fake = await kraken();
    fake.setFault(fault, { path: 'Ledgers' });
    const error = await exchangeFailure(readExchangeHistory(krakenClient(fake), null));
    expect(error).toMatchObject({ kind, endpoint: 'Ledgers', retryAfterMs });
  });

  it('an answer that never comes is a timeout', async () => {
    const fake = await kraken();
    fake.setFault({ type: 'hang' }, { path: 'Balance' });
    const error = await exchangeFailure(readExchangeHistory(krakenClient(fake, { timeoutMs: 300 }), null));
    expect(error).toMatchObject({ kind: 'timeout', endpoint: 'Balance' });
    expect(error.message).toBe('Kraken did not answer within 300 ms.');
  });

  it.each<KrakenFault>([{ type: 'wrong-shape' }, { type: 'malformed' }])(
    '%o on AssetPairs is malformed',
    async (fault) => {
      const fake = await kraken();
      fake.setFault(fault, { path: 'AssetPairs' });
      const error = await exchangeFailure(readExchangeHistory(krakenClient(fake), null));
      expect(error).toMatchObject({ kind: 'malformed', endpoint: 'markets' });
    },
  );

  it('a broken market list is malformed, and the next call loads the markets again', async () => {
    const fake = await kraken();
    fake.setFault({ type: 'malformed' }, { path: 'AssetPairs' });
    const client = krakenClient(fake);
    expect(await exchangeFailure(readExchangeHistory(client, null))).toMatchObject({ kind: 'malformed' });
    const history = await readExchangeHistory(client, null);
    expect(history.trades).toHaveLength(1);
  });
});

describe('Binance failures as ExchangeErrors', () => {
  it('a key Binance does not know (-2015) is an auth error', async () => {
    const fake = await binance();
    const client = binanceClient(fake, { apiKey: fakeBinanceKey('stranger').apiKey });
    const error = await exchangeFailure(readExchangeHistory(client, null, recent));
    expect(error).toMatchObject({ kind: 'auth', exchange: 'binance', endpoint: 'account', status: 401 });
    expect(error.message).toContain('Enable Reading');
  });

  it('a wrong secret (-1022) is an auth error', async () => {
    const fake = await binance();
    const client = binanceClient(fake, { secret: fakeBinanceKey('stranger').secret });
    expect(await exchangeFailure(readExchangeHistory(client, null, recent))).toMatchObject({ kind: 'auth' });
  });

  it('a clock out of step with Binance (-1021) is a nonce error', async () => {
    const fake = await binance();
    fake.setClockOffset(-30_000);
    const error = await exchangeFailure(readExchangeHistory(binanceClient(fake), null, recent));
    expect(error).toMatchObject({ kind: 'nonce', endpoint: 'account' });
    expect(error.message).toContain("server's clock");
  });

  it.each<[BinanceFault, string, number | undefined]>([
    [{ type: 'rate-limit', retryAfterSeconds: 7 }, 'rate_limit', 7000],
    [{ type: 'ban', retryAfterSeconds: 120 }, 'rate_limit', 120_000],
    [{ type: 'maintenance' }, 'unavailable', undefined],
    [{ type: 'unavailable', status: 502 }, 'unavailable', undefined],
    [{ type: 'malformed' }, 'malformed', undefined],
    [{ type: 'wrong-shape' }, 'malformed', undefined],
  ])('%o on myTrades is %s', async (fault, kind, retryAfterMs) => {
    const fake = await binance();
    fake.setFault(fault, { path: '/api/v3/myTrades' });
    const error = await exchangeFailure(readExchangeHistory(binanceClient(fake), null, recent));
    expect(error).toMatchObject({ kind, endpoint: 'myTrades', retryAfterMs });
  });

  it.each<BinanceFault>([{ type: 'wrong-shape' }, { type: 'malformed' }])(
    '%o on exchangeInfo is malformed',
    async (fault) => {
      const fake = await binance();
      fake.setFault(fault, { path: '/api/v3/exchangeInfo' });
      const error = await exchangeFailure(readExchangeHistory(binanceClient(fake), null, recent));
      expect(error).toMatchObject({ kind: 'malformed', endpoint: 'markets' });
    },
  );

  it('a ban says the address is blocked and for how long', async () => {
    const fake = await binance();
    fake.setFault({ type: 'ban', retryAfterSeconds: 120 });
    const error = await exchangeFailure(readExchangeHistory(binanceClient(fake), null, recent));
    expect(error.message).toBe(
      "Binance has blocked this server's address for sending too many requests; the sync waits 2 min.",
    );
  });

  it('its own weight limit answers 429 with Retry-After, and the shared budget is paused for that long', async () => {
    const fake = await startFakeBinance({ weightLimit: 30 });
    running.push(fake);
    const pauses: number[] = [];
    const budget = { acquire: async () => {}, pauseUntil: async (until: number) => void pauses.push(until) };
    const before = Date.now();
    const error = await exchangeFailure(readExchangeHistory(binanceClient(fake, { budget }), null, recent));
    expect(error).toMatchObject({ kind: 'rate_limit', endpoint: 'account', status: 429 });
    expect(error.retryAfterMs).toBeGreaterThan(0);
    expect(pauses).toHaveLength(1);
    expect(pauses[0]).toBeGreaterThanOrEqual(before + (error.retryAfterMs ?? 0));
  });

  it('an exchange nobody answers at is unavailable', async () => {
    const client = createExchangeClient({
      exchange: 'binance',
      apiKey: fakeBinanceKey().apiKey,
      secret: fakeBinanceKey().secret,
      baseUrl: await closedLoopbackUrl(),
    });
    const error = await exchangeFailure(readExchangeHistory(client, null, recent));
    expect(error).toMatchObject({ kind: 'unavailable', endpoint: 'markets' });
    expect(error.message).toBe('Binance could not be reached; the sync will try again later.');
  });
});
