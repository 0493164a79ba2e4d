import { afterEach, describe, expect, it } from 'vitest';
import type { BinanceCursor } from './binance/binance-cursor.ts';
import { readExchangeHistory } from './read-exchange-history.ts';
import { type BinanceAccountPlan, buildBinanceAccount } from './test/binance-account.ts';
import { binanceClient, idsOf, progressLog } from './test/exchange-setup.ts';
import { type FakeBinance, startFakeBinance } from './test/fake-binance.ts';

let fake: FakeBinance | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function binanceWith(plan: BinanceAccountPlan): Promise<FakeBinance> {
  fake = await startFakeBinance({ account: buildBinanceAccount(plan) });
  return fake;
}

const dayMs = 86_400_000;
/** Binance signs with the real clock, so the account's history is placed before it. */
const daysAgo = (days: number) => Date.now() - days * dayMs;
const recent = { historyStart: new Date(daysAgo(400)).toISOString() };

const ethAddress = '0x94df8b352de7f46f64b01d3666bf6e936e44ce60';
const usdtTx = '0x77fbf2cf2c85b552f0fd31fd2e56dc95c08adae031d96f3717d8b17e1aea3e46';
const btcTx = 'bafc5902504d6504a00b7d0306a41154cbf1d1b767ab70f3bc226327362588af';
const ethOutTx = '0xb5ef8c13b968a406cc62a93a8bd80f9e9a906ef1b3fcf20a2e48573c17659268';

const everyday: BinanceAccountPlan = {
  deposits: [
    { coin: 'USDT', amount: '5000', network: 'ETH', txId: usdtTx, address: ethAddress, time: daysAgo(200) },
    {
      coin: 'BTC',
      amount: '0.25000000',
      network: 'BTC',
      txId: btcTx,
      address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
      time: daysAgo(120),
    },
  ],
  trades: [
    {
      symbol: 'BNBUSDT',
      side: 'buy',
      qty: '2.00000000',
      price: '310.50000000',
      commission: '0.00150000',
      commissionAsset: 'BNB',
      time: daysAgo(110),
    },
    {
      symbol: 'BTCUSDT',
      side: 'buy',
      qty: '0.01000000',
      price: '43000.01000000',
      commission: '0.00075000',
      commissionAsset: 'BNB',
      time: daysAgo(100),
    },
    {
      symbol: 'ETHBTC',
      side: 'buy',
      qty: '1.20000000',
      price: '0.05310000',
      commission: '0.00090000',
      commissionAsset: 'BNB',
      time: daysAgo(90),
    },
  ],
  withdrawals: [
    {
      coin: 'ETH',
      amount: '0.70000000',
      fee: '0.00160000',
      network: 'ETH',
      txId: ethOutTx,
      address: ethAddress,
      time: daysAgo(30),
    },
  ],
  dividends: [{ asset: 'BNB', amount: '0.00412300', time: daysAgo(20), enInfo: 'BNB Vault' }],
};

describe('reading a Binance account with ccxt', () => {
  it('hands out trades with their BNB fees, deposits, a withdrawal with its hash and fee, and rewards', async () => {
    const binance = await binanceWith(everyday);

    const history = await readExchangeHistory(binanceClient(binance), null, recent);

    expect(
      history.trades.map((t) => [t.market, t.base, t.quote, t.side, t.amount, t.price, t.cost, t.fees]),
    ).toEqual([
      ['BNBUSDT', 'BNB', 'USDT', 'buy', '2', '310.5', '621', [{ cost: '0.0015', currency: 'BNB' }]],
      [
        'BTCUSDT',
        'BTC',
        'USDT',
        'buy',
        '0.01',
        '43000.01',
        '430.0001',
        [{ cost: '0.00075', currency: 'BNB' }],
      ],
      ['ETHBTC', 'ETH', 'BTC', 'buy', '1.2', '0.0531', '0.06372', [{ cost: '0.0009', currency: 'BNB' }]],
    ]);
    expect(history.trades[0]).toMatchObject({ id: '1', orderId: '100000', maker: false });

    expect(
      history.movements.map((m) => [m.kind, m.direction, m.currency, m.amount, m.txHash, m.exchangeType]),
    ).toEqual([
      ['deposit', 'in', 'USDT', '5000', usdtTx, 'deposit'],
      ['deposit', 'in', 'BTC', '0.25', btcTx, 'deposit'],
      ['withdrawal', 'out', 'ETH', '0.7', ethOutTx, 'withdrawal'],
      ['reward', 'in', 'BNB', '0.004123', null, 'BNB Vault'],
    ]);
    expect(history.movements[2]).toMatchObject({
      fee: { cost: '0.0016', currency: 'ETH' },
      address: ethAddress,
      network: 'ETH',
    });

    expect(history.balances).toEqual([
      { currency: 'BNB', total: '2.000973' },
      { currency: 'BTC', total: '0.19628' },
      { currency: 'ETH', total: '0.4984' },
      { currency: 'USDT', total: '3948.9999' },
    ]);
    expect(history.earliestAvailable).toBe(recent.historyStart);
  });

  it('asks myTrades only for the markets of assets the account holds or moved', async () => {
    const binance = await binanceWith(everyday);

    await readExchangeHistory(binanceClient(binance), null, recent);

    const asked = binance.requests.filter((r) => r.path === '/api/v3/myTrades').map((r) => r.params.symbol);
    expect(asked.sort()).toEqual(['BNBBTC', 'BNBETH', 'BNBUSDT', 'BTCUSDT', 'ETHBTC', 'ETHUSDT']);
    expect(binance.account.symbols.length).toBeGreaterThan(asked.length * 3);
    // Spot markets only: no futures or options exchange information was asked for.
    expect(binance.requests.filter((r) => r.path.endsWith('exchangeInfo')).map((r) => r.path)).toEqual([
      '/api/v3/exchangeInfo',
    ]);
  });

  it('pages more than 1000 trades of one market by trade id', async () => {
    const binance = await binanceWith({
      deposits: [
        {
          coin: 'USDT',
          amount: '1000000',
          network: 'TRX',
          txId: 'a'.repeat(64),
          address: 'TXYZ',
          time: daysAgo(300),
        },
      ],
      trades: Array.from({ length: 2500 }, (_, i) => ({
        symbol: 'BTCUSDT',
        side: i % 3 === 0 ? ('sell' as const) : ('buy' as const),
        qty: '0.00100000',
        price: `${40000 + i}.00000000`,
        time: daysAgo(250) + i * 60_000,
      })),
    });

    const history = await readExchangeHistory(binanceClient(binance), null, recent);

    expect(history.trades).toHaveLength(2500);
    expect(new Set(history.trades.map((t) => t.id)).size).toBe(2500);
    const pages = binance.requests.filter(
      (r) => r.path === '/api/v3/myTrades' && r.params.symbol === 'BTCUSDT',
    );
    expect(pages.map((r) => [r.params.fromId, r.params.limit])).toEqual([
      ['0', '1000'],
      ['1001', '1000'],
      ['2001', '1000'],
    ]);
    expect((history.nextCursor as BinanceCursor).trades.BTCUSDT).toEqual({ fromId: '2501' });
  });

  it('adds nothing on a second read and sends nothing anywhere but the fake', async () => {
    const binance = await binanceWith(everyday);
    const sent: string[] = [];
    const client = binanceClient(binance, { onRequest: (request) => sent.push(request.path) });

    const first = await readExchangeHistory(client, null, recent);
    const second = await readExchangeHistory(client, first.nextCursor, recent);

    expect(idsOf(second)).toEqual([]);
    expect(second.balances).toEqual(first.balances);
    expect(binance.requests.map((r) => r.path)).toEqual(sent);
    expect(client.requestCount()).toBe(binance.requests.length);
    expect(first.requests + second.requests).toBe(binance.requests.length);
    for (const url of client.configuredUrls()) expect(url.startsWith(`${binance.url}/`)).toBe(true);
  });

  it('walks deposit and withdrawal history in windows under 90 days from Binance’s launch', async () => {
    const binance = await binanceWith({
      deposits: [
        {
          coin: 'BTC',
          amount: '1',
          network: 'BTC',
          txId: 'b'.repeat(64),
          address: 'bc1q',
          time: '2018-02-01T00:00:00Z',
        },
        {
          coin: 'BTC',
          amount: '2',
          network: 'BTC',
          txId: 'c'.repeat(64),
          address: 'bc1q',
          time: daysAgo(10),
        },
      ],
    });

    const history = await readExchangeHistory(binanceClient(binance), null);

    expect(history.movements.map((m) => m.amount)).toEqual(['1', '2']);
    expect(history.earliestAvailable).toBe('2017-07-14T00:00:00.000Z');
    for (const path of ['/sapi/v1/capital/deposit/hisrec', '/sapi/v1/capital/withdraw/history']) {
      const windows = binance.requests
        .filter((r) => r.path === path)
        .map((r) => [Number(r.params.startTime), Number(r.params.endTime)] as const);
      expect(windows[0]?.[0]).toBe(Date.parse('2017-07-14T00:00:00Z'));
      for (const [index, [from, to]] of windows.entries()) {
        expect(to - from).toBeLessThan(90 * dayMs);
        if (index > 0) expect(from).toBe((windows[index - 1]?.[1] ?? 0) + 1);
      }
      expect(windows.at(-1)?.[1]).toBeGreaterThan(Date.now() - 5 * 60_000);
    }
  });

  it('waits for a withdrawal still being processed and hands it out once it has its hash', async () => {
    const binance = await binanceWith({
      deposits: [
        { coin: 'ETH', amount: '3', network: 'ETH', txId: usdtTx, address: ethAddress, time: daysAgo(40) },
      ],
      withdrawals: [
        {
          coin: 'ETH',
          amount: '1',
          fee: '0.0016',
          network: 'ETH',
          txId: ethOutTx,
          address: ethAddress,
          time: daysAgo(3),
          status: 4,
        },
      ],
      dividends: [{ asset: 'ETH', amount: '0.001', time: daysAgo(1), enInfo: 'ETH 2.0 Staking' }],
    });
    const client = binanceClient(binance);

    const first = await readExchangeHistory(client, null, recent);
    expect(first.movements.map((m) => m.kind)).toEqual(['deposit', 'reward']);

    const [withdrawal] = binance.account.withdrawals;
    if (!withdrawal) throw new Error('no withdrawal planned');
    withdrawal.status = 6;
    withdrawal.txId = ethOutTx;
    const second = await readExchangeHistory(client, first.nextCursor, recent);
    expect(second.movements.map((m) => [m.kind, m.txHash])).toEqual([['withdrawal', ethOutTx]]);

    const third = await readExchangeHistory(client, second.nextCursor, recent);
    expect(idsOf(third)).toEqual([]);
  });

  it('resumes a read that hit a 429 half way from the last cursor it handed out, doubling nothing', async () => {
    const binance = await binanceWith({
      ...everyday,
      trades: [
        ...(everyday.trades ?? []),
        ...Array.from({ length: 1500 }, (_, i) => ({
          symbol: 'ETHUSDT',
          side: 'buy' as const,
          qty: '0.01',
          price: String(2000 + i),
          time: daysAgo(80) + i * 1000,
        })),
      ],
    });
    const whole = await readExchangeHistory(binanceClient(binance), null, recent);

    binance.setFault({ type: 'rate-limit', retryAfterSeconds: 7 }, { path: '/api/v3/myTrades', skip: 3 });
    const log = progressLog();
    const client = binanceClient(binance);
    const failure = readExchangeHistory(client, null, { ...recent, onProgress: log.onProgress });
    await expect(failure).rejects.toMatchObject({
      kind: 'rate_limit',
      retryAfterMs: 7000,
      endpoint: 'myTrades',
    });
    const before = log.batches.flatMap((b) => idsOf(b));

    const rest = await readExchangeHistory(client, log.lastCursor(), recent);
    const after = idsOf(rest);

    expect(before.length).toBeGreaterThan(0);
    expect(new Set([...before, ...after]).size).toBe(before.length + after.length);
    expect([...before, ...after].sort()).toEqual(idsOf(whole).sort());
  });
});
