import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBinanceAccount } from '../../integrations/exchanges/test/binance-account.ts';
import { type FakeBinance, startFakeBinance } from '../../integrations/exchanges/test/fake-binance.ts';
import { brief, plain, type SyncWorld, syncWorld } from './sync-test-kit.ts';

const dayMs = 86_400_000;
/** Binance refuses a request signed more than a few seconds off its clock: history sits before now. */
const today = Math.floor(Date.now() / dayMs) * dayMs;
const daysAgo = (days: number) => today - days * dayMs + 12 * 3_600_000;
const usdtIn = 'a1'.repeat(32);
const bnbIn = 'b2'.repeat(32);

let binance: FakeBinance;
let w: SyncWorld;
let portfolio: { id: string; currency: string };

beforeAll(async () => {
  binance = await startFakeBinance({
    account: buildBinanceAccount({
      deposits: [
        {
          coin: 'USDT',
          amount: '5000',
          network: 'ETH',
          txId: `0x${usdtIn}`,
          address: '0x94df8b352de7f46f64b01d3666bf6e936e44ce60',
          time: daysAgo(40),
        },
        {
          coin: 'BNB',
          amount: '1',
          network: 'BSC',
          txId: `0x${bnbIn}`,
          address: '0x94df8b352de7f46f64b01d3666bf6e936e44ce60',
          time: daysAgo(39),
        },
      ],
      // 0.05 BTC for 2,000 USDT, its commission paid in BNB at the fee discount.
      trades: [
        {
          symbol: 'BTCUSDT',
          side: 'buy',
          qty: '0.05',
          price: '40000',
          commission: '0.0025',
          commissionAsset: 'BNB',
          time: daysAgo(30),
        },
      ],
    }),
  });
  w = await syncWorld({ env: { EXCHANGE_API_URLS: JSON.stringify({ binance: binance.url }) } });
  portfolio = await w.user.portfolio({ name: 'Binance', currency: 'usd' });
  await w.setClose('binancecoin', new Date(daysAgo(30)), 600);
});
afterAll(async () => {
  await w?.close();
  await binance?.close();
});

describe('syncing a Binance account', () => {
  it('keeps a fee paid in BNB in BNB on the trade, sells that BNB at its close, and asks only the markets it holds', async () => {
    const connection = await w.connect(
      {
        kind: 'exchange',
        exchange: 'binance',
        label: 'Binance',
        api_key: binance.key.apiKey,
        api_secret: binance.key.secret,
      },
      w.user,
      portfolio.id,
    );
    expect(await w.sync(connection.id)).toBe('synced');
    const rows = (await w.rows(connection.id)).map((r) => ({
      ...brief(r),
      fee: plain(r.fee),
      feeCurrency: r.feeCurrency,
    }));
    // The stablecoin is a coin the account holds: its deposit is a transfer in like any other.
    expect(rows.find((r) => r.type === 'buy')).toMatchObject({
      coin: 'bitcoin',
      quantity: '0.05',
      price: '40000',
      fee: '0.0025',
      feeCurrency: 'bnb',
    });
    expect(rows.find((r) => r.type === 'sell' && r.coin === 'binancecoin')).toMatchObject({
      quantity: '0.0025',
      price: '600',
    });
    expect(rows.find((r) => r.type === 'sell' && r.coin === 'tether')).toMatchObject({ quantity: '2000' });

    // Binance's trades are per market: only markets of assets the account names were asked.
    const asked = new Set(
      binance.requests.filter((r) => r.path.endsWith('/myTrades')).map((r) => r.params.symbol),
    );
    expect([...asked].every((s) => /^(BTC|BNB|USDT)+$/.test(s ?? ''))).toBe(true);
    expect(asked.has('BTCUSDT')).toBe(true);
    expect(asked.has('ETHBTC')).toBe(false);

    const count = rows.length;
    expect(await w.sync(connection.id)).toBe('synced');
    expect((await w.rows(connection.id)).length).toBe(count);
  });
});
