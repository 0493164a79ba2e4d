import { z } from 'zod';
import { binanceCursorSchema, emptyBinanceCursor } from './binance/binance-cursor.ts';
import { coinbaseCursorSchema, emptyCoinbaseCursor } from './coinbase/coinbase-cursor.ts';
import type { ExchangeCursor } from './exchange-history.ts';
import type { HistoryExchangeId } from './exchange-names.ts';
import { emptyKrakenCursor, krakenCursorSchema } from './kraken/kraken-cursor.ts';

export const exchangeCursorSchema = z.discriminatedUnion('exchange', [
  krakenCursorSchema,
  binanceCursorSchema,
  coinbaseCursorSchema,
]);

/** The cursor of an account never read: its whole history is ahead. */
export function emptyExchangeCursor(exchange: HistoryExchangeId): ExchangeCursor {
  if (exchange === 'kraken') return emptyKrakenCursor();
  return exchange === 'binance' ? emptyBinanceCursor() : emptyCoinbaseCursor();
}

/** A stored cursor, checked: it comes back from the database, and a wrong one would skip history. */
export function parseExchangeCursor(value: unknown): ExchangeCursor {
  return exchangeCursorSchema.parse(value);
}
