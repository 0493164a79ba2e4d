import { costBasisMethods } from '@app/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../decimal.ts';
import { ledgerArbitrary } from '../tax/fixtures/random-ledgers.ts';
import { computeLedger } from './engine.ts';
import {
  type FeeQuotes,
  feeCurrencyKnown,
  feeCurrencyOf,
  feeInCurrency,
  feeNeeds,
  withFeesIn,
} from './fee-currency.ts';
import type { LedgerTransaction } from './types.ts';

/** Day values keyed by `${code or coin}@YYYY-MM-DD`; a missing key is a day without one. */
function quotes(values: Record<string, string>): FeeQuotes {
  return {
    rateOn: (code, at) => values[`${code}@${at.slice(0, 10)}`] ?? null,
    closeOn: (coinId, at) => values[`${coinId}@${at.slice(0, 10)}`] ?? null,
  };
}

const tx = (
  id: string,
  type: LedgerTransaction['type'],
  quantity: string,
  price: string,
  fee: string,
  feeCurrency: string | undefined,
  at: string,
): LedgerTransaction => ({
  id,
  coin_id: id.startsWith('ada') ? 'cardano' : 'bitcoin',
  type,
  quantity,
  price_per_coin: price,
  fee,
  fee_currency: feeCurrency,
  executed_at: `${at}T10:00:00.000Z`,
  created_at: `${at}T10:00:00.000Z`,
});

describe('the currency of a fee', () => {
  it('tells the portfolio currency, another fiat currency, a known coin and an unknown symbol apart', () => {
    expect(feeCurrencyOf(undefined, 'eur')).toEqual({ kind: 'same' });
    expect(feeCurrencyOf('EUR', 'eur')).toEqual({ kind: 'same' });
    expect(feeCurrencyOf('usd', 'eur')).toEqual({ kind: 'fiat', code: 'usd' });
    expect(feeCurrencyOf('bnb', 'usd')).toEqual({ kind: 'coin', coinId: 'binancecoin' });
    expect(feeCurrencyOf('usdt', 'usd')).toEqual({ kind: 'coin', coinId: 'tether' });
    expect(feeCurrencyOf('zzzz', 'usd')).toEqual({ kind: 'unknown', symbol: 'zzzz' });
  });

  it('lists the rates and coin closes the foreign fees need', () => {
    const rows = [
      tx('btc-1', 'buy', '1', '1', '10', 'usd', '2024-03-05'),
      tx('btc-2', 'buy', '1', '1', '0.01', 'bnb', '2024-03-05'),
      tx('btc-3', 'buy', '1', '1', '0', 'gbp', '2024-03-05'),
      tx('btc-4', 'buy', '1', '1', '5', 'eur', '2024-03-05'),
    ];
    expect(feeNeeds(rows, 'eur')).toEqual({ fiat: ['usd'], coins: ['binancecoin'] });
  });
});

describe('a fee valued on its own day', () => {
  // A EUR portfolio pays 10 USD on 5 March 2024, when 1 USD was 0.92 EUR: 10 × 0.92 = 9.20 EUR.
  it('converts a fiat fee at the rate of its day', () => {
    const q = quotes({ 'usd@2024-03-05': '0.92' });
    expect(feeInCurrency(tx('btc-1', 'buy', '1', '1', '10', 'usd', '2024-03-05'), 'eur', q)).toEqual({
      fee: '9.2',
      issue: null,
    });
  });

  // 0.0075 BNB when BNB closed at 300 USD: 0.0075 × 300 = 2.25 USD.
  it('values a coin fee at that coin’s close of the day', () => {
    const q = quotes({ 'binancecoin@2024-03-05': '300' });
    expect(feeInCurrency(tx('ada-1', 'buy', '1000', '0.5', '0.0075', 'bnb', '2024-03-05'), 'usd', q)).toEqual(
      {
        fee: '2.25',
        issue: null,
      },
    );
  });

  it('is exact: no binary float in the product', () => {
    // 0.1 × 0.3 = 0.03 exactly (a float gives 0.030000000000000002).
    const q = quotes({ 'usd@2024-03-05': '0.3' });
    expect(feeInCurrency(tx('btc-1', 'buy', '1', '1', '0.1', 'usd', '2024-03-05'), 'eur', q).fee).toBe(
      '0.03',
    );
  });

  it('has no value on a day without a rate or close, never 0 and never the stated amount', () => {
    const q = quotes({ 'usd@2024-03-04': '0.92', 'binancecoin@2024-03-04': '300' });
    expect(feeInCurrency(tx('btc-1', 'buy', '1', '1', '10', 'usd', '2024-03-05'), 'eur', q)).toEqual({
      fee: null,
      issue: 'no_rate',
    });
    expect(feeInCurrency(tx('ada-1', 'buy', '1', '1', '0.01', 'bnb', '2024-03-05'), 'usd', q)).toEqual({
      fee: null,
      issue: 'no_price',
    });
    expect(feeInCurrency(tx('ada-1', 'buy', '1', '1', '0.01', 'zzzz', '2024-03-05'), 'usd', q)).toEqual({
      fee: null,
      issue: 'no_price',
    });
  });

  it('leaves a fee in the portfolio currency, or a zero fee, as it is (no quote needed)', () => {
    const none = quotes({});
    expect(feeInCurrency(tx('btc-1', 'buy', '1', '1', '10', 'eur', '2024-03-05'), 'eur', none).fee).toBe(
      '10',
    );
    expect(feeInCurrency(tx('btc-1', 'buy', '1', '1', '0', 'usd', '2024-03-05'), 'eur', none).fee).toBe('0');
  });
});

describe('the ledger with fees in other currencies', () => {
  /*
   * EUR portfolio: buy 0.5 BTC at 40,000 EUR paying 10 USD (1 USD = 0.92 EUR that day: 9.20 EUR),
   * sell it at 50,000 EUR paying 12.50 USD (1 USD = 0.90 EUR: 11.25 EUR).
   * Cost 20,000 + 9.20 = 20,009.20; proceeds 25,000 − 11.25 = 24,988.75;
   * realized 24,988.75 − 20,009.20 = 4,979.55 EUR. Read as euros, the fees would give 4,977.50.
   */
  it('realizes the hand-worked P&L of a USD fee on a EUR portfolio', () => {
    const rows = [
      tx('btc-buy', 'buy', '0.5', '40000', '10', 'usd', '2024-03-05'),
      tx('btc-sell', 'sell', '0.5', '50000', '12.5', 'usd', '2024-06-03'),
    ];
    const { transactions, issues } = withFeesIn(
      rows,
      'eur',
      quotes({ 'usd@2024-03-05': '0.92', 'usd@2024-06-03': '0.9' }),
    );
    expect(issues.size).toBe(0);
    expect(transactions.map((t) => [t.fee, t.fee_currency])).toEqual([
      ['9.2', undefined],
      ['11.25', undefined],
    ]);
    const coin = computeLedger(transactions).coins[0];
    expect(coin?.proceeds).toBe('24988.75');
    expect(coin?.cost_of_units_sold).toBe('20009.2');
    expect(coin?.realized_pnl).toBe('4979.55');
  });

  /*
   * USD portfolio, Binance style: buy 1,000 ADA at 0.50 USD paying 0.0075 BNB (BNB at 300 USD:
   * 2.25 USD), sell 600 ADA at 0.60 USD paying 0.00625 BNB (BNB at 320 USD: 2.00 USD).
   * Cost of 1,000 ADA 502.25, so 600 cost 301.35; proceeds 360 − 2 = 358;
   * realized 358 − 301.35 = 56.65 USD; 400 ADA remain at 200.90.
   */
  it('realizes the hand-worked P&L of BNB fees on a USD portfolio', () => {
    const rows = [
      tx('ada-buy', 'buy', '1000', '0.5', '0.0075', 'bnb', '2024-03-05'),
      tx('ada-sell', 'sell', '600', '0.6', '0.00625', 'bnb', '2024-04-10'),
    ];
    const { transactions, issues } = withFeesIn(
      rows,
      'usd',
      quotes({ 'binancecoin@2024-03-05': '300', 'binancecoin@2024-04-10': '320' }),
    );
    expect(issues.size).toBe(0);
    const coin = computeLedger(transactions, { method: 'fifo' }).coins[0];
    expect(coin?.realized_pnl).toBe('56.65');
    expect(coin?.cost_basis).toBe('200.9');
    expect(coin?.quantity).toBe('400');
  });

  it('leaves out a fee without a value for its day and lists its row', () => {
    const rows = [
      tx('btc-buy', 'buy', '0.5', '40000', '10', 'usd', '2024-03-05'),
      tx('btc-sell', 'sell', '0.5', '50000', '12.5', 'usd', '2024-06-03'),
    ];
    const { transactions, issues } = withFeesIn(rows, 'eur', quotes({ 'usd@2024-03-05': '0.92' }));
    expect([...issues]).toEqual([['btc-sell', 'no_rate']]);
    // Not 12.5 read as euros: the sell's fee is out of the figures until its day has a rate.
    expect(computeLedger(transactions).coins[0]?.realized_pnl).toBe('4990.8');
    expect(transactions[0]).not.toBe(rows[0]);
  });

  it('hands back rows without a foreign fee untouched', () => {
    const rows = [tx('btc-buy', 'buy', '0.5', '40000', '10', undefined, '2024-03-05')];
    const { transactions } = withFeesIn(rows, 'eur', quotes({}));
    expect(transactions[0]).toBe(rows[0]);
  });
});

describe('fees in other currencies on random ledgers (fast-check)', () => {
  const dayMs = 86_400_000;
  /** Day values with gaps: every `gap`-th day (shifted by `shift`) has no rate and no BNB close. */
  const dayQuotes = (gap: number, shift: number): FeeQuotes => {
    const day = (at: string) => Math.floor(Date.parse(at) / dayMs);
    const missing = (at: string) => (day(at) + shift) % gap === 0;
    return {
      rateOn: (code, at) => (code !== 'usd' || missing(at) ? null : `0.9${day(at) % 10}`),
      closeOn: (coinId, at) =>
        coinId !== 'binancecoin' || missing(at) ? null : `${200 + (day(at) % 100)}.${day(at) % 7}`,
    };
  };

  it('converts each fee at its day’s value or lists it, and realized + unrealized + fees = value − capital', () => {
    const seen = { converted: 0, listed: 0 };
    fc.assert(
      fc.property(
        ledgerArbitrary({ ownTransfers: false, portfolios: 1, maxRows: 50 }),
        fc.array(fc.constantFrom(undefined, 'eur', 'usd', 'bnb'), { minLength: 50, maxLength: 50 }),
        fc.integer({ min: 2, max: 6 }),
        fc.nat(5),
        ({ transactions, prices }, currencies, gap, shift) => {
          const quotes = dayQuotes(gap, shift);
          const rows: LedgerTransaction[] = transactions.map((t, i) => ({
            ...t,
            price_per_coin: t.price_per_coin ?? '0',
            fee: t.fee ?? '0',
            fee_currency: currencies[i],
          }));
          const { transactions: converted, issues } = withFeesIn(rows, 'eur', quotes);
          rows.forEach((row, i) => {
            const out = converted[i];
            const foreign =
              (row.fee_currency === 'usd' || row.fee_currency === 'bnb') && !new Dec(row.fee).isZero();
            const factor = !foreign
              ? '1'
              : row.fee_currency === 'usd'
                ? quotes.rateOn('usd', row.executed_at)
                : quotes.closeOn('binancecoin', row.executed_at);
            if (factor === null) {
              // Listed with its reason and left out, never the stated amount.
              expect(issues.get(row.id)).toBe(row.fee_currency === 'usd' ? 'no_rate' : 'no_price');
              expect(out?.fee).toBe('0');
              seen.listed++;
            } else {
              if (foreign) seen.converted++;
              expect(issues.has(row.id)).toBe(false);
              expect(new Dec(out?.fee ?? Number.NaN).eq(new Dec(row.fee).mul(factor))).toBe(true);
            }
            // Rows without a foreign fee come back as they are; converted ones lose their currency.
            if (foreign) expect(out?.fee_currency).toBeUndefined();
            else expect(out).toBe(row);
          });

          let capital = new Dec(0);
          let fees = new Dec(0);
          for (const t of converted) {
            const gross = new Dec(t.quantity).mul(t.price_per_coin ?? 0);
            fees = fees.add(t.fee);
            capital = t.type === 'sell' ? capital.sub(gross) : capital.add(gross);
          }
          for (const method of costBasisMethods) {
            const ledger = computeLedger(converted, { method, explain: false });
            let realized = new Dec(0);
            let left = new Dec(0);
            for (const c of ledger.coins) {
              realized = realized.add(c.realized_pnl);
              left = left.add(new Dec(c.quantity).mul(prices.get(c.coin_id) ?? 0).sub(c.cost_basis));
            }
            let value = new Dec(0);
            for (const c of ledger.coins)
              value = value.add(new Dec(c.quantity).mul(prices.get(c.coin_id) ?? 0));
            const lhs = realized.add(left).add(fees);
            const rhs = value.sub(capital);
            expect(lhs.sub(rhs).abs().lt('1e-15'), `${method}: ${lhs} vs ${rhs}`).toBe(true);
          }
        },
      ),
      { numRuns: 40 },
    );
    // The generator reaches both branches (not a vacuous pass).
    expect(seen.converted).toBeGreaterThan(0);
    expect(seen.listed).toBeGreaterThan(0);
  });
});

describe('feeCurrencyKnown', () => {
  it('accepts a fiat currency or a coin named by its symbol, and nothing else', () => {
    expect(['usd', 'EUR', 'cad', 'bnb', 'BTC', 'usdt'].map(feeCurrencyKnown)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    // A ticker no coin is known by for sure: its fee could never be valued.
    expect(['zzq', 'abcde'].map(feeCurrencyKnown)).toEqual([false, false]);
  });
});
