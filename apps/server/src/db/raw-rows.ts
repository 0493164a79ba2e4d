/** node-postgres and PGlite both answer a raw `db.execute(sql)` with `{ rows }`. */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)) {
    return result.rows;
  }
  throw new Error('A raw query answered without rows');
}

/** An array column (int[] / float8[]) as numbers; drivers hand elements over as numbers or text. */
export function numbersOf(value: unknown): number[] {
  if (Array.isArray(value)) return value.map(Number);
  if (typeof value === 'string') {
    // A driver without an array parser answers the literal, e.g. {1,2.5}.
    const inner = value.replace(/^\{|\}$/g, '');
    return inner === '' ? [] : inner.split(',').map(Number);
  }
  throw new Error(`Not an array column: ${String(value)}`);
}
