import { z } from 'zod';
import { decimalOut, percentageOut } from './decimal-strings.ts';
import { entityIdSchema } from './entity-ids.ts';
import { portfolioCurrencies } from './portfolio-constants.ts';
import { noteMaxLength } from './transaction.ts';

/* Portfolios. */

export const portfolioCurrencySchema = z.enum(portfolioCurrencies);
export type PortfolioCurrency = z.infer<typeof portfolioCurrencySchema>;

const isoDateTime = z.iso.datetime({ offset: true });

export const portfolioSchema = z.object({
  id: entityIdSchema,
  name: z.string(),
  description: z.string(),
  portfolio_type: z.string(),
  currency: portfolioCurrencySchema,
  created_at: isoDateTime,
  updated_at: isoDateTime,
  total_value: decimalOut,
  unique_coins_count: z.number().int().nonnegative(),
  change_24h: decimalOut,
  change_percentage_24h: percentageOut,
  /** The signed-in person's access: their own, or shared with them as editor or viewer. */
  access: z.enum(['owner', 'editor', 'viewer']),
  /** Whose it is, for a portfolio shared with the signed-in person (and the share, to leave it); null for their own. */
  shared_by: z.object({ name: z.string(), share_id: entityIdSchema }).nullable(),
});
export type Portfolio = z.infer<typeof portfolioSchema>;

export const portfolioTypes = ['manual', 'exchange', 'wallet'] as const;

export const portfolioCreateBodySchema = z.object({
  name: z.string().trim().min(1, 'Please enter a name').max(100, 'Name is too long'),
  description: z.string().trim().max(noteMaxLength, 'Description is too long').default(''),
  portfolio_type: z.enum(portfolioTypes).default('manual'),
  /** Defaults to the user's base currency when it is one of these, else usd (server side). */
  currency: portfolioCurrencySchema.optional(),
});
export type PortfolioCreateBody = z.infer<typeof portfolioCreateBodySchema>;

/** No defaults here: a rename must not reset the description (partial() keeps defaults in zod 4). */
export const portfolioUpdateBodySchema = z.object({
  name: portfolioCreateBodySchema.shape.name.optional(),
  description: z.string().trim().max(noteMaxLength, 'Description is too long').optional(),
  portfolio_type: z.enum(portfolioTypes).optional(),
  currency: portfolioCurrencySchema.optional(),
});
export type PortfolioUpdateBody = z.infer<typeof portfolioUpdateBodySchema>;

export const portfolioListResponseSchema = z.object({ results: z.array(portfolioSchema), count: z.number() });
export type PortfolioListResponse = z.infer<typeof portfolioListResponseSchema>;
