import type { BinanceCursor } from './binance/binance-cursor.ts';
import type { CoinbaseCursor } from './coinbase/coinbase-cursor.ts';
import type { ExchangeBalance, ExchangeMovement, ExchangeTrade } from './exchange-records.ts';
import type { KrakenCursor } from './kraken/kraken-cursor.ts';

/** JSON-serialisable; store it as it is and hand it back on the next read. */
export type ExchangeCursor = KrakenCursor | BinanceCursor | CoinbaseCursor;

/** One step of a read: the new records of one page and the cursor that already includes them. */
export interface HistoryBatch {
  endpoint: string;
  trades: ExchangeTrade[];
  movements: ExchangeMovement[];
  cursor: ExchangeCursor;
}

export interface ReadHistoryOptions {
  /**
   * Called after every page, before the next request. A caller that stores each batch with its
   * cursor (in one transaction) can resume a read that failed half way without doubling anything.
   * The read waits for it.
   */
  onProgress?: ((batch: HistoryBatch) => void | Promise<void>) | undefined;
  /** Stops the read between two requests. */
  signal?: AbortSignal | undefined;
  /**
   * Binance: where deposits, withdrawals and distributions are read from when the cursor is new
   * (ISO 8601). Binance answers them only in windows of under 90 days and has no way to ask when an
   * account was opened, so a read walks from this date; Binance's launch by default.
   */
  historyStart?: string | undefined;
}

export interface ExchangeHistory {
  /** New since the cursor, oldest first. */
  trades: ExchangeTrade[];
  movements: ExchangeMovement[];
  /** What the account holds now, per currency, zero balances left out. */
  balances: ExchangeBalance[];
  nextCursor: ExchangeCursor;
  /** When the exchange only lets this read look back so far: the first moment it covers (ISO 8601). */
  earliestAvailable?: string | undefined;
  /** Requests this read sent. */
  requests: number;
}

export function byTimeThenId<T extends { time: string; id: string }>(a: T, b: T): number {
  return a.time < b.time ? -1 : a.time > b.time ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
