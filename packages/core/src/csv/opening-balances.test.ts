import { describe, expect, it } from 'vitest';
import coinbase2024 from './fixtures/coinbase_v2024_id_price_currency.csv?raw';
import kraken2024Ledgers from './fixtures/kraken_ledgers_2024_variant.csv?raw';
import krakenClassicLedgers from './fixtures/kraken_ledgers_classic.csv?raw';
import krakenWalletLedgers from './fixtures/kraken_ledgers_wallet_variant.csv?raw';
import { parseImportCsv } from './import.ts';

describe('opening balances of a ledger that starts mid-history', () => {
  it('offers balance − (amount − fee) of each coin’s first row in the classic Kraken ledger, exactly', () => {
    const result = parseImportCsv(krakenClassicLedgers);
    expect(result.errors).toEqual([]);
    // Line 3: XXBT +0.1138867400, fee 0, balance 0.3906825100 → 0.27679577 held before the file.
    // ZEUR is fiat: not a holding, never offered.
    expect(result.opening_balances).toEqual([
      {
        symbol: 'BTC',
        coin_id: 'bitcoin',
        quantity: '0.27679577',
        date: '2022-03-15T09:39:45.000Z',
        first_line: 3,
      },
      {
        symbol: 'LTC',
        coin_id: 'litecoin',
        quantity: '34.85833035',
        date: '2022-03-29T12:05:13.000Z',
        first_line: 4,
      },
      { symbol: 'USDT', coin_id: 'tether', quantity: '730', date: '2022-09-13T18:28:21.000Z', first_line: 6 },
      {
        symbol: 'ADA',
        coin_id: 'cardano',
        quantity: '3733.303463',
        date: '2023-07-27T07:19:47.000Z',
        first_line: 10,
      },
    ]);
  });

  it('takes the earliest row by time in a newest-first export, and offers nothing for a coin that starts at zero', () => {
    const result = parseImportCsv(kraken2024Ledgers);
    // XXBT starts with a 0.5 deposit onto a zero balance; DOT's first row is staking of 0.125 onto 10.
    expect(result.opening_balances).toEqual([
      { symbol: 'DOT', coin_id: 'polkadot', quantity: '10', date: '2024-01-20T11:59:59.000Z', first_line: 4 },
    ]);
  });

  it('adds up the wallets of one coin (SOL03.S in spot held 137.02514789 before the move to earn)', () => {
    const result = parseImportCsv(krakenWalletLedgers);
    expect(result.opening_balances.map((o) => [o.symbol, o.quantity, o.first_line])).toEqual([
      ['SOL', '137.02514789', 2],
    ]);
  });

  it('offers none for a file without a balance column', () => {
    expect(parseImportCsv(coinbase2024).opening_balances).toEqual([]);
  });
});
