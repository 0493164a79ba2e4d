import { describe, expect, it } from 'vitest';
import { ohlcCloses, ohlcShape } from './ohlc-shape.ts';

const candle = [1, 10, 12, 9, 11] as const;
const closeOnly = [2, 11, 11, 11, 11] as const;

describe('ohlcShape', () => {
  it('tells real candles from days kept as closes only', () => {
    expect(ohlcShape([candle, candle])).toBe('candles');
    expect(ohlcShape([closeOnly, closeOnly])).toBe('closes');
    expect(ohlcShape([closeOnly, candle])).toBe('mixed');
  });

  it('draws the closes as line points', () => {
    expect(ohlcCloses([candle, closeOnly])).toEqual([
      [1, 11],
      [2, 11],
    ]);
  });
});
