import { afterEach, describe, expect, it } from 'vitest';
import { loadCcxt } from './ccxt-library.ts';
import { createExchangeClient } from './exchange-client.ts';
import { readExchangeHistory } from './read-exchange-history.ts';
import { buildBinanceAccount } from './test/binance-account.ts';
import { binanceClient, exchangeFailure, krakenClient } from './test/exchange-setup.ts';
import { startFakeBinance } from './test/fake-binance.ts';
import { startFakeKraken } from './test/fake-kraken.ts';

// Clients are built synchronously below; the library they wrap is imported on first use.
await loadCcxt();

const running: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('the ccxt client', () => {
  it('points every address of the exchange at the base URL and sends nothing when built', async () => {
    const kraken = await startFakeKraken();
    const binance = await startFakeBinance();
    running.push(kraken, binance);

    const clients = [krakenClient(kraken), binanceClient(binance)];
    await settle();

    expect(kraken.requests).toEqual([]);
    expect(binance.requests).toEqual([]);
    const [krakenUrls, binanceUrls] = clients.map((client) => client.configuredUrls());
    expect(krakenUrls).toEqual([
      `${kraken.url}`,
      `${kraken.url}`,
      `${kraken.url}/api/v2/help_center/en-us/articles`,
    ]);
    // Futures, options and portfolio margin included, though never called: none may reach Binance.
    expect(binanceUrls?.length).toBeGreaterThan(20);
    for (const url of binanceUrls ?? [])
      expect(url).toMatch(new RegExp(`^${binance.url}/(api|sapi|fapi|dapi|eapi|papi|futures)/`));
    expect(binanceUrls).toContain(`${binance.url}/fapi/v1`);
  });

  it('keeps the exchange’s real addresses without a base URL, and builds Coinbase too', () => {
    const kraken = createExchangeClient({ exchange: 'kraken', apiKey: 'k', secret: 'cw==' });
    const coinbase = createExchangeClient({ exchange: 'coinbase', apiKey: 'k', secret: 's' });
    expect(kraken.configuredUrls()).toContain('https://api.kraken.com');
    expect(coinbase.configuredUrls()).toContain('https://api.coinbase.com');
    expect(kraken.requestCount()).toBe(0);
  });

  it('exposes ccxt’s per-exchange throttle, which a caller may set', () => {
    const kraken = createExchangeClient({ exchange: 'kraken', apiKey: 'k', secret: 'cw==' });
    const binance = createExchangeClient({ exchange: 'binance', apiKey: 'k', secret: 's' });
    const tuned = createExchangeClient({ exchange: 'binance', apiKey: 'k', secret: 's', rateLimitMs: 200 });
    expect([kraken.rateLimitMs, binance.rateLimitMs, tuned.rateLimitMs]).toEqual([1000, 50, 200]);
  });

  it('asks the shared budget before every request, before the request is signed', async () => {
    const binance = await startFakeBinance({
      account: buildBinanceAccount({
        deposits: [
          {
            coin: 'ETH',
            amount: '1',
            network: 'ETH',
            txId: 'e'.repeat(64),
            address: '0x1',
            time: Date.now() - 86_400_000,
          },
        ],
        trades: [{ symbol: 'ETHBTC', side: 'sell', qty: '0.5', price: '0.05', time: Date.now() - 3_600_000 }],
      }),
    });
    running.push(binance);
    const granted: number[] = [];
    const budget = {
      acquire: async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        granted.push(Date.now());
      },
      pauseUntil: async () => {},
    };
    const sent: string[] = [];
    const client = binanceClient(binance, { budget, onRequest: (request) => sent.push(request.path) });

    await readExchangeHistory(client, null, {
      historyStart: new Date(Date.now() - 10 * 86_400_000).toISOString(),
    });

    expect(granted).toHaveLength(binance.requests.length);
    expect(sent).toEqual(binance.requests.map((r) => r.path));
    for (const [index, request] of binance.requests.entries()) {
      if (request.params.timestamp === undefined) continue;
      // The time stamp is taken after the wait, so a long wait cannot push it outside recvWindow.
      expect(Number(request.params.timestamp)).toBeGreaterThanOrEqual(granted[index] ?? 0);
    }
  });

  it('refuses to send anything to an address it was not configured with', async () => {
    const kraken = await startFakeKraken();
    running.push(kraken);
    const client = krakenClient(kraken);
    client.ccxt.urls.api = { ...client.ccxt.urls.api, private: 'http://127.0.0.2:9' };

    const error = await exchangeFailure(readExchangeHistory(client, null));

    expect(error).toMatchObject({ kind: 'rejected' });
    expect(error.message).toContain('http://127.0.0.2:9');
    expect(kraken.requests.every((r) => r.path.startsWith('/0/public/'))).toBe(true);
  });
});
