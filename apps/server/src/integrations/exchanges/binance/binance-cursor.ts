import { z } from 'zod';
import {
  emptyTimeWindowCursor,
  type TimeWindowCursor,
  timeWindowCursorSchema,
} from '../time-window-cursor.ts';

/**
 * Where a Binance account's read stands. Trades are read per market from a trade id (`fromId`,
 * the next id to ask for); deposits, withdrawals and distributions by time windows. `assets` keeps
 * every asset the account was seen holding or moving, so a market stays asked after the deposit
 * that brought its asset has left the newest window.
 */
export interface BinanceCursor {
  exchange: 'binance';
  version: 1;
  trades: Record<string, { fromId: string }>;
  deposits: TimeWindowCursor;
  withdrawals: TimeWindowCursor;
  dividends: TimeWindowCursor;
  assets: string[];
}

export const binanceCursorSchema = z.object({
  exchange: z.literal('binance'),
  version: z.literal(1),
  trades: z.record(z.string(), z.object({ fromId: z.string().regex(/^\d+$/) })),
  deposits: timeWindowCursorSchema,
  withdrawals: timeWindowCursorSchema,
  dividends: timeWindowCursorSchema,
  assets: z.array(z.string()),
});

export const emptyBinanceCursor = (): BinanceCursor => ({
  exchange: 'binance',
  version: 1,
  trades: {},
  deposits: emptyTimeWindowCursor(),
  withdrawals: emptyTimeWindowCursor(),
  dividends: emptyTimeWindowCursor(),
  assets: [],
});
