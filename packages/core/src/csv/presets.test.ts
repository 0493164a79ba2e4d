import { describe, expect, it } from 'vitest';
import { computeLedger } from '../ledger/engine.ts';
import binanceBuyCrypto from './fixtures/binance_buy_crypto_history.csv?raw';
import binanceSpot from './fixtures/binance_spot_trade_history.csv?raw';
import binanceLegacy from './fixtures/binance_trade_history_legacy_v001.csv?raw';
import binanceHistory from './fixtures/binance_transaction_history.csv?raw';
import coinbase2020 from './fixtures/coinbase_v2020_eur_columns.csv?raw';
import coinbase2021 from './fixtures/coinbase_v2021_spot_price_currency.csv?raw';
import coinbase2024 from './fixtures/coinbase_v2024_id_price_currency.csv?raw';
import kraken2024Ledgers from './fixtures/kraken_ledgers_2024_variant.csv?raw';
import krakenClassicLedgers from './fixtures/kraken_ledgers_classic.csv?raw';
import krakenWalletLedgers from './fixtures/kraken_ledgers_wallet_variant.csv?raw';
import kraken2024Trades from './fixtures/kraken_trades_2024_variant.csv?raw';
import krakenClassicTrades from './fixtures/kraken_trades_classic.csv?raw';
import { parseImportCsv } from './import.ts';
import { likelyDuplicates } from './rows.ts';

const files = [
  {
    name: 'coinbase_v2024_id_price_currency',
    text: coinbase2024,
    format: 'coinbase',
    rows: 4,
    errors: 0,
    skipped: 2,
  },
  {
    name: 'coinbase_v2021_spot_price_currency',
    text: coinbase2021,
    format: 'coinbase',
    rows: 3,
    errors: 0,
    skipped: 0,
  },
  {
    name: 'coinbase_v2020_eur_columns',
    text: coinbase2020,
    format: 'coinbase',
    rows: 4,
    errors: 0,
    skipped: 0,
  },
  {
    name: 'binance_transaction_history',
    text: binanceHistory,
    format: 'binance/transaction_history',
    rows: 10,
    errors: 0,
    skipped: 1,
  },
  // The fixture's synthetic row charges the whole 2500 ADA bought as the fee: nothing is left.
  {
    name: 'binance_spot_trade_history',
    text: binanceSpot,
    format: 'binance/spot_trades',
    rows: 0,
    errors: 1,
    skipped: 0,
  },
  {
    name: 'binance_trade_history_legacy_v001',
    text: binanceLegacy,
    format: 'binance/legacy_trades',
    rows: 4,
    errors: 0,
    skipped: 0,
  },
  {
    name: 'binance_buy_crypto_history',
    text: binanceBuyCrypto,
    format: 'binance/buy_crypto',
    rows: 3,
    errors: 0,
    skipped: 0,
  },
  {
    name: 'kraken_ledgers_classic',
    text: krakenClassicLedgers,
    format: 'kraken/ledgers',
    rows: 4,
    errors: 0,
    skipped: 2,
  },
  {
    name: 'kraken_ledgers_wallet_variant',
    text: krakenWalletLedgers,
    format: 'kraken/ledgers',
    rows: 2,
    errors: 0,
    skipped: 2,
  },
  {
    name: 'kraken_ledgers_2024_variant',
    text: kraken2024Ledgers,
    format: 'kraken/ledgers',
    rows: 5,
    errors: 0,
    skipped: 2,
  },
  {
    name: 'kraken_trades_classic',
    text: krakenClassicTrades,
    format: 'kraken/trades',
    rows: 2,
    errors: 0,
    skipped: 0,
  },
  {
    name: 'kraken_trades_2024_variant',
    text: kraken2024Trades,
    format: 'kraken/trades',
    rows: 4,
    errors: 0,
    skipped: 1,
  },
];

describe.each(files)('reference file $name', (file) => {
  it(`detects ${file.format} and yields ${file.rows} rows, ${file.errors} errors, ${file.skipped} skipped`, () => {
    const result = parseImportCsv(file.text);
    expect(result.format).toBe(file.format);
    expect({
      rows: result.rows.length,
      errors: result.errors.length,
      skipped: result.skipped.length,
    }).toEqual({
      rows: file.rows,
      errors: file.errors,
      skipped: file.skipped,
    });
    // Every data line is accounted for: a row, an error or a skip.
    const dataLines = file.text.trim().split('\n').length - 1;
    const seen = new Set([...result.rows, ...result.errors, ...result.skipped].map((r) => r.line));
    expect(seen.size).toBeLessThanOrEqual(dataLines);
  });
});

const rowAt = (text: string, line: number, symbol: string) =>
  parseImportCsv(text).rows.find((r) => r.line === line && r.symbol === symbol);

describe('Coinbase', () => {
  it('2024: strips € from money, prices a buy at Subtotal ÷ quantity, fee = Total − Subtotal', () => {
    expect(rowAt(coinbase2024, 6, 'BTC')).toMatchObject({
      coin_id: 'bitcoin',
      price_currency: 'EUR',
      transaction: { type: 'buy', quantity: '0.00166779', fee: '2.99', date: '2022-03-25T06:45:27.000Z' },
    });
    expect(rowAt(coinbase2024, 2, 'ETH')?.transaction).toMatchObject({
      type: 'reward',
      reward_kind: 'staking',
      price_per_coin: '3343.11229989',
    });
  });

  it('2024: a Convert becomes a sell of the source and a buy of the asset named in Notes', () => {
    const legs = parseImportCsv(coinbase2024).rows.filter((r) => r.line === 5);
    expect(
      legs.map((r) => [r.symbol, r.transaction.type, r.transaction.quantity, r.transaction.fee]),
    ).toEqual([
      ['BTC', 'sell', '0.00363125', '12.73624'],
      ['XRP', 'buy', '156.145683', '0'],
    ]);
  });

  it('2021: a referral Receive is a reward, Send is a transfer out; the rows replay without oversell', () => {
    const { rows } = parseImportCsv(coinbase2021);
    expect(rows.map((r) => r.transaction.type)).toEqual(['reward', 'buy', 'transfer_out']);
    const ledger = computeLedger(
      rows.map((r, i) => ({
        id: `r${i}`,
        coin_id: r.coin_id ?? r.symbol,
        ...r.transaction,
        executed_at: r.transaction.date,
      })),
    );
    expect(ledger.violations).toEqual([]);
    expect(ledger.coins[0]?.quantity).toBe('0');
  });

  it('2020: takes the currency from the column names', () => {
    expect(rowAt(coinbase2020, 2, 'BTC')).toMatchObject({
      price_currency: 'EUR',
      transaction: { fee: '4.4' },
    });
  });

  it('finds the header below the report preamble and keeps physical line numbers', () => {
    const preamble =
      '"You can use this transaction report to inform your likely tax obligations. For US customers, Sells, Converts, and Rewards Income, and Coinbase Earn transactions are taxable events."\n\nTransactions\nUser,someone@example.com,00000000-0000-0000-0000-000000000000\n';
    const result = parseImportCsv(preamble + coinbase2024);
    expect(result.format).toBe('coinbase');
    expect(result.rows.map((r) => r.line)).toEqual([6, 9, 9, 10]);
  });
});

describe('Binance', () => {
  it('rebuilds a trade from rows sharing a second: fee in the coin bought is taken off the quantity', () => {
    expect(rowAt(binanceHistory, 3, 'ETH')?.transaction).toMatchObject({
      type: 'buy',
      quantity: '0.03601395',
      price_per_coin: '3730.15',
      fee: '0.1344719075',
    });
  });

  /*
   * Line 6 of rotki's export: 67.5 IOTA sold for 0.001366875 BTC, 0.0001057 BNB paid as the fee.
   * The fee stays on the IOTA sale in BNB (the books value it at BNB's close of 12 Nov 2020), and
   * the BNB leaves the holding as a sale priced 1 BNB per BNB and marked for the server to price at
   * that close (the BTC received is priced 1 BTC per BTC too, but is not a fee).
   */
  it('a coin-for-coin trade gives both legs; a BNB fee stays on the trade in BNB and sells the BNB', () => {
    const legs = parseImportCsv(binanceHistory).rows.filter((r) => r.line === 6);
    expect(
      legs.map((r) => [
        r.symbol,
        r.transaction.type,
        r.transaction.quantity,
        r.transaction.price_per_coin,
        r.price_currency,
        r.transaction.fee,
        r.transaction.fee_currency,
      ]),
    ).toEqual([
      ['IOTA', 'sell', '67.5', '0.00002025', 'BTC', '0.0001057', 'bnb'],
      ['BTC', 'buy', '0.001366875', '1', 'BTC', '0', undefined],
      ['BNB', 'sell', '0.0001057', '1', 'BNB', '0', undefined],
    ]);
    expect(legs[2]?.coin_id).toBe('binancecoin');
    expect(legs.map((r) => r.priced_at_close)).toEqual([undefined, undefined, true]);
    expect(legs[2]?.warnings).toEqual(["Fee paid in BNB: a sale of it at that day's close"]);
  });

  /*
   * The newer triple (line 12-14): 0.017 ETH bought for 28.46106 USDT, 0.00009883 BNB fee. Price
   * 28.46106 / 0.017 = 1,674.18 USDT; nothing is taken off the ETH (the fee is not in ETH), and
   * the USDT spent leaves as a sale at 1 USDT, as before.
   */
  it('the Transaction Buy/Spend/Fee triple: the BNB fee on the ETH buy, and a BNB sale of the same amount', () => {
    const legs = parseImportCsv(binanceHistory).rows.filter((r) => r.line === 12);
    expect(legs.map((r) => [r.symbol, r.transaction, r.price_currency])).toEqual([
      [
        'ETH',
        expect.objectContaining({
          type: 'buy',
          quantity: '0.017',
          price_per_coin: '1674.18',
          fee: '0.00009883',
          fee_currency: 'bnb',
        }),
        'USDT',
      ],
      [
        'USDT',
        expect.objectContaining({ type: 'sell', quantity: '28.46106', price_per_coin: '1', fee: '0' }),
        'USDT',
      ],
      [
        'BNB',
        expect.objectContaining({ type: 'sell', quantity: '0.00009883', price_per_coin: '1', fee: '0' }),
        'BNB',
      ],
    ]);
  });

  it('a fee in another fiat currency stays on the trade in that currency, without a fee sale', () => {
    const text = [
      'User_ID,UTC_Time,Account,Operation,Coin,Change,Remark',
      '1,2024-03-05 10:00:00,Spot,Transaction Buy,BTC,0.01,',
      '1,2024-03-05 10:00:00,Spot,Transaction Spend,USDT,-500,',
      '1,2024-03-05 10:00:00,Spot,Transaction Fee,EUR,-0.45,',
    ].join('\n');
    const { rows, errors } = parseImportCsv(text);
    expect(errors).toEqual([]);
    expect(rows.map((r) => [r.symbol, r.transaction.fee, r.transaction.fee_currency])).toEqual([
      ['BTC', '0.45', 'eur'],
      ['USDT', '0', undefined],
    ]);
  });

  it('refuses a trade with fees in two currencies instead of dropping one', () => {
    const text = [
      'User_ID,UTC_Time,Account,Operation,Coin,Change,Remark',
      '1,2024-03-05 10:00:00,Spot,Transaction Buy,BTC,0.01,',
      '1,2024-03-05 10:00:00,Spot,Transaction Spend,USDT,-500,',
      '1,2024-03-05 10:00:00,Spot,Transaction Fee,BNB,-0.001,',
      '1,2024-03-05 10:00:00,Spot,Transaction Fee,USDT,-0.5,',
    ].join('\n');
    const { rows, errors } = parseImportCsv(text);
    expect(rows).toEqual([]);
    expect(errors).toEqual([
      {
        line: 2,
        field: 'fee',
        message:
          'Fees paid in USDT and BNB on one trade: a transaction holds a fee in one currency; enter this trade by hand',
      },
    ]);
  });

  it('spot trade history: a fee cell in BNB goes on the trade with a BNB sale', () => {
    const text =
      'Date(UTC),Pair,Side,Price,Executed,Amount,Fee\n2021-06-05 16:36:56,DOGEUSDT,BUY,0.31031,500DOGE,155.155USDT,0.00041BNB\n';
    const { rows, errors } = parseImportCsv(text);
    expect(errors).toEqual([]);
    expect(
      rows.map((r) => [
        r.symbol,
        r.transaction.type,
        r.transaction.quantity,
        r.transaction.fee,
        r.transaction.fee_currency,
      ]),
    ).toEqual([
      ['DOGE', 'buy', '500', '0.00041', 'bnb'],
      ['USDT', 'sell', '155.155', '0', undefined],
      ['BNB', 'sell', '0.00041', '0', undefined],
    ]);
  });

  it('reads a BOM, glued asset codes and thousands separators in spot trade history', () => {
    const text =
      '\uFEFFDate(UTC),Pair,Side,Price,Executed,Amount,Fee\n2021-06-05 16:36:56,DOGEEUR,BUY,0.31031,500DOGE,155.15500000EUR,0.5DOGE\n2022-03-28 13:01:36,SOLBUSD,SELL,110.03,"1,000.1800000000SOL",19.8054BUSD,0.0198054BUSD\n';
    const { rows, errors } = parseImportCsv(text);
    expect(errors).toEqual([]);
    expect(
      rows.map((r) => [r.symbol, r.transaction.type, r.transaction.quantity, r.transaction.fee]),
    ).toEqual([
      ['DOGE', 'buy', '499.5', '0.155155'],
      ['SOL', 'sell', '1000.18', '0.0198054'],
      ['BUSD', 'buy', '19.7855946', '0'],
    ]);
  });

  it('the semicolon export: a Fee Coin other than the pair’s stays on the trade in that coin', () => {
    const text =
      'Date(UTC);Market;Type;Price;Amount;Total;Fee;Fee Coin\n2020-02-04 16:19:07;LTCBTC;BUY;0.007393;1.61;0.01190273;0.0004;BNB\n';
    const { rows, errors } = parseImportCsv(text);
    expect(errors).toEqual([]);
    expect(
      rows.map((r) => [
        r.symbol,
        r.transaction.type,
        r.transaction.quantity,
        r.transaction.fee,
        r.transaction.fee_currency,
      ]),
    ).toEqual([
      // Nothing taken off the LTC: the fee was not paid in it.
      ['LTC', 'buy', '1.61', '0.0004', 'bnb'],
      ['BTC', 'sell', '0.01190273', '0', undefined],
      ['BNB', 'sell', '0.0004', '0', undefined],
    ]);
  });

  it('the semicolon export splits the market and applies the fee coin', () => {
    expect(rowAt(binanceLegacy, 2, 'LTC')?.transaction).toMatchObject({
      quantity: '1.60839',
      price_per_coin: '0.007393',
    });
    expect(rowAt(binanceLegacy, 3, 'BTC')?.transaction).toMatchObject({
      type: 'buy',
      quantity: '0.00708155',
    });
  });

  it('accepts the newer "User ID,Time" header', () => {
    const text =
      '\uFEFFUser ID,Time,Account,Operation,Coin,Change,Remark\n1,2023-01-01 00:00:00,Spot,Deposit,BTC,0.5,\n';
    expect(parseImportCsv(text).rows[0]).toMatchObject({
      symbol: 'BTC',
      // The file gives no value: the cost is unknown, not 0.
      transaction: { type: 'transfer_in', price_per_coin: null },
      warnings: ['No value in the file: cost unknown until you give a price'],
    });
  });
});

describe('Kraken', () => {
  it("carries Kraken's own ids: a trade by its trade id whichever export it comes from, other entries by ledger id", () => {
    // The ledgers export names a trade by its refid, the trades export by its txid: one trade, one ref.
    expect(rowAt(krakenClassicLedgers, 2, 'BTC')?.outside_ref).toBe('kraken:trade:TGQSTQ-YQ4Q3-UBO5K6');
    expect(rowAt(krakenClassicTrades, 2, 'BTC')?.outside_ref).toBe('kraken:trade:TTT');
    expect(rowAt(kraken2024Ledgers, 10, 'BTC')?.outside_ref).toBe('kraken:ledger:LXXXX-AAAAA-000001');
    expect(rowAt(kraken2024Ledgers, 4, 'DOT')?.outside_ref).toBe('kraken:ledger:LXXXX-AAAAA-000003');
    // Exports without ids carry none: only time, pair, quantity and price can tell those apart.
    expect(parseImportCsv(coinbase2021).rows.every((r) => r.outside_ref === undefined)).toBe(true);
  });

  it('maps XXBT/ZEUR and rebuilds a ledger trade from its two rows', () => {
    expect(rowAt(krakenClassicLedgers, 2, 'BTC')).toMatchObject({
      price_currency: 'EUR',
      transaction: { type: 'buy', quantity: '0.11388674', fee: '8.7896' },
    });
    expect(rowAt(krakenClassicLedgers, 10, 'ADA')?.transaction).toMatchObject({
      type: 'reward',
      reward_kind: 'staking',
    });
  });

  it('a staking reward is credited net of its fee; a wallet move is skipped', () => {
    expect(rowAt(krakenWalletLedgers, 4, 'SOL')?.transaction.quantity).toBe('0.0932978809');
  });

  it('splits pairs such as XXBTZUSD and DOTUSD and keeps fractional seconds', () => {
    expect(rowAt(kraken2024Trades, 3, 'DOT')).toMatchObject({
      price_currency: 'USD',
      transaction: { fee: '0.0195' },
    });
    expect(rowAt(kraken2024Trades, 6, 'BTC')?.transaction.date).toBe('2024-01-15T10:30:45.123Z');
    expect(rowAt(krakenClassicTrades, 2, 'BTC')).toMatchObject({ price_currency: 'USD', coin_id: 'bitcoin' });
  });

  it('flags the same execution exported twice as likely duplicates', () => {
    const { rows } = parseImportCsv(krakenClassicTrades);
    expect([...likelyDuplicates(rows)]).toEqual([2, 3]);
    expect([
      ...likelyDuplicates(parseImportCsv(kraken2024Trades).rows, [rows[0]?.duplicate_key ?? '']),
    ]).toEqual([]);
  });
});
