import { z } from 'zod';
import { type KrakenListCursor, krakenListCursorSchema } from './kraken-pager.ts';

/** Where a Kraken account's read stands: one offset-paged list each for trades and ledger. */
export interface KrakenCursor {
  exchange: 'kraken';
  version: 1;
  trades: KrakenListCursor;
  ledger: KrakenListCursor;
}

export const krakenCursorSchema = z.object({
  exchange: z.literal('kraken'),
  version: z.literal(1),
  trades: krakenListCursorSchema,
  ledger: krakenListCursorSchema,
});

export const emptyKrakenCursor = (): KrakenCursor => ({
  exchange: 'kraken',
  version: 1,
  trades: { through: null },
  ledger: { through: null },
});
