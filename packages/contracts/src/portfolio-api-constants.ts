import type { costBasisMethods } from './cost-basis-constants.ts';
import type { transactionTypes } from './transaction-constants.ts';

// portfolio-api's constants without its schemas: a page reading one of them does not bring the
// schemas and zod along (the browser build places a contract file whole).

/** Routes of the dashboard, portfolios and transactions, relative to `/api`. */
export const portfolioRoutes = {
  dashboard: '/v2/dashboard/',
  performance: '/v2/dashboard/performance/',
  explain: '/v2/dashboard/explain/',
  portfolios: '/v2/portfolios/',
  portfolio: (id: string) => `/v2/portfolios/${id}/`,
  portfolioTransactions: (id: string) => `/v2/portfolios/${id}/transactions/`,
  importPreview: (id: string) => `/v2/portfolios/${id}/import/preview/`,
  importCommit: (id: string) => `/v2/portfolios/${id}/import/commit/`,
  exportCsv: (id: string) => `/v2/portfolios/${id}/export/`,
  transactions: '/v2/transactions/',
  transaction: (id: string) => `/v2/transactions/${id}/`,
  transactionOptions: '/v2/transactions/options/',
  cryptoOptions: '/v2/transactions/crypto_options/',
  availableCryptocurrencies: '/v2/transactions/available-cryptocurrencies/',
  validate: '/v2/transactions/validate/',
  preview: '/v2/transactions/preview/',
} as const;

export const transactionTypeLabels: Record<(typeof transactionTypes)[number], string> = {
  buy: 'Buy',
  sell: 'Sell',
  transfer_in: 'Transfer in',
  transfer_out: 'Transfer out',
  reward: 'Reward',
};

export const costBasisMethodLabels: Record<(typeof costBasisMethods)[number], string> = {
  average: 'Average cost',
  fifo: 'FIFO (first in, first out)',
  lifo: 'LIFO (last in, first out)',
  hifo: 'HIFO (highest cost first)',
};

/** Messages shown on fields and rows (word for word in the UI and the API). */
export const portfolioMessages = {
  portfolioNotFound: 'Portfolio not found',
  transactionNotFound: 'Transaction not found',
  unknownCoin: 'Unknown coin: choose one from the list',
  /** A fee_currency that is neither a currency nor a coin the books can price by its symbol. */
  unknownFeeCurrency:
    'Fee currency must be a currency such as USD or EUR, or a coin priced by its symbol such as BTC, ETH or BNB',
  feeSaleNeedsCoinFee: 'Only a fee paid in another coin can be recorded as a sale of that coin',
  importEmpty: 'Nothing to import: choose at least one row without errors',
  importRowsInvalid: 'Some rows cannot be imported; nothing was written',
  ratesNote: 'Amounts in another currency are converted at today’s exchange rate.',
} as const;
