import { type BinanceAccount, type BinanceTradePlan, buildBinanceAccount } from './binance-account.ts';
import { type BinanceSymbolInfo, binanceSymbol } from './binance-catalog.ts';
import { buildKrakenAccount, type KrakenAccount, type KrakenTradePlan } from './kraken-account.ts';
import { krakenAsset, krakenAssets, krakenPair } from './kraken-catalog.ts';

/**
 * Large accounts for tests and benchmarks: `trades` fills spread evenly over `markets` markets,
 * funded by deposits before the first one, with a withdrawal and rewards along the way. The same
 * options give the same account on every run.
 */
export interface GeneratedAccountOptions {
  trades: number;
  markets: number;
  /** When the first deposit lands (epoch ms); a year and a half before now by default. */
  start?: number;
  /** Time between two fills, ms. */
  spacingMs?: number;
}

/** TKA, TKB, …, TKZ, TLA, …: asset names no real exchange uses. */
function tokenName(index: number): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return `T${letters[10 + Math.floor(index / 26)] ?? 'Z'}${letters[index % 26]}`;
}

/** Quantities and prices that vary but stay exact: a few decimals, never a float. */
function amountAt(index: number, scale: number): string {
  const units = 1 + ((index * 7919) % 9973);
  return (units / 10 ** scale).toFixed(scale);
}

function planned(options: GeneratedAccountOptions) {
  const start = options.start ?? Date.now() - 540 * 86_400_000;
  const spacing = options.spacingMs ?? 60_000;
  return { start, spacing, at: (i: number) => start + 86_400_000 + i * spacing };
}

export interface GeneratedBinanceOptions extends GeneratedAccountOptions {
  /**
   * Coins to trade instead of made-up tokens: market i trades bases[⌊i/2⌋] against USDT (even i)
   * or BTC (odd i), and each base is deposited before the first fill, so that no sale books short
   * and the trades can be booked. Fees are then charged as Binance charges them, a tenth of a
   * percent of what the fill brought in, in that asset (BNB every fourth fill as before), since a
   * fixed fee in the quote can exceed a small sale's proceeds. Without it every market has a token
   * of its own, which no coin list knows, so a sync holds those trades back.
   */
  bases?: readonly string[];
}

export function generateBinanceAccount(options: GeneratedBinanceOptions): BinanceAccount {
  const { start, at } = planned(options);
  const { bases } = options;
  if (bases && options.markets > 2 * bases.length) {
    throw new Error(`${options.markets} markets need at least ${Math.ceil(options.markets / 2)} bases`);
  }
  const symbols: BinanceSymbolInfo[] = Array.from({ length: options.markets }, (_, i) =>
    binanceSymbol(bases?.[Math.floor(i / 2)] ?? tokenName(i), i % 2 === 0 ? 'USDT' : 'BTC'),
  );
  const baseDeposits = [...new Set(symbols.map((s) => s.baseAsset))].flatMap((coin, i) =>
    bases
      ? [
          {
            coin,
            amount: '1000000',
            network: 'ETH',
            txId: `0x${(0x700 + i).toString(16).padStart(64, '0')}`,
            address: '0xfunding',
            time: start + 3000 + i,
          },
        ]
      : [],
  );
  const trades: BinanceTradePlan[] = Array.from({ length: options.trades }, (_, i) => {
    const market = symbols[i % symbols.length] as BinanceSymbolInfo;
    return {
      symbol: market.symbol,
      // Two buys for every sell, so every token ends up held.
      side: i % 3 === 2 ? 'sell' : 'buy',
      qty: amountAt(i, 2),
      price: market.quoteAsset === 'USDT' ? amountAt(i + 1, 4) : amountAt(i + 1, 8),
      ...(bases && i % 4 !== 0
        ? {}
        : { commission: amountAt(i, 8), commissionAsset: i % 4 === 0 ? 'BNB' : market.quoteAsset }),
      time: at(i),
    };
  });
  return buildBinanceAccount({
    extraSymbols: symbols,
    deposits: [
      {
        coin: 'USDT',
        amount: '100000000',
        network: 'ETH',
        txId: `0x${'1'.repeat(64)}`,
        address: '0xfunding',
        time: start,
      },
      {
        coin: 'BTC',
        amount: '10000',
        network: 'BTC',
        txId: '2'.repeat(64),
        address: 'bc1qfunding',
        time: start + 1000,
      },
      {
        coin: 'BNB',
        amount: '10000',
        network: 'BSC',
        txId: `0x${'3'.repeat(64)}`,
        address: '0xfunding',
        time: start + 2000,
      },
      ...baseDeposits,
    ],
    trades,
    withdrawals: [
      {
        coin: 'BTC',
        amount: '1.5',
        fee: '0.0002',
        network: 'BTC',
        txId: '4'.repeat(64),
        address: 'bc1qcold',
        time: at(Math.floor(options.trades / 2)),
      },
    ],
    dividends: Array.from({ length: 12 }, (_, i) => ({
      asset: 'BNB',
      amount: amountAt(i, 8),
      time: start + (i + 1) * 30 * 86_400_000,
      enInfo: 'BNB Vault',
    })),
  });
}

export function generateKrakenAccount(options: GeneratedAccountOptions): KrakenAccount {
  const { start, at } = planned(options);
  const tokens = Array.from({ length: Math.ceil(options.markets / 2) }, (_, i) => krakenAsset(tokenName(i)));
  const quotes = [krakenAssets.ZEUR, krakenAssets.XXBT].filter((asset) => asset !== undefined);
  const pairs = Array.from({ length: options.markets }, (_, i) =>
    krakenPair(
      tokens[Math.floor(i / 2)] ?? krakenAsset('TZZ'),
      quotes[i % 2] ?? krakenAsset('ZEUR', 'EUR', 4),
    ),
  );
  const trades: KrakenTradePlan[] = Array.from({ length: options.trades }, (_, i) => {
    const pair = pairs[i % pairs.length];
    if (!pair) throw new Error('no markets to trade on');
    return {
      pair: pair.id,
      side: i % 3 === 2 ? 'sell' : 'buy',
      vol: amountAt(i, 2),
      price: pair.quote === 'ZEUR' ? amountAt(i + 1, 4) : amountAt(i + 1, 8),
      time: at(i),
    };
  });
  return buildKrakenAccount({
    extraAssets: tokens,
    extraPairs: pairs,
    deposits: [
      {
        asset: 'ZEUR',
        amount: '100000000',
        time: start,
        txid: 'SEPA-FUNDING',
        address: 'IBAN',
        method: 'SEPA',
      },
      {
        asset: 'XXBT',
        amount: '10000',
        time: start + 1000,
        txid: '5'.repeat(64),
        address: 'bc1qfunding',
        method: 'Bitcoin',
      },
    ],
    trades,
    withdrawals: [
      {
        asset: 'XXBT',
        amount: '1.5',
        fee: '0.00002',
        time: at(Math.floor(options.trades / 2)),
        txid: '6'.repeat(64),
        address: 'bc1qcold',
        method: 'Bitcoin',
        network: 'Bitcoin',
      },
    ],
    ledger: Array.from({ length: 12 }, (_, i) => ({
      type: 'staking',
      asset: 'DOT.S',
      amount: amountAt(i, 8),
      time: start + (i + 1) * 30 * 86_400_000,
    })),
  });
}
