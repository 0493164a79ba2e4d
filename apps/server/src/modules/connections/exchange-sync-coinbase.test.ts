import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCoinbaseAccount,
  type CoinbaseAccountPlan,
  settleCoinbaseBalances,
} from '../../integrations/exchanges/test/coinbase-account.ts';
import { type FakeCoinbase, startFakeCoinbase } from '../../integrations/exchanges/test/fake-coinbase.ts';
import { brief, type SyncWorld, syncWorld } from './sync-test-kit.ts';

const dayMs = 86_400_000;
/** ccxt signs with the real clock and Coinbase refuses a stale JWT: the history sits before it. */
const today = Math.floor(Date.now() / dayMs) * dayMs;
const daysAgo = (days: number) => today - days * dayMs + 12 * 3_600_000;
const btcIn = 'bafc5902504d6504a00b7d0306a41154cbf1d1b767ab70f3bc226327362588af';
const ethOut = '0xb5ef8c13b968a406cc62a93a8bd80f9e9a906ef1b3fcf20a2e48573c17659268';

/** Dollars in, bitcoin deposited, bitcoin spent on ether (a crypto-to-crypto fill), ether sent out. */
const plan: CoinbaseAccountPlan = {
  deposits: [
    { currency: 'USD', amount: '5000.00', time: daysAgo(60) },
    {
      currency: 'BTC',
      amount: '0.25',
      time: daysAgo(50),
      txHash: btcIn,
      address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
    },
  ],
  fills: [
    { product: 'BTC-USD', side: 'buy', size: '0.01', price: '43000', commission: '2.58', time: daysAgo(40) },
    {
      product: 'ETH-BTC',
      side: 'buy',
      size: '1.2',
      price: '0.05',
      commission: '0.00036',
      time: daysAgo(30),
    },
  ],
  withdrawals: [
    {
      currency: 'ETH',
      amount: '0.7',
      fee: '0.0016',
      time: daysAgo(20),
      txHash: ethOut,
      address: '0x94df8b352de7f46f64b01d3666bf6e936e44ce60',
    },
  ],
};

let coinbase: FakeCoinbase;
let w: SyncWorld;
let portfolio: { id: string; currency: string };

beforeAll(async () => {
  const account = buildCoinbaseAccount(plan);
  settleCoinbaseBalances(account);
  coinbase = await startFakeCoinbase({ account });
  w = await syncWorld({ env: { EXCHANGE_API_URLS: JSON.stringify({ coinbase: coinbase.url }) } });
  portfolio = await w.user.portfolio({ name: 'Coinbase', currency: 'usd' });
  // The swap is valued at bitcoin's close of its day; the network fee at ether's.
  await w.setClose('bitcoin', new Date(daysAgo(30)), 60_000);
  await w.setClose('ethereum', new Date(daysAgo(20)), 3_000);
});
afterAll(async () => {
  await w?.close();
  await coinbase?.close();
});

describe('syncing a Coinbase Advanced Trade account', () => {
  it('books a crypto-to-crypto fill as a disposal and an acquisition at its own price, and a second sync adds nothing', async () => {
    const connection = await w.connect(
      {
        kind: 'exchange',
        exchange: 'coinbase',
        label: 'Coinbase',
        api_key: coinbase.key.apiKey,
        api_secret: coinbase.key.secret,
      },
      w.user,
      portfolio.id,
    );
    expect(connection).toMatchObject({ exchange: 'coinbase', key_permissions: { can_trade: false } });
    expect(await w.sync(connection.id)).toBe('synced');

    const rows = (await w.rows(connection.id)).map((r) => ({ ...brief(r), hash: r.txHash }));
    const swap = rows.filter((r) => r.classification === null && r.quantity !== '0.01');
    // 1.2 ETH for 0.06 BTC at bitcoin's 60,000 of that day; the 0.00036 BTC commission is
    // disposed of with it.
    expect(swap).toEqual([
      expect.objectContaining({ type: 'buy', coin: 'ethereum', quantity: '1.2', price: '3000' }),
      expect.objectContaining({ type: 'sell', coin: 'bitcoin', quantity: '0.06036', price: '60000' }),
    ]);
    expect(rows.find((r) => r.type === 'transfer_in')).toMatchObject({
      coin: 'bitcoin',
      quantity: '0.25',
      price: null,
      hash: btcIn,
    });
    expect(rows.find((r) => r.type === 'transfer_out' && r.classification === 'sent')).toMatchObject({
      coin: 'ethereum',
      quantity: '0.7',
      hash: ethOut.slice(2),
    });
    expect(rows.find((r) => r.classification === 'network_fee')).toMatchObject({
      coin: 'ethereum',
      quantity: '0.0016',
    });

    // The ether sent arrives two hours later in a wallet typed by hand: proposed as one transfer,
    // which the connection's list says instead of only asking what the withdrawal was.
    const cold = await w.user.portfolio({ name: 'Cold wallet', currency: 'usd' });
    const typed = await w.user.client.post('/api/v2/transactions/', {
      portfolio_id: cold.id,
      coin_id: 'ethereum',
      type: 'transfer_in',
      quantity: '0.7',
      price_per_coin: null,
      fee: '0',
      date: new Date(daysAgo(20) + 2 * 3_600_000).toISOString(),
    });
    expect(typed.statusCode).toBe(201);
    const waiting = (
      await w.user.client.get(`/api/v2/connections/${connection.id}/transactions/?waiting=true`)
    ).json() as { results: { type: string; coin_id: string; proposed_transfer?: unknown }[] };
    expect(waiting.results.find((r) => r.type === 'transfer_out' && r.coin_id === 'ethereum')).toMatchObject({
      proposed_transfer: { transaction_id: typed.json().id, portfolio_name: 'Cold wallet' },
    });
    // The bitcoin deposit has no counterpart: nothing is said of it.
    expect(waiting.results.find((r) => r.type === 'transfer_in')?.proposed_transfer).toBeUndefined();

    const count = rows.length;
    expect(await w.sync(connection.id)).toBe('synced');
    expect((await w.rows(connection.id)).length).toBe(count);
    const stored = await w.connection(connection.id);
    expect(stored).toMatchObject({ state: 'up_to_date', errorMessage: null });
  });
});
