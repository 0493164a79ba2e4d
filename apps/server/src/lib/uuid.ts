const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id can never match a row; checking first keeps PostgreSQL from raising a cast error. */
export const isUuid = (value: string): boolean => uuidPattern.test(value);
