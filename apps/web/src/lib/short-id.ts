/** An on-chain id or contract too long for a row: its ends, the whole in a title. */
export function shortId(value: string, head = 8, tail = 6): string {
  return value.length <= head + tail + 1 ? value : `${value.slice(0, head)}…${value.slice(-tail)}`;
}
