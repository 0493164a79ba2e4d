import { numeric, timestamp } from 'drizzle-orm/pg-core';

/** Every timestamp is timezone-aware; the app never stores local times. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Money and quantities: exact NUMERIC(38,18), read and written as decimal strings. */
export const decimal = (name: string) => numeric(name, { precision: 38, scale: 18 });
