import { z } from 'zod';

/**
 * Where the Advanced Trade fills stand. Coinbase lists fills newest first, so a read pins a window
 * (`through`, `end`] whose end has already passed on Coinbase's clock and pages down through it
 * with Coinbase's page cursor; newer fills wait for the next read. A read stopped half way keeps
 * the window and the cursor of its next page and resumes there.
 *
 * Coinbase does not say whether its time bounds include the instant they name, so each window
 * starts a millisecond before `through` and skips the fills in `nearBounds`: those handed out
 * within a millisecond of a window's bounds, with their sequence time.
 */
export interface CoinbaseFillsCursor {
  /**
   * Every fill recorded before this instant (ISO 8601, ms) has been handed out; one recorded at it
   * may come with the next window. Null: none yet.
   */
  through: string | null;
  window?: { end: string; page: string } | undefined;
  nearBounds: Array<[id: string, sequenceTime: string]>;
}

/**
 * Where one wallet's transaction list stands. It is read oldest first after `after`, the last
 * transaction before which nothing is still pending; what was handed out beyond a pending one is
 * listed in `handedOut` and skipped when it comes again.
 */
export interface CoinbaseWalletCursor {
  after: string | null;
  handedOut: string[];
}

export interface CoinbaseCursor {
  exchange: 'coinbase';
  version: 1;
  fills: CoinbaseFillsCursor;
  /** By account uuid (Advanced Trade's account uuid is the wallet id of the v2 API). */
  wallets: Record<string, CoinbaseWalletCursor>;
}

export const coinbaseCursorSchema = z.object({
  exchange: z.literal('coinbase'),
  version: z.literal(1),
  fills: z.object({
    through: z.string().nullable(),
    window: z.object({ end: z.string(), page: z.string().min(1) }).optional(),
    nearBounds: z.array(z.tuple([z.string(), z.string()])),
  }),
  wallets: z.record(z.string(), z.object({ after: z.string().nullable(), handedOut: z.array(z.string()) })),
});

export const emptyCoinbaseCursor = (): CoinbaseCursor => ({
  exchange: 'coinbase',
  version: 1,
  fills: { through: null, nearBounds: [] },
  wallets: {},
});
