// portfolio's constants without its schemas: a page reading one of them does not bring the
// schemas and zod along (the browser build places a contract file whole).

/**
 * The fiat currency a portfolio's prices and fees are entered in (our own
 * choice, as nothing prescribes one). Figures in another currency are converted at today's rate for display.
 */
export const portfolioCurrencies = ['usd', 'eur', 'gbp', 'jpy'] as const;
