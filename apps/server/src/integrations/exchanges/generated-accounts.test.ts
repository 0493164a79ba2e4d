import { afterEach, describe, expect, it } from 'vitest';
import { readExchangeHistory } from './read-exchange-history.ts';
import { binanceClient, krakenClient } from './test/exchange-setup.ts';
import { startFakeBinance } from './test/fake-binance.ts';
import { startFakeKraken } from './test/fake-kraken.ts';
import { generateBinanceAccount, generateKrakenAccount } from './test/generated-accounts.ts';

const running: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

describe('generated accounts, read whole', () => {
  it('Binance: every fill of 40 markets, each market asked, nothing doubled', async () => {
    const account = generateBinanceAccount({ trades: 3000, markets: 40 });
    const fake = await startFakeBinance({ account });
    running.push(fake);

    const history = await readExchangeHistory(binanceClient(fake), null, {
      historyStart: new Date(Date.now() - 600 * 86_400_000).toISOString(),
    });

    expect(history.trades).toHaveLength(3000);
    expect(new Set(history.trades.map((t) => `${t.market}:${t.id}`)).size).toBe(3000);
    expect(history.trades.filter((t) => t.fees[0]?.currency === 'BNB')).toHaveLength(750);
    expect(history.movements.map((m) => m.kind).sort()).toEqual([
      ...Array<string>(3).fill('deposit'),
      ...Array<string>(12).fill('reward'),
      'withdrawal',
    ]);
    const asked = new Set(
      fake.requests.filter((r) => r.path === '/api/v3/myTrades').map((r) => r.params.symbol),
    );
    for (const symbol of new Set(account.trades.map((t) => t.symbol))) expect(asked.has(symbol)).toBe(true);
    const held = new Map(account.balances.map((b) => [b.asset, b.free]));
    for (const balance of history.balances) expect(held.get(balance.currency)).toBeDefined();
  });

  it('Kraken: every fill and ledger entry of 40 markets', async () => {
    const account = generateKrakenAccount({ trades: 600, markets: 40 });
    const fake = await startFakeKraken({ account });
    running.push(fake);

    const history = await readExchangeHistory(krakenClient(fake), null);

    expect(history.trades).toHaveLength(600);
    expect(new Set(history.trades.map((t) => t.market)).size).toBe(40);
    // 1,200 trade entries, 2 deposits, 1 withdrawal and 12 rewards: 1,215 entries in 25 pages.
    expect(history.movements).toHaveLength(15);
    expect(fake.requests.filter((r) => r.path === '/0/private/Ledgers')).toHaveLength(25);
    expect(history.trades.every((t) => /^T[K-Z][A-Z]$/.test(t.base))).toBe(true);
  });
});
