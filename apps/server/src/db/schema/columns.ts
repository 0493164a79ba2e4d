import { customType, numeric, timestamp } from 'drizzle-orm/pg-core';

/** Every timestamp is timezone-aware; the app never stores local times. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Money and quantities: exact NUMERIC(38,18), read and written as decimal strings. */
export const decimal = (name: string) => numeric(name, { precision: 38, scale: 18 });

/** Raw bytes: node-postgres answers a Buffer and PGlite a Uint8Array; both are Uint8Arrays. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});
