import { afterEach, describe, expect, it } from 'vitest';
import type { CoinbaseCursor } from './coinbase/coinbase-cursor.ts';
import { readKeyPermissions } from './key-permissions.ts';
import { readExchangeHistory } from './read-exchange-history.ts';
import {
  buildCoinbaseAccount,
  type CoinbaseAccountPlan,
  settleCoinbaseBalances,
} from './test/coinbase-account.ts';
import { fakeCoinbaseKey, viewOnlyScopes } from './test/coinbase-key.ts';
import { coinbaseClient } from './test/coinbase-setup.ts';
import { exchangeFailure, idsOf, progressLog } from './test/exchange-setup.ts';
import { type CoinbaseFault, type FakeCoinbase, startFakeCoinbase } from './test/fake-coinbase.ts';

let fake: FakeCoinbase | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function coinbaseWith(
  plan: CoinbaseAccountPlan,
  options: Parameters<typeof startFakeCoinbase>[0] = {},
): Promise<FakeCoinbase> {
  fake = await startFakeCoinbase({ account: buildCoinbaseAccount(plan), ...options });
  return fake;
}

const dayMs = 86_400_000;
/** ccxt signs with the real clock, so the account's history is placed before it, to the second. */
const today = Math.floor(Date.now() / 1000) * 1000;
const daysAgo = (days: number) => today - days * dayMs;

const btcAddress = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
const btcIn = 'bafc5902504d6504a00b7d0306a41154cbf1d1b767ab70f3bc226327362588af';
const ethAddress = '0x94df8b352de7f46f64b01d3666bf6e936e44ce60';
const ethOut = '0xb5ef8c13b968a406cc62a93a8bd80f9e9a906ef1b3fcf20a2e48573c17659268';

const everyday: CoinbaseAccountPlan = {
  deposits: [
    { currency: 'USD', amount: '5000.00', time: daysAgo(200) },
    { currency: 'BTC', amount: '0.25000000', time: daysAgo(150), txHash: btcIn, address: btcAddress },
  ],
  fills: [
    { product: 'BTC-USD', side: 'buy', size: '0.01000000', price: '43000.01', time: daysAgo(120) },
    { product: 'ETH-USD', side: 'buy', size: '1.5', price: '2250.10', time: daysAgo(110), maker: true },
    {
      product: 'ETH-BTC',
      side: 'buy',
      size: '1.20000000',
      price: '0.05310',
      commission: '0.00038232',
      time: daysAgo(100),
    },
    // A market buy for 100 USD: Coinbase sizes it in the quote currency.
    { product: 'SOL-USD', side: 'buy', size: '100', price: '125.00', sizeInQuote: true, time: daysAgo(90) },
  ],
  withdrawals: [
    {
      currency: 'ETH',
      amount: '0.7',
      fee: '0.0016',
      time: daysAgo(30),
      txHash: ethOut,
      address: ethAddress,
    },
  ],
  rewards: [{ currency: 'ETH', amount: '0.00123456', time: daysAgo(20) }],
  conversions: [{ from: 'BTC', fromAmount: '0.01', to: 'ETH', toAmount: '0.3', time: daysAgo(10) }],
  emptyWallets: ['USDC', 'ADA'],
};

const movementsOf = (history: { movements: Array<{ id: string }> }) => history.movements.map((m) => m.id);

describe('reading a Coinbase account with ccxt', () => {
  it('hands out fills as trades, wallet transactions as movements and the balances, exactly', async () => {
    const coinbase = await coinbaseWith(everyday);

    const history = await readExchangeHistory(coinbaseClient(coinbase), null);

    expect(
      history.trades.map((t) => [t.market, t.base, t.quote, t.side, t.amount, t.price, t.cost, t.fees]),
    ).toEqual([
      [
        'BTC-USD',
        'BTC',
        'USD',
        'buy',
        '0.01',
        '43000.01',
        '430.0001',
        [{ cost: '2.5800006', currency: 'USD' }],
      ],
      ['ETH-USD', 'ETH', 'USD', 'buy', '1.5', '2250.1', '3375.15', [{ cost: '20.2509', currency: 'USD' }]],
      ['ETH-BTC', 'ETH', 'BTC', 'buy', '1.2', '0.0531', '0.06372', [{ cost: '0.00038232', currency: 'BTC' }]],
      ['SOL-USD', 'SOL', 'USD', 'buy', '0.8', '125', '100', [{ cost: '0.6', currency: 'USD' }]],
    ]);
    const [first, second] = coinbase.account.fills;
    expect(history.trades[0]).toMatchObject({
      id: first?.trade_id,
      orderId: first?.order_id,
      time: new Date(daysAgo(120)).toISOString(),
      maker: false,
    });
    expect(history.trades[1]?.maker).toBe(true);
    expect(second?.trade_time).toMatch(/\.\d{9}Z$/);

    const row = (m: (typeof history.movements)[number]) => [
      m.kind,
      m.direction,
      m.currency,
      m.amount,
      m.fiat,
      m.exchangeType,
    ];
    expect(history.movements.slice(0, 4).map(row)).toEqual([
      ['deposit', 'in', 'USD', '5000', true, 'fiat_deposit'],
      ['deposit', 'in', 'BTC', '0.25', false, 'send'],
      ['withdrawal', 'out', 'ETH', '0.7', false, 'send'],
      ['reward', 'in', 'ETH', '0.00123456', false, 'staking_reward'],
    ]);
    // Both sides of a convert share its time and its id (refId).
    const conversion = history.movements.slice(4);
    expect(conversion.map(row).sort()).toEqual([
      ['conversion', 'in', 'ETH', '0.3', false, 'trade'],
      ['conversion', 'out', 'BTC', '0.01', false, 'trade'],
    ]);
    expect(new Set(conversion.map((m) => m.refId)).size).toBe(1);
    expect(conversion[0]?.refId).toMatch(/^[0-9a-f-]{36}$/);
    const [dollars, bitcoinIn, etherOut] = history.movements;
    expect(dollars).toMatchObject({ txHash: null, fee: null, address: null, network: null });
    expect(bitcoinIn).toMatchObject({ txHash: btcIn, address: btcAddress, network: 'bitcoin', fee: null });
    expect(etherOut).toMatchObject({
      txHash: ethOut,
      address: ethAddress,
      network: 'ethereum',
      fee: { cost: '0.0016', currency: 'ETH' },
      time: new Date(daysAgo(30)).toISOString(),
    });

    expect(history.balances).toEqual([
      { currency: 'BTC', total: '0.18589768' },
      { currency: 'ETH', total: '2.29963456' },
      { currency: 'SOL', total: '0.8' },
      { currency: 'USD', total: '1071.4189994' },
    ]);
    // The wallet books every fill again in both its currencies; none of those is a movement.
    const bookedFills = coinbase.account.wallets.flatMap((w) =>
      w.transactions.filter((row) => row.type === 'advanced_trade_fill'),
    );
    expect(bookedFills).toHaveLength(8);
    // Every wallet was asked, the empty ones too.
    const asked = new Set(coinbase.requests.filter((r) => r.path.startsWith('/v2/')).map((r) => r.path));
    expect(asked.size).toBe(coinbase.account.wallets.length);
  });

  it('adds nothing on a second read, sends nothing anywhere but the fake, and only what is new on a third', async () => {
    const coinbase = await coinbaseWith(everyday);
    const sent: string[] = [];
    const client = coinbaseClient(coinbase, { onRequest: (request) => sent.push(request.path) });

    const first = await readExchangeHistory(client, null);
    const second = await readExchangeHistory(client, first.nextCursor);

    expect(idsOf(second)).toEqual([]);
    expect(second.balances).toEqual(first.balances);
    expect(coinbase.requests.map((r) => r.path)).toEqual(sent);
    expect(client.requestCount()).toBe(coinbase.requests.length);
    expect(first.requests + second.requests).toBe(coinbase.requests.length);
    for (const url of client.configuredUrls()) expect(url.startsWith(`${coinbase.url}`)).toBe(true);

    const later = buildCoinbaseAccount({
      ...everyday,
      fills: [
        ...(everyday.fills ?? []),
        { product: 'ADA-USD', side: 'buy', size: '100', price: '0.4521', time: Date.now() },
      ],
      rewards: [
        ...(everyday.rewards ?? []),
        { currency: 'SOL', amount: '0.0021', time: Date.now() - 60_000 },
      ],
    });
    coinbase.account.wallets = later.wallets;
    coinbase.account.fills = later.fills;
    // A minute and a half later on Coinbase's clock (tokens signed now stay valid for two).
    coinbase.setClockOffset(90_000);
    const third = await readExchangeHistory(client, second.nextCursor);
    expect(third.trades.map((t) => [t.market, t.base, t.amount, t.cost])).toEqual([
      ['ADA-USD', 'ADA', '100', '45.21'],
    ]);
    expect(third.movements.map((m) => [m.kind, m.currency, m.amount])).toEqual([['reward', 'SOL', '0.0021']]);
    expect(idsOf(await readExchangeHistory(client, third.nextCursor))).toEqual([]);
  });

  it('pages fills 250 at a time down one pinned window, and wallet transactions 100 at a time', async () => {
    const start = daysAgo(300);
    const coinbase = await coinbaseWith({
      deposits: [{ currency: 'USD', amount: '10000000', time: start }],
      fills: Array.from({ length: 620 }, (_, i) => ({
        product: 'BTC-USD',
        side: i % 3 === 0 ? ('sell' as const) : ('buy' as const),
        size: '0.001',
        price: `${40000 + i}.00`,
        time: start + (i + 1) * 60_000,
      })),
    });

    const history = await readExchangeHistory(coinbaseClient(coinbase), null);

    expect(history.trades).toHaveLength(620);
    expect(new Set(history.trades.map((t) => t.id)).size).toBe(620);
    const pages = coinbase.requests.filter((r) => r.path === '/api/v3/brokerage/orders/historical/fills');
    expect(pages.map((r) => [r.params.cursor, r.params.limit])).toEqual([
      [undefined, '250'],
      ['250', '250'],
      ['500', '250'],
    ]);
    expect(new Set(pages.map((r) => r.params.end_sequence_timestamp)).size).toBe(1);
    expect(pages[0]?.params.start_sequence_timestamp).toBeUndefined();
    // 620 fills booked in the BTC wallet, 621 entries in the USD wallet: seven pages each, oldest first.
    const usdWallet = coinbase.account.wallets.find((w) => w.row.currency === 'USD');
    const usdPages = coinbase.requests.filter(
      (r) => r.path === `/v2/accounts/${usdWallet?.row.uuid}/transactions`,
    );
    expect(usdPages).toHaveLength(7);
    expect(usdPages.every((r) => r.params.order === 'asc' && r.params.limit === '100')).toBe(true);
    expect(history.movements.map((m) => m.kind)).toEqual(['deposit']);
    const cursor = history.nextCursor as CoinbaseCursor;
    expect(cursor.fills.window).toBeUndefined();
    expect(cursor.fills.through).toBe(pages[0]?.params.end_sequence_timestamp);
  });

  it('waits for a withdrawal still pending and hands it out once sent, with its hash and fee', async () => {
    const coinbase = await coinbaseWith({
      deposits: [{ currency: 'ETH', amount: '3', time: daysAgo(40), txHash: btcIn, address: ethAddress }],
      withdrawals: [
        {
          currency: 'ETH',
          amount: '1',
          fee: '0.00042',
          time: daysAgo(3),
          address: ethAddress,
          status: 'pending',
        },
      ],
      rewards: [{ currency: 'ETH', amount: '0.001', time: daysAgo(1) }],
    });
    const client = coinbaseClient(coinbase);

    const first = await readExchangeHistory(client, null);
    expect(first.movements.map((m) => m.kind)).toEqual(['deposit', 'reward']);

    const pending = coinbase.account.wallets
      .flatMap((w) => w.transactions)
      .find((row) => row.status === 'pending');
    if (!pending?.network) throw new Error('no pending withdrawal planned');
    pending.status = 'completed';
    pending.network = { ...pending.network, status: 'confirmed', hash: ethOut };
    settleCoinbaseBalances(coinbase.account);
    const second = await readExchangeHistory(client, first.nextCursor);
    expect(second.movements.map((m) => [m.kind, m.amount, m.txHash, m.fee])).toEqual([
      ['withdrawal', '1', ethOut, { cost: '0.00042', currency: 'ETH' }],
    ]);
    expect(second.balances).toEqual([{ currency: 'ETH', total: '2.00058' }]);

    expect(idsOf(await readExchangeHistory(client, second.nextCursor))).toEqual([]);
  });

  it('resumes reads stopped half way by 429s from the last cursor handed out, doubling nothing', async () => {
    const start = daysAgo(200);
    const coinbase = await coinbaseWith({
      ...everyday,
      fills: [
        ...(everyday.fills ?? []),
        ...Array.from({ length: 600 }, (_, i) => ({
          product: 'ETH-USD',
          side: 'buy' as const,
          size: '0.001',
          price: String(2000 + i),
          time: start + i * 1000,
        })),
      ],
    });
    const whole = await readExchangeHistory(coinbaseClient(coinbase), null);

    coinbase.setFault({ type: 'rate-limit', retryAfterSeconds: 7 }, { path: 'fills', skip: 1 });
    const log = progressLog();
    const client = coinbaseClient(coinbase);
    await expect(readExchangeHistory(client, null, { onProgress: log.onProgress })).rejects.toMatchObject({
      kind: 'rate_limit',
      retryAfterMs: 7000,
      endpoint: 'orders/historical/fills',
    });
    const halfway = log.lastCursor() as CoinbaseCursor;
    expect(halfway.fills.window?.page).toBe('250');

    coinbase.setFault({ type: 'rate-limit' }, { path: 'transactions', skip: 3 });
    await expect(readExchangeHistory(client, halfway, { onProgress: log.onProgress })).rejects.toMatchObject({
      kind: 'rate_limit',
      retryAfterMs: 10_000,
      endpoint: 'accounts/:id/transactions',
    });
    const before = log.batches.flatMap((b) => idsOf(b));

    const rest = await readExchangeHistory(client, log.lastCursor());
    const after = idsOf(rest);

    expect(before.length).toBeGreaterThan(600);
    expect(after.length).toBeGreaterThan(0);
    expect(new Set([...before, ...after]).size).toBe(before.length + after.length);
    expect([...before, ...after].sort()).toEqual(idsOf(whole).sort());
  });

  it('stops between two requests when asked to, and continues from the cursor it last handed out', async () => {
    const start = daysAgo(50);
    const coinbase = await coinbaseWith({
      deposits: [{ currency: 'USD', amount: '1000000', time: start }],
      fills: Array.from({ length: 700 }, (_, i) => ({
        product: 'SOL-USD',
        side: 'buy' as const,
        size: '1',
        price: String(100 + i),
        time: start + (i + 1) * 1000,
      })),
    });
    const client = coinbaseClient(coinbase);
    const stop = new AbortController();
    const log = progressLog();

    await expect(
      readExchangeHistory(client, null, {
        signal: stop.signal,
        onProgress: (batch) => {
          log.onProgress(batch);
          if (log.batches.length === 2) stop.abort();
        },
      }),
    ).rejects.toThrow();
    const rest = await readExchangeHistory(client, log.lastCursor());

    const ids = [...log.batches.flatMap((b) => b.trades.map((t) => t.id)), ...rest.trades.map((t) => t.id)];
    expect(ids).toHaveLength(700);
    expect(new Set(ids).size).toBe(700);
    const cursors = coinbase.requests
      .filter((r) => r.path === '/api/v3/brokerage/orders/historical/fills')
      .map((r) => r.params.cursor);
    expect(cursors).toEqual([undefined, '250', '500']);
    expect(movementsOf(rest)).toHaveLength(1);
  });

  it.each([
    ['exclude', false],
    ['include', true],
  ])(
    'hands out fills at a window’s very end once, whether its bounds %s the instant',
    async (_, inclusive) => {
      const now = Date.now();
      let offset = 0;
      const coinbase = await coinbaseWith(
        {
          deposits: [{ currency: 'USD', amount: '1000', time: daysAgo(3) }],
          fills: [
            { product: 'BTC-USD', side: 'buy', size: '0.001', price: '60000', time: daysAgo(2) },
            { product: 'BTC-USD', side: 'buy', size: '0.002', price: '60000', time: daysAgo(1) },
          ],
        },
        { now: () => now + offset, inclusiveBounds: inclusive },
      );
      // The first read ends a minute before Coinbase's now: one fill exactly there, one 0.4 ms before.
      const end = new Date(now - 60_000).toISOString();
      const [atEnd, justBefore] = coinbase.account.fills;
      if (!atEnd || !justBefore) throw new Error('fills not planned');
      atEnd.sequence_timestamp = `${end.slice(0, 23)}000000Z`;
      justBefore.sequence_timestamp = `${new Date(now - 60_001).toISOString().slice(0, 23)}600000Z`;
      const client = coinbaseClient(coinbase);

      const first = await readExchangeHistory(client, null);
      expect((first.nextCursor as CoinbaseCursor).fills.through).toBe(end);
      offset = 10_000;
      const second = await readExchangeHistory(client, first.nextCursor);
      offset = 20_000;
      const third = await readExchangeHistory(client, second.nextCursor);

      const amounts = [first, second, third].flatMap((history) => history.trades.map((t) => t.amount));
      expect(amounts.sort()).toEqual(['0.001', '0.002']);
      expect(first.trades.map((t) => t.amount)).toEqual(inclusive ? ['0.001', '0.002'] : ['0.002']);
    },
  );

  it('leaves out fills of futures and bookkeeping entries, and reads a delisted product by its id', async () => {
    const coinbase = await coinbaseWith({
      deposits: [{ currency: 'USD', amount: '1000', time: daysAgo(30) }],
      fills: [
        { product: 'CGLD-USD', side: 'buy', size: '10', price: '0.75', time: daysAgo(20) },
        { product: 'BTC-USD', side: 'buy', size: '0.001', price: '60000', time: daysAgo(10) },
      ],
    });
    const [celo, bitcoin] = coinbase.account.fills;
    if (!celo || !bitcoin) throw new Error('fills not planned');
    coinbase.account.fills.push(
      { ...bitcoin, trade_id: 'b1c0ffee-0000-4000-a000-000000000001', product_id: 'BIT-31JAN25-CDE' },
      { ...bitcoin, trade_id: 'b1c0ffee-0000-4000-a000-000000000002', trade_type: 'CORRECTION' },
    );

    const history = await readExchangeHistory(coinbaseClient(coinbase), null);

    expect(history.trades.map((t) => [t.market, t.base, t.quote, t.amount])).toEqual([
      ['CGLD-USD', 'CELO', 'USD', '10'],
      ['BTC-USD', 'BTC', 'USD', '0.001'],
    ]);
  });
});

describe('Coinbase failures as ExchangeErrors', () => {
  const small: CoinbaseAccountPlan = {
    deposits: [{ currency: 'USD', amount: '100', time: daysAgo(5) }],
    fills: [{ product: 'BTC-USD', side: 'buy', size: '0.001', price: '50000', time: daysAgo(2) }],
  };

  it('a key Coinbase does not know is an auth error', async () => {
    const coinbase = await coinbaseWith(small);
    const stranger = fakeCoinbaseKey('stranger');
    const client = coinbaseClient(coinbase, { apiKey: stranger.apiKey, secret: stranger.secret });
    const error = await exchangeFailure(readExchangeHistory(client, null));
    expect(error).toMatchObject({
      kind: 'auth',
      exchange: 'coinbase',
      endpoint: 'brokerage/accounts',
      status: 401,
    });
    expect(error.message).toContain('did not accept this API key');
    expect(error.transient).toBe(false);
  });

  it('a token signed with another private key is an auth error', async () => {
    const coinbase = await coinbaseWith(small);
    const client = coinbaseClient(coinbase, { secret: fakeCoinbaseKey('other').secret });
    expect(await exchangeFailure(readExchangeHistory(client, null))).toMatchObject({ kind: 'auth' });
  });

  it.each([
    ['expired', 10 * 60_000],
    ['not yet valid', -10 * 60_000],
  ])('a token Coinbase’s clock finds %s is an auth error', async (_, offset) => {
    const coinbase = await coinbaseWith(small);
    coinbase.setClockOffset(offset);
    const error = await exchangeFailure(readExchangeHistory(coinbaseClient(coinbase), null));
    expect(error).toMatchObject({ kind: 'auth', status: 401 });
  });

  it('a key without the view permission is an auth error that says so', async () => {
    const trader = fakeCoinbaseKey('blind', { can_view: false, can_trade: true, can_transfer: false });
    const coinbase = await coinbaseWith(small, { keys: [trader] });
    const error = await exchangeFailure(readExchangeHistory(coinbaseClient(coinbase), null));
    expect(error).toMatchObject({ kind: 'auth', status: 403, endpoint: 'brokerage/accounts' });
    expect(error.message).toContain('lacks a permission');
  });

  it.each<[CoinbaseFault, string, number | undefined]>([
    [{ type: 'rate-limit', retryAfterSeconds: 7 }, 'rate_limit', 7000],
    [{ type: 'rate-limit' }, 'rate_limit', 10_000],
    [{ type: 'unauthenticated' }, 'auth', undefined],
    [{ type: 'server-error' }, 'unavailable', undefined],
    [{ type: 'maintenance' }, 'unavailable', undefined],
    [{ type: 'unavailable', status: 502 }, 'unavailable', undefined],
    [{ type: 'malformed' }, 'malformed', undefined],
    [{ type: 'wrong-shape' }, 'malformed', undefined],
  ])('%o on fills is %s', async (fault, kind, retryAfterMs) => {
    const coinbase = await coinbaseWith(small);
    coinbase.setFault(fault, { path: 'fills' });
    const error = await exchangeFailure(readExchangeHistory(coinbaseClient(coinbase), null));
    expect(error).toMatchObject({ kind, endpoint: 'orders/historical/fills', retryAfterMs });
  });

  it.each<[CoinbaseFault, string, number | undefined]>([
    [{ type: 'rate-limit', retryAfterSeconds: 3 }, 'rate_limit', 3000],
    [{ type: 'server-error' }, 'unavailable', undefined],
    [{ type: 'maintenance' }, 'unavailable', undefined],
    [{ type: 'malformed' }, 'malformed', undefined],
    [{ type: 'wrong-shape' }, 'malformed', undefined],
  ])('%o on a wallet’s transactions is %s', async (fault, kind, retryAfterMs) => {
    const coinbase = await coinbaseWith(small);
    coinbase.setFault(fault, { path: 'transactions' });
    const error = await exchangeFailure(readExchangeHistory(coinbaseClient(coinbase), null));
    expect(error).toMatchObject({ kind, endpoint: 'accounts/:id/transactions', retryAfterMs });
  });

  it('a 429 pauses the shared budget for as long as Coinbase asked', async () => {
    const coinbase = await coinbaseWith(small);
    coinbase.setFault({ type: 'rate-limit', retryAfterSeconds: 4 }, { path: 'accounts' });
    const pauses: number[] = [];
    const budget = { acquire: async () => {}, pauseUntil: async (until: number) => void pauses.push(until) };
    const before = Date.now();
    const error = await exchangeFailure(readExchangeHistory(coinbaseClient(coinbase, { budget }), null));
    expect(error).toMatchObject({ kind: 'rate_limit', endpoint: 'brokerage/accounts', status: 429 });
    expect(pauses).toHaveLength(1);
    expect(pauses[0]).toBeGreaterThanOrEqual(before + 4000);
  });

  it('an answer that never comes is a timeout', async () => {
    const coinbase = await coinbaseWith(small);
    coinbase.setFault({ type: 'hang' }, { path: 'accounts' });
    const error = await exchangeFailure(
      readExchangeHistory(coinbaseClient(coinbase, { timeoutMs: 300 }), null),
    );
    expect(error).toMatchObject({ kind: 'timeout', endpoint: 'brokerage/accounts' });
  });

  it('the fake refuses a token for another request, an expired one and none at all', async () => {
    const coinbase = await coinbaseWith(small);
    const { ccxt } = coinbaseClient(coinbase);
    const accounts = `${coinbase.url}/api/v3/brokerage/accounts`;
    const seconds = Math.floor(Date.now() / 1000);
    const send = (token: string | null) =>
      fetch(accounts, { headers: token === null ? {} : { authorization: `Bearer ${token}` } });

    const good = await send(ccxt.createAuthToken(seconds, 'GET', accounts));
    expect(good.status).toBe(200);
    for (const token of [
      ccxt.createAuthToken(seconds, 'GET', `${coinbase.url}/api/v3/brokerage/key_permissions`),
      ccxt.createAuthToken(seconds, 'POST', accounts),
      ccxt.createAuthToken(seconds - 600, 'GET', accounts),
      null,
    ]) {
      const refused = await send(token);
      expect(refused.status).toBe(401);
      expect(await refused.text()).toBe('Unauthorized\n');
    }
  });
});

describe('what Coinbase says its key may do', () => {
  it('key_permissions: can_trade and can_transfer are told apart', async () => {
    const reader = fakeCoinbaseKey('reader');
    const trader = fakeCoinbaseKey('trader', { ...viewOnlyScopes, can_trade: true });
    const mover = fakeCoinbaseKey('mover', { ...viewOnlyScopes, can_transfer: true });
    const coinbase = await coinbaseWith({}, { keys: [reader, trader, mover] });
    const as = (key: typeof reader) => coinbaseClient(coinbase, { apiKey: key.apiKey, secret: key.secret });

    expect(await readKeyPermissions(as(reader))).toEqual({ canWithdraw: false, canTrade: false });
    expect(await readKeyPermissions(as(trader))).toEqual({ canWithdraw: false, canTrade: true });
    expect(await readKeyPermissions(as(mover))).toEqual({ canWithdraw: true, canTrade: false });
    expect(new Set(coinbase.requests.map((r) => r.path))).toEqual(
      new Set(['/api/v3/brokerage/key_permissions']),
    );
  });

  it('a key Coinbase does not know is an auth error', async () => {
    const coinbase = await coinbaseWith({});
    const stranger = fakeCoinbaseKey('stranger');
    const client = coinbaseClient(coinbase, { apiKey: stranger.apiKey, secret: stranger.secret });
    expect(await exchangeFailure(readKeyPermissions(client))).toMatchObject({ kind: 'auth' });
  });
});
