import { z } from 'zod';
import { costBasisMethods, positionExplanationSchema } from './cost-basis.ts';
import { decimalOut } from './decimal-strings.ts';
import { coinIdSchema, entityIdSchema } from './entity-ids.ts';
import { portfolioCurrencies } from './portfolio.ts';
import type { transactionTypes } from './transaction.ts';

/** Routes of spec §7 "Dashboard and portfolios" and "Transactions", relative to `/api`. */
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
  importEmpty: 'Nothing to import: choose at least one row without errors',
  importRowsInvalid: 'Some rows cannot be imported; nothing was written',
  ratesNote: 'Amounts in another currency are converted at today’s exchange rate.',
} as const;

const option = z.object({ value: z.string(), label: z.string() });

export const transactionOptionsSchema = z.object({
  types: z.array(option),
  reward_kinds: z.array(option),
  cost_basis_methods: z.array(option),
  currencies: z.array(z.enum(portfolioCurrencies)),
  portfolios: z.array(
    z.object({ id: entityIdSchema, name: z.string(), currency: z.enum(portfolioCurrencies) }),
  ),
});
export type TransactionOptions = z.infer<typeof transactionOptionsSchema>;

export const cryptoOptionSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  image: z.string().nullable(),
});
export type CryptoOption = z.infer<typeof cryptoOptionSchema>;

/** The coin picker list response has `cryptocurrencies` (spec §7 "Other"). */
export const cryptoOptionsResponseSchema = z.object({ cryptocurrencies: z.array(cryptoOptionSchema) });
export type CryptoOptionsResponse = z.infer<typeof cryptoOptionsResponseSchema>;

export const availableCryptocurrenciesQuerySchema = z.object({ portfolio_id: entityIdSchema.optional() });

/** Coins held now (quantity > 0), for sells and transfers out. */
export const availableCryptocurrenciesResponseSchema = z.object({
  cryptocurrencies: z.array(
    cryptoOptionSchema.extend({ portfolio_id: entityIdSchema, available_quantity: decimalOut }),
  ),
});
export type AvailableCryptocurrencies = z.infer<typeof availableCryptocurrenciesResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Performance chart (spec §9 timeframes) and "explain this number"

export const performanceQuerySchema = z.object({
  portfolio_id: z.union([z.literal('all'), entityIdSchema]).default('all'),
  timeframe: z.enum(['1D', '1W', '1M', '3M', '1Y', 'ALL']).default('1M'),
});
export type PerformanceQuery = z.infer<typeof performanceQuerySchema>;

export const performanceResponseSchema = z.object({
  timeframe: z.enum(['1D', '1W', '1M', '3M', '1Y', 'ALL']),
  base_currency: z.string(),
  resolution: z.literal('daily'),
  /** Why the series is coarser than asked (1D only has daily closes). */
  note: z.string().nullable(),
  /** [ms since epoch, portfolio value in the base currency]; chart figures, not the books. */
  points: z.array(z.tuple([z.number(), z.number()])),
  /**
   * Capital invested (cost basis of what was held) at each of `points`' instants, same length and
   * order, in the base currency at today's rate: the line the value is read against.
   */
  capital_invested: z.array(z.number()),
});
export type PerformanceResponse = z.infer<typeof performanceResponseSchema>;

export const explainQuerySchema = z.object({
  portfolio_id: z.union([z.literal('all'), entityIdSchema]).default('all'),
  coin_id: coinIdSchema,
});

export const explainResponseSchema = z.object({
  coin_id: z.string(),
  method: z.enum(costBasisMethods),
  base_currency: z.string(),
  portfolios: z.array(
    z.object({
      portfolio_id: entityIdSchema,
      name: z.string(),
      currency: z.enum(portfolioCurrencies),
      quantity: decimalOut,
      cost_basis: decimalOut,
      average_cost: decimalOut.nullable(),
      explanation: positionExplanationSchema,
    }),
  ),
});
export type ExplainResponse = z.infer<typeof explainResponseSchema>;
