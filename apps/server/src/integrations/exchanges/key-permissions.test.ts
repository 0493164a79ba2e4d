import { afterEach, describe, expect, it } from 'vitest';
import { readKeyPermissions } from './key-permissions.ts';
import { binanceClient, exchangeFailure, krakenClient } from './test/exchange-setup.ts';
import { fakeBinanceKey, readOnlyBinanceRestrictions, startFakeBinance } from './test/fake-binance.ts';
import { fakeKrakenKey, readOnlyKrakenPermissions, startFakeKraken } from './test/fake-kraken.ts';

const running: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

describe('what an exchange says its key may do', () => {
  it('Kraken: a read-only key may neither trade nor withdraw', async () => {
    const fake = await startFakeKraken();
    running.push(fake);
    expect(await readKeyPermissions(krakenClient(fake))).toEqual({ canWithdraw: false, canTrade: false });
    expect(fake.requests.map((r) => r.path)).toEqual(['/0/private/GetApiKeyInfo']);
  });

  it('Kraken: withdraw-funds and modify-trades are told apart', async () => {
    const withdrawer = fakeKrakenKey('withdrawer', [...readOnlyKrakenPermissions, 'withdraw-funds']);
    const trader = fakeKrakenKey('trader', [
      ...readOnlyKrakenPermissions,
      'modify-trades',
      'cancel-close-trades',
    ]);
    const fake = await startFakeKraken({ keys: [withdrawer, trader] });
    running.push(fake);
    const as = (key: typeof trader) => krakenClient(fake, { apiKey: key.apiKey, secret: key.secret });
    expect(await readKeyPermissions(as(withdrawer))).toEqual({ canWithdraw: true, canTrade: false });
    expect(await readKeyPermissions(as(trader))).toEqual({ canWithdraw: false, canTrade: true });
  });

  it('Kraken: a wrong key is an auth error, not an unknown answer', async () => {
    const fake = await startFakeKraken();
    running.push(fake);
    const error = await exchangeFailure(readKeyPermissions(krakenClient(fake, { apiKey: 'nobody' })));
    expect(error.kind).toBe('auth');
  });

  it('Binance: account/apiRestrictions tells withdrawals and trading apart', async () => {
    const readOnly = fakeBinanceKey('reader');
    const withdrawer = fakeBinanceKey('withdrawer', {
      ...readOnlyBinanceRestrictions(),
      enableWithdrawals: true,
      ipRestrict: true,
    });
    const trader = fakeBinanceKey('trader', {
      ...readOnlyBinanceRestrictions(),
      enableSpotAndMarginTrading: true,
    });
    const mover = fakeBinanceKey('mover', { ...readOnlyBinanceRestrictions(), enableInternalTransfer: true });
    const fake = await startFakeBinance({ keys: [readOnly, withdrawer, trader, mover] });
    running.push(fake);
    const as = (key: typeof trader) => binanceClient(fake, { apiKey: key.apiKey, secret: key.secret });
    expect(await readKeyPermissions(as(readOnly))).toEqual({ canWithdraw: false, canTrade: false });
    expect(await readKeyPermissions(as(withdrawer))).toEqual({ canWithdraw: true, canTrade: false });
    expect(await readKeyPermissions(as(trader))).toEqual({ canWithdraw: false, canTrade: true });
    // Internal transfers move funds to another (sub-)account: as good as a withdrawal.
    expect(await readKeyPermissions(as(mover))).toEqual({ canWithdraw: true, canTrade: false });
    expect(new Set(fake.requests.map((r) => r.path))).toEqual(new Set(['/sapi/v1/account/apiRestrictions']));
  });
});
