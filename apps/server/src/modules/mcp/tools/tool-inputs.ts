import { baseCurrencies } from '@app/contracts';
import { z } from 'zod';

/*
 * Argument pieces the tools share. They are JSON types a model can fill in (numbers as numbers,
 * lists as arrays); the REST route behind each tool still validates everything it is sent.
 */

export const portfolioScopeArg = z
  .union([z.literal('all'), z.uuid()])
  .default('all')
  .describe('A portfolio id from list_portfolios, or "all" for every portfolio together (the default).');

export const portfolioIdArg = z.uuid().describe('A portfolio id from list_portfolios.');

export const coinIdArg = z
  .string()
  .min(1)
  .max(100)
  .describe('A CoinGecko coin id in lower case, such as "bitcoin" or "ethereum" (not a ticker symbol).');

export const vsCurrencyArg = z
  .enum(baseCurrencies)
  .optional()
  .describe("Currency to quote prices in; defaults to the user's base currency.");

export const pageArg = z.number().int().min(1).optional().describe('Page number, from 1.');

/** Several portfolios may answer in their own currencies; the note says where to read each one. */
export const perPortfolioCurrency =
  "Each transaction's price_per_coin and fee are in its portfolio's currency (list_portfolios gives each portfolio's currency); a fee with fee_currency is in that coin or currency.";
