import { describe, expect, it } from 'vitest';
import { loadSnapshotDataset } from '../snapshot/dataset.ts';
import { UpstreamError } from '../upstream-error.ts';
import { BinanceMarketData } from './binance-market-data.ts';
import { binanceQuoteAsset, binanceSymbolTable, buildSymbolIndex } from './symbols.ts';

describe('Binance symbol table', () => {
  it('maps every pair to exactly one bundled coin, all quoted in USDT', () => {
    const symbols = Object.values(binanceSymbolTable);
    expect(new Set(symbols).size).toBe(symbols.length);
    const bundled = new Set(loadSnapshotDataset().coins.map((c) => c.id));
    const unknown = Object.keys(binanceSymbolTable).filter((id) => !bundled.has(id));
    expect(unknown).toEqual([]);
    for (const symbol of symbols) expect(symbol).toMatch(new RegExp(`^[A-Z0-9]+${binanceQuoteAsset}$`));
    // The quote asset cannot price itself.
    expect(binanceSymbolTable.tether).toBeUndefined();
    const index = buildSymbolIndex(binanceSymbolTable);
    expect(index.refused.size).toBe(0);
    expect(index.coinOf('BTCUSDT')).toBe('bitcoin');
    expect(index.symbolOf('ethereum')).toBe('ETHUSDT');
  });

  it('refuses a symbol that maps to two coins instead of guessing', async () => {
    const refusals: Array<[string, readonly string[]]> = [];
    const index = buildSymbolIndex(
      { uniswap: 'UNIUSDT', 'uniswap-lookalike': 'uniusdt', bitcoin: 'BTCUSDT', broken: 'BTC/USDT' },
      (symbol, ids) => refusals.push([symbol, ids]),
    );
    expect(index.symbolOf('uniswap')).toBeUndefined();
    expect(index.symbolOf('uniswap-lookalike')).toBeUndefined();
    expect(index.coinOf('UNIUSDT')).toBeUndefined();
    expect(index.symbolOf('broken')).toBeUndefined();
    expect(index.symbolOf('bitcoin')).toBe('BTCUSDT');
    expect(refusals).toEqual([
      ['UNIUSDT', ['uniswap', 'uniswap-lookalike']],
      ['BTC/USDT', ['broken']],
    ]);
    expect(index.coinIds()).toEqual(['bitcoin']);

    // The client built on such a table asks Binance nothing for the refused coins.
    const warnings: string[] = [];
    const b = new BinanceMarketData({
      baseUrl: 'http://127.0.0.1:9',
      symbols: { uniswap: 'UNIUSDT', 'uniswap-lookalike': 'UNIUSDT' },
      logger: { warn: (_o, message) => warnings.push(message) },
    });
    expect(b.lists('uniswap')).toBe(false);
    const error = await b.dailyCandles('uniswap', '2020-01-01', '2020-02-01').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).kind).toBe('not_found');
    expect((await b.currentPrices(['uniswap'])).size).toBe(0);
    expect(warnings).toHaveLength(1);
  });
});
