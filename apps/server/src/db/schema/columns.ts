import { customType, numeric, timestamp } from 'drizzle-orm/pg-core';

/** Every timestamp is timezone-aware; the app never stores local times. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Money and quantities: exact NUMERIC(38,18), read and written as decimal strings. */
export const decimal = (name: string) => numeric(name, { precision: 38, scale: 18 });

/** Raw bytes: node-postgres answers a Buffer and PGlite a Uint8Array; both are Uint8Arrays. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * Bytes that can grow large (a sync's sealed cursor), stored as base64 text: PGlite turns a bytea
 * into and out of its wire format byte by byte in JavaScript, while text crosses as one string
 * and Buffer decodes it natively. Whitespace in the text (PostgreSQL's encode() wraps its lines)
 * is ignored on the way back.
 */
export const base64Bytes = customType<{ data: Uint8Array; driverData: string }>({
  dataType: () => 'text',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64'),
  fromDriver: (value) => new Uint8Array(Buffer.from(value, 'base64')),
});
