/**
 * Positions of the movements in (instant, id) order. The instants are whole milliseconds, so
 * (instant − earliest) × count + position is a distinct integer per movement, exact while below
 * 2^53 (a span of decades for 100k movements): a typed array of those sorts natively, with no
 * comparator called per comparison. Equal instants are then put in id order, which makes the
 * order independent of the input's.
 */
export function timeOrder(ats: Float64Array, idOf: (position: number) => string): Int32Array {
  const count = ats.length;
  const order = new Int32Array(count);
  let earliest = Number.POSITIVE_INFINITY;
  let latest = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < count; i++) {
    const at = ats[i] as number;
    if (at < earliest) earliest = at;
    if (at > latest) latest = at;
  }
  const packable =
    Number.isInteger(earliest) &&
    Number.isInteger(latest) &&
    (latest - earliest + 1) * count <= Number.MAX_SAFE_INTEGER;
  if (packable) {
    const keys = new Float64Array(count);
    for (let i = 0; i < count; i++) keys[i] = ((ats[i] as number) - earliest) * count + i;
    keys.sort();
    for (let i = 0; i < count; i++) order[i] = (keys[i] as number) % count;
  } else {
    for (let i = 0; i < count; i++) order[i] = i;
    order.sort((a, b) => (ats[a] as number) - (ats[b] as number));
  }
  let runStart = 0;
  for (let i = 1; i <= count; i++) {
    if (i < count && ats[order[i] as number] === ats[order[runStart] as number]) continue;
    if (i - runStart > 1) {
      order.subarray(runStart, i).sort((a, b) => compareIds(idOf(a), idOf(b)));
    }
    runStart = i;
  }
  return order;
}

/** Code-unit order, the same on every machine (localeCompare is not). */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
