import { afterEach, describe, expect, it } from 'vitest';
import { readExchangeHistory } from './read-exchange-history.ts';
import { idsOf, krakenClient, progressLog } from './test/exchange-setup.ts';
import { type FakeKraken, startFakeKraken } from './test/fake-kraken.ts';
import { buildKrakenAccount, type KrakenAccountPlan } from './test/kraken-account.ts';

let fake: FakeKraken | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** Kraken's clock in these tests: a month after the last planned activity, moved by hand. */
let clock = Date.parse('2026-03-01T00:00:00Z');

async function krakenWith(plan: KrakenAccountPlan): Promise<FakeKraken> {
  clock = Date.parse('2026-03-01T00:00:00Z');
  fake = await startFakeKraken({ account: buildKrakenAccount(plan), now: () => clock });
  return fake;
}

const btcAddress = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const depositTx = '6544b41b607d8b2512baf801755a3a87b6890eacdb451be8a94059fb11f0a8d9';
const withdrawalTx = '0b8d8e1ac7c9f1f4e9f0d8a1d2a3c4b5e6f708192a3b4c5d6e7f8091a2b3c4d5';

const everyday: KrakenAccountPlan = {
  deposits: [
    {
      asset: 'ZEUR',
      amount: '2500.00',
      time: '2026-01-02T09:00:00Z',
      txid: 'SEPA-REF-77',
      address: 'DE89 3704 0044 0532 0130 00',
      method: 'SEPA',
    },
    {
      asset: 'XXBT',
      amount: '0.5000000000',
      time: '2026-01-03T10:00:00Z',
      txid: depositTx,
      address: btcAddress,
      method: 'Bitcoin',
      network: 'Bitcoin',
    },
  ],
  trades: [
    {
      pair: 'XXBTZEUR',
      side: 'buy',
      vol: '0.02000000',
      price: '41000.0',
      fee: '2.13200',
      time: '2026-01-04T11:00:00.250Z',
    },
    {
      pair: 'XETHXXBT',
      side: 'buy',
      vol: '1.50000000',
      price: '0.05210',
      fee: '0.00020319',
      time: '2026-01-05T12:00:00Z',
    },
    { pair: 'DOTEUR', side: 'buy', vol: '100.00000000', price: '7.1234', time: '2026-01-06T13:00:00Z' },
    {
      pair: 'XETHZEUR',
      side: 'sell',
      vol: '0.50000000',
      price: '2250.10',
      fee: '2.92513',
      time: '2026-01-07T14:00:00Z',
    },
  ],
  ledger: [
    {
      type: 'transfer',
      subtype: 'spottostaking',
      asset: 'DOT',
      amount: '-60',
      time: '2026-01-08T08:00:00Z',
      refid: 'RSTK-1',
    },
    {
      type: 'transfer',
      subtype: 'stakingfromspot',
      asset: 'DOT.S',
      amount: '60',
      time: '2026-01-08T08:00:01Z',
      refid: 'RSTK-1',
    },
    { type: 'staking', asset: 'DOT.S', amount: '0.0412345678', time: '2026-01-15T00:00:00Z' },
  ],
  withdrawals: [
    {
      asset: 'XXBT',
      amount: '0.2500000000',
      fee: '0.0000500000',
      time: '2026-01-20T16:00:00Z',
      txid: withdrawalTx,
      address: btcAddress,
      method: 'Bitcoin',
      network: 'Bitcoin',
    },
  ],
};

describe('reading a Kraken account with ccxt', () => {
  it('hands out trades, movements and balances with exact decimals and unified codes', async () => {
    const kraken = await krakenWith(everyday);
    const client = krakenClient(kraken);

    const history = await readExchangeHistory(client, null);

    expect(
      history.trades.map((t) => [t.market, t.base, t.quote, t.side, t.amount, t.price, t.cost, t.fees]),
    ).toEqual([
      ['XXBTZEUR', 'BTC', 'EUR', 'buy', '0.02', '41000', '820', [{ cost: '2.132', currency: 'EUR' }]],
      [
        'XETHXXBT',
        'ETH',
        'BTC',
        'buy',
        '1.5',
        '0.0521',
        '0.07815',
        [{ cost: '0.00020319', currency: 'BTC' }],
      ],
      ['DOTEUR', 'DOT', 'EUR', 'buy', '100', '7.1234', '712.34', [{ cost: '1.852084', currency: 'EUR' }]],
      ['XETHZEUR', 'ETH', 'EUR', 'sell', '0.5', '2250.1', '1125.05', [{ cost: '2.92513', currency: 'EUR' }]],
    ]);
    expect(history.trades[0]).toMatchObject({ time: '2026-01-04T11:00:00.250Z', maker: true });
    expect(history.trades[0]?.orderId).toMatch(/^[A-Z2-7]{6}-[A-Z2-7]{5}-[A-Z2-7]{6}$/);

    expect(
      history.movements.map((m) => [m.kind, m.direction, m.currency, m.amount, m.fiat, m.exchangeType]),
    ).toEqual([
      ['deposit', 'in', 'EUR', '2500', true, 'deposit'],
      ['deposit', 'in', 'BTC', '0.5', false, 'deposit'],
      ['internal', 'out', 'DOT', '60', false, 'transfer/spottostaking'],
      ['internal', 'in', 'DOT.S', '60', false, 'transfer/stakingfromspot'],
      ['reward', 'in', 'DOT.S', '0.0412345678', false, 'staking'],
      ['withdrawal', 'out', 'BTC', '0.25', false, 'withdrawal'],
    ]);
    const [euros, bitcoinIn, , , , bitcoinOut] = history.movements;
    expect(euros).toMatchObject({ txHash: null, fee: null });
    expect(bitcoinIn).toMatchObject({ txHash: depositTx, address: btcAddress, network: 'Bitcoin' });
    expect(bitcoinOut).toMatchObject({
      txHash: withdrawalTx,
      address: btcAddress,
      fee: { cost: '0.00005', currency: 'BTC' },
      time: '2026-01-20T16:00:00.000Z',
    });

    expect(history.balances).toEqual([
      { currency: 'BTC', total: '0.19159681' },
      { currency: 'DOT', total: '40' },
      { currency: 'DOT.S', total: '60.0412345678' },
      { currency: 'ETH', total: '1' },
      { currency: 'EUR', total: '2085.800786' },
    ]);
  });

  it('adds nothing on a second read, and only what is new on a third', async () => {
    const kraken = await krakenWith(everyday);
    const client = krakenClient(kraken);
    const first = await readExchangeHistory(client, null);

    const second = await readExchangeHistory(client, first.nextCursor);
    expect(idsOf(second)).toEqual([]);
    expect(client.requestCount()).toBe(kraken.requests.length);
    expect(first.requests + second.requests).toBe(kraken.requests.length);
    for (const url of client.configuredUrls()) expect(url.startsWith(kraken.url)).toBe(true);

    const later = buildKrakenAccount({
      ...everyday,
      trades: [
        ...(everyday.trades ?? []),
        { pair: 'SOLEUR', side: 'buy', vol: '3', price: '95.5', time: clock + 10_000 },
      ],
    });
    clock += 60_000;
    kraken.account.trades = later.trades;
    kraken.account.ledger = later.ledger;
    const third = await readExchangeHistory(client, second.nextCursor);
    expect(third.trades.map((t) => [t.base, t.quote, t.amount])).toEqual([['SOL', 'EUR', '3']]);
    expect(third.movements).toEqual([]);
  });

  it('pages through more than 50 trades and ledger entries', async () => {
    const start = Date.parse('2025-06-01T00:00:00Z');
    const kraken = await krakenWith({
      deposits: [
        { asset: 'ZEUR', amount: '100000', time: start, txid: 'SEPA-1', address: 'IBAN', method: 'SEPA' },
      ],
      trades: Array.from({ length: 60 }, (_, i) => ({
        pair: 'XXBTZEUR',
        side: 'buy' as const,
        vol: '0.001',
        price: String(30000 + i),
        time: start + (i + 1) * 3_600_000,
      })),
      ledger: Array.from({ length: 70 }, (_, i) => ({
        type: 'staking',
        asset: 'DOT.S',
        amount: `0.00${i + 1}`,
        time: start + i * 86_400_000 + 1800_000,
      })),
    });
    const client = krakenClient(kraken);

    const history = await readExchangeHistory(client, null);

    expect(history.trades).toHaveLength(60);
    expect(new Set(history.trades.map((t) => t.id)).size).toBe(60);
    // 120 trade entries + 70 rewards + 1 deposit = 191 ledger entries: four pages of 50.
    expect(history.movements).toHaveLength(71);
    const ledgerPages = kraken.requests.filter((r) => r.path === '/0/private/Ledgers');
    expect(ledgerPages.map((r) => r.params.ofs)).toEqual(['0', '50', '100', '150']);
    expect(new Set(ledgerPages.map((r) => r.params.end)).size).toBe(1);
    const tradePages = kraken.requests.filter((r) => r.path === '/0/private/TradesHistory');
    expect(tradePages.map((r) => r.params.ofs)).toEqual(['0', '50']);
  });

  it('resumes a read that failed half way from the last cursor it handed out, doubling nothing', async () => {
    const start = Date.parse('2025-03-01T00:00:00Z');
    const kraken = await krakenWith({
      trades: Array.from({ length: 75 }, (_, i) => ({
        pair: 'XETHZEUR',
        side: i % 2 === 0 ? ('buy' as const) : ('sell' as const),
        vol: '0.1',
        price: String(2000 + i),
        time: start + i * 60_000,
      })),
    });
    const whole = await readExchangeHistory(krakenClient(kraken), null);

    kraken.setFault({ type: 'rate-limit' }, { path: 'Ledgers', skip: 1 });
    const log = progressLog();
    const client = krakenClient(kraken);
    await expect(readExchangeHistory(client, null, { onProgress: log.onProgress })).rejects.toMatchObject({
      kind: 'rate_limit',
      endpoint: 'Ledgers',
    });
    const before = log.batches.flatMap((b) => [
      ...b.trades.map((t) => t.id),
      ...b.movements.map((m) => m.id),
    ]);

    const rest = await readExchangeHistory(client, log.lastCursor());
    const after = [...rest.trades.map((t) => t.id), ...rest.movements.map((m) => m.id)];

    expect(new Set([...before, ...after]).size).toBe(before.length + after.length);
    expect([...before, ...after].sort()).toEqual(
      [...whole.trades.map((t) => t.id), ...whole.movements.map((m) => m.id)].sort(),
    );
  });

  it('stops between two requests when asked to, and continues from the cursor it last handed out', async () => {
    const start = Date.parse('2025-09-01T00:00:00Z');
    const kraken = await krakenWith({
      trades: Array.from({ length: 120 }, (_, i) => ({
        pair: 'SOLEUR',
        side: 'buy' as const,
        vol: '1',
        price: String(100 + i),
        time: start + i * 1000,
      })),
    });
    const client = krakenClient(kraken);
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
    expect(ids).toHaveLength(120);
    expect(new Set(ids).size).toBe(120);
    const resumedAt = kraken.requests
      .filter((r) => r.path === '/0/private/TradesHistory')
      .map((r) => r.params.ofs);
    expect(resumedAt).toEqual(['0', '50', '100']);
  });

  it('stops before a withdrawal Kraken has not sent yet, and hands it out with its hash once sent', async () => {
    const hour = 3_600_000;
    const now = Date.parse('2026-03-01T00:00:00Z');
    const kraken = await krakenWith({
      deposits: [
        {
          asset: 'XXBT',
          amount: '1',
          time: now - 48 * hour,
          txid: depositTx,
          address: btcAddress,
          method: 'Bitcoin',
        },
      ],
      trades: [
        { pair: 'XXBTZEUR', side: 'sell', vol: '0.1', price: '60000', time: now - 24 * hour },
        { pair: 'XXBTZEUR', side: 'sell', vol: '0.2', price: '61000', time: now - hour / 2 },
      ],
      withdrawals: [
        {
          asset: 'XXBT',
          amount: '0.5',
          fee: '0.00002',
          time: now - hour,
          txid: '',
          address: btcAddress,
          method: 'Bitcoin',
          status: 'Pending',
        },
      ],
    });
    const client = krakenClient(kraken);

    const first = await readExchangeHistory(client, null);
    expect(first.trades.map((t) => t.amount)).toEqual(['0.1']);
    expect(first.movements.map((m) => m.kind)).toEqual(['deposit']);

    const [withdrawal] = kraken.account.withdrawals;
    if (!withdrawal) throw new Error('no withdrawal planned');
    withdrawal.status = 'Success';
    withdrawal.txid = withdrawalTx;
    const second = await readExchangeHistory(client, first.nextCursor);
    expect(second.trades.map((t) => t.amount)).toEqual(['0.2']);
    expect(second.movements.map((m) => [m.kind, m.txHash, m.fee?.cost])).toEqual([
      ['withdrawal', withdrawalTx, '0.00002'],
    ]);

    expect(idsOf(await readExchangeHistory(client, second.nextCursor))).toEqual([]);
  });
});
