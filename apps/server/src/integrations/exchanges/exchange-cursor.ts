import { z } from 'zod';
import { binanceCursorSchema, emptyBinanceCursor } from './binance/binance-cursor.ts';
import type { ExchangeCursor } from './exchange-history.ts';
import type { HistoryExchangeId } from './exchange-names.ts';
import { emptyKrakenCursor, krakenCursorSchema } from './kraken/kraken-cursor.ts';

export const exchangeCursorSchema = z.discriminatedUnion('exchange', [
  krakenCursorSchema,
  binanceCursorSchema,
]);

/** The cursor of an account never read: its whole history is ahead. */
export function emptyExchangeCursor(exchange: HistoryExchangeId): ExchangeCursor {
  return exchange === 'kraken' ? emptyKrakenCursor() : emptyBinanceCursor();
}

/** A stored cursor, checked: it comes back from the database, and a wrong one would skip history. */
export function parseExchangeCursor(value: unknown): ExchangeCursor {
  return exchangeCursorSchema.parse(value);
}
