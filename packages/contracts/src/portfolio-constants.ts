// portfolio's constants without its schemas: a page reading one of them does not bring the
// schemas and zod along (the browser build places a contract file whole).

import { fiatCurrencies } from './fiat-currencies.ts';

/**
 * The fiat currency a portfolio's prices and fees are entered in: any fiat currency the market
 * quotes, so a file priced in it imports as it is. Figures in another currency are converted at
 * today's rate for display.
 */
export const portfolioCurrencies = fiatCurrencies;
