/** PostgreSQL unique_violation, seen through drizzle's DrizzleQueryError wrapper on both drivers. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    if (typeof current === 'object' && current !== null && 'code' in current && current.code === '23505')
      return true;
    current =
      typeof current === 'object' && current !== null && 'cause' in current ? current.cause : undefined;
  }
  return false;
}
