/**
 * Exchange times arrive as seconds with a fraction (Kraken: 1688464484.1787), milliseconds
 * (Binance: 1499865549590) or UTC text without a zone (Binance withdrawals: "2019-10-12 11:12:02").
 * Seconds are converted through their digits, not by multiplying a float, so a time at a page edge
 * compares the same way on every read.
 */
export function secondsToMs(value: number | string): number {
  const text = typeof value === 'number' ? String(value) : value;
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`not a time in seconds: ${text}`);
  const fraction = `${match[2] ?? ''}000`.slice(0, 3);
  return Number(match[1]) * 1000 + Number(fraction);
}

/** "2019-10-12 11:12:02" (UTC) → epoch ms; undefined when it is not that shape. */
export function utcTextToMs(text: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?Z?$/.exec(text);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s, ms = '0'] = match;
  const at = Date.UTC(
    Number(y),
    Number(mo) - 1,
    Number(d),
    Number(h),
    Number(mi),
    Number(s),
    Number(ms.padEnd(3, '0')),
  );
  return Number.isNaN(at) ? undefined : at;
}

export function isoOf(ms: number): string {
  return new Date(ms).toISOString();
}
