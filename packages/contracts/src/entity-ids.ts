import { z } from 'zod';

/** Ids of rows we store (portfolios, transactions). */
export const entityIdSchema = z.uuid();

/** CoinGecko coin ids: lowercase slugs such as `bitcoin`, `usd-coin`. */
export const coinIdSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,99}$/, 'Choose a coin');
