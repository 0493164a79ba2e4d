/** [time, open, high, low, close], as the OHLC routes answer. */
export type OhlcTuple = readonly [number, number, number, number, number];

/**
 * What OHLC rows really know. A stored day kept from daily closes only has open = high =
 * low = close; drawn as candles those are flat dashes that look like data. 'closes' when every
 * row is such a day, 'mixed' when some are (history stitched from sources of either kind),
 * 'candles' when none is.
 */
export type OhlcShape = 'candles' | 'closes' | 'mixed';

export function ohlcShape(rows: readonly OhlcTuple[]): OhlcShape {
  let flat = 0;
  for (const [, open, high, low, close] of rows) {
    if (open === high && high === low && low === close) flat++;
  }
  if (flat === 0) return 'candles';
  return flat === rows.length ? 'closes' : 'mixed';
}

/** The closes of OHLC rows, as [time, close] points for a line. */
export function ohlcCloses(rows: readonly OhlcTuple[]): Array<[number, number]> {
  return rows.map(([t, , , , close]) => [t, close]);
}
