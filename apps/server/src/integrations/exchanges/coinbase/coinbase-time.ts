/**
 * Coinbase writes times in RFC 3339 with as many fraction digits as it has: seconds for a wallet
 * transaction ("2024-03-29T15:48:30Z"), microseconds or nanoseconds for a fill
 * ("2023-01-18T01:37:38.091377090Z"). Fills are ordered and compared in one spelling with nine
 * digits, in which text order is time order; records carry milliseconds.
 */
const rfc3339 = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/;

export function isCoinbaseTime(text: string): boolean {
  return rfc3339.test(text) && !Number.isNaN(Date.parse(text.replace(/\.\d+/, '')));
}

/** The same instant in UTC, nine fraction digits: "2023-01-18T01:37:38.091377090Z". */
export function sortableTime(text: string): string {
  const match = rfc3339.exec(text);
  if (!match) throw new RangeError(`not an RFC 3339 time: ${text}`);
  const [, whole = '', fraction = '', zone = 'Z'] = match;
  const seconds = zone === 'Z' ? whole : new Date(`${whole}${zone}`).toISOString().slice(0, 19);
  return `${seconds}.${fraction.padEnd(9, '0')}Z`;
}

/** Epoch milliseconds, the fraction cut (not rounded) to milliseconds. */
export function coinbaseTimeMs(text: string): number {
  const sortable = sortableTime(text);
  return Date.parse(`${sortable.slice(0, 23)}Z`);
}

/** An instant in epoch ms, in the sortable spelling. */
export function sortableFromMs(ms: number): string {
  return sortableTime(new Date(ms).toISOString());
}
