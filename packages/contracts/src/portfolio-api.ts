import { z } from 'zod';
import { positionExplanationSchema } from './cost-basis.ts';
import { costBasisMethods } from './cost-basis-constants.ts';
import { decimalOut } from './decimal-strings.ts';
import { coinIdSchema, entityIdSchema } from './entity-ids.ts';
import { portfolioCurrencies } from './portfolio-constants.ts';
import { transactionSourceSchema } from './transaction.ts';
import { unknownCostDisposalFields, unknownCostHoldingFields } from './unknown-cost.ts';

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

/** The coin picker list response has `cryptocurrencies`. */
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
// Performance chart (the chart's timeframes) and "explain this number"

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
      /** Of the units of known cost, as average_cost. */
      cost_basis: decimalOut,
      average_cost: decimalOut.nullable(),
      ...unknownCostHoldingFields,
      ...unknownCostDisposalFields,
      explanation: positionExplanationSchema,
      /** The rows of this coin a connection brought, with their outside ids; hand-typed rows are absent. */
      sources: z.array(transactionSourceSchema.extend({ transaction_id: entityIdSchema })),
    }),
  ),
});
export type ExplainResponse = z.infer<typeof explainResponseSchema>;
