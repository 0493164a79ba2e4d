import { describe, expect, it } from 'vitest';
import { type CurrencyFactor, type ExchangeTradeRecord, pricedTradeLegs } from './exchange-legs.ts';

const trade = (over: Partial<ExchangeTradeRecord> = {}): ExchangeTradeRecord => ({
  side: 'buy',
  base: 'BTC',
  quote: 'EUR',
  amount: '0.5',
  cost: '20000',
  fees: [{ cost: '10', currency: 'EUR' }],
  time: '2024-03-05T10:00:00.000Z',
  note: 'Kraken trade T1',
  ref: 'kraken:trade:T1',
  ...over,
});

const none: CurrencyFactor = () => null;
const closes: CurrencyFactor = (currency) => ({ BTC: '60000', BNB: '400', EUR: '1.1' })[currency] ?? null;

describe('an exchange trade as ledger rows', () => {
  it('books a fiat trade in its own currency at its own price, the fee on top', () => {
    expect(pricedTradeLegs(trade(), 'eur', none)).toEqual([
      expect.objectContaining({
        coinId: 'bitcoin',
        type: 'buy',
        quantity: '0.5',
        pricePerCoin: '40000',
        fee: '10',
        feeCurrency: null,
        outsideRef: 'kraken:trade:T1',
      }),
    ]);
  });

  it('converts a price in another fiat at the day rate, and holds the trade without one', () => {
    expect(pricedTradeLegs(trade(), 'usd', closes)).toEqual([
      expect.objectContaining({ pricePerCoin: '44000', fee: '11' }),
    ]);
    expect(pricedTradeLegs(trade(), 'usd', none)).toEqual({ reason: 'no_price', detail: 'EUR to USD rate' });
  });

  it('books a crypto-to-crypto trade as a disposal and an acquisition valued at the quote coin’s close', () => {
    const legs = pricedTradeLegs(
      trade({
        base: 'ETH',
        quote: 'BTC',
        amount: '2',
        cost: '0.1',
        fees: [{ cost: '0.0001', currency: 'BTC' }],
      }),
      'usd',
      closes,
    );
    expect(legs).toEqual([
      expect.objectContaining({
        coinId: 'ethereum',
        type: 'buy',
        quantity: '2',
        pricePerCoin: '3000',
        fee: '6',
      }),
      expect.objectContaining({ coinId: 'bitcoin', type: 'sell', quantity: '0.1001', pricePerCoin: '60000' }),
    ]);
    // Both legs or neither: no BTC close holds the whole swap.
    expect(pricedTradeLegs(trade({ base: 'ETH', quote: 'BTC', cost: '0.1' }), 'usd', none)).toMatchObject({
      reason: 'no_price',
    });
  });

  it('books a sale whose fee in the coin received exceeds its proceeds as a disposal of that coin, never a negative buy', () => {
    // 0.001 ETH sold for 0.00005 BTC with a 0.00008 BTC fee: on balance 0.00003 BTC left too.
    const legs = pricedTradeLegs(
      trade({
        side: 'sell',
        base: 'ETH',
        quote: 'BTC',
        amount: '0.001',
        cost: '0.00005',
        fees: [{ cost: '0.00008', currency: 'BTC' }],
      }),
      'usd',
      closes,
    );
    expect(legs).toEqual([
      expect.objectContaining({ coinId: 'ethereum', type: 'sell', quantity: '0.001', fee: '4.8' }),
      expect.objectContaining({
        coinId: 'bitcoin',
        type: 'sell',
        quantity: '0.00003',
        pricePerCoin: '60000',
        fee: '0',
      }),
    ]);
    // Exactly eaten by its fee: nothing of the coin received moves.
    const even = pricedTradeLegs(
      trade({
        side: 'sell',
        base: 'ETH',
        quote: 'BTC',
        amount: '0.001',
        cost: '0.00005',
        fees: [{ cost: '0.00005', currency: 'BTC' }],
      }),
      'usd',
      closes,
    );
    expect(even).toEqual([expect.objectContaining({ coinId: 'ethereum', type: 'sell' })]);
  });

  it('keeps a fee paid in BNB in BNB on the trade and sells the BNB at its close', () => {
    const legs = pricedTradeLegs(
      trade({ quote: 'USDT', cost: '30000', fees: [{ cost: '0.05', currency: 'BNB' }] }),
      'usd',
      closes,
    );
    expect(legs).toEqual([
      expect.objectContaining({
        coinId: 'bitcoin',
        type: 'buy',
        pricePerCoin: '60000',
        fee: '0.05',
        feeCurrency: 'bnb',
      }),
      expect.objectContaining({ coinId: 'tether', type: 'sell', quantity: '30000', pricePerCoin: '1' }),
      expect.objectContaining({ coinId: 'binancecoin', type: 'sell', quantity: '0.05', pricePerCoin: '400' }),
    ]);
  });

  it('holds a trade of an asset it cannot name, and one with fees in two currencies', () => {
    expect(pricedTradeLegs(trade({ base: 'NOPE' }), 'eur', none)).toEqual({
      reason: 'unknown_asset',
      detail: 'NOPE',
    });
    const twoFees = trade({
      fees: [
        { cost: '1', currency: 'EUR' },
        { cost: '0.1', currency: 'BNB' },
      ],
    });
    expect(pricedTradeLegs(twoFees, 'eur', closes)).toMatchObject({ reason: 'unrecordable' });
  });
});
