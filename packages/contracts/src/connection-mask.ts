/** How much of a key or address a response shows: enough to recognise it, never the whole of it. */
export const connectionMaskEnds = { head: 8, tail: 4 } as const;

/**
 * `xpub6C…x4Lk`: the first 8 and last 4 characters. Keys and addresses are secrets of their owner
 * (anyone who has an xpub can see every payment of the wallet), so only this form ever leaves the
 * server; a value too short to keep anything hidden is shown as the ellipsis alone.
 */
export function maskConnectionSecret(value: string): string {
  const { head, tail } = connectionMaskEnds;
  if (value.length <= head + tail) return '…';
  return `${value.slice(0, head)}…${value.slice(-tail)}`;
}
