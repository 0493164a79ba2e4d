import { z } from 'zod';
import { positionExplanationSchema } from './cost-basis.ts';
import { costBasisMethods } from './cost-basis-constants.ts';
import { dashboardMetrics } from './dashboard-constants.ts';
import { decimalOut, percentageOut } from './decimal-strings.ts';
import { entityIdSchema } from './entity-ids.ts';
import { marketSourceIds } from './market-constants.ts';
import {
  unknownCostDisposalFields,
  unknownCostHoldingFields,
  unknownCostTotalFields,
} from './unknown-cost.ts';

/* The Metrics dashboard: query and response. */

export const dashboardMetricSchema = z.enum(dashboardMetrics);
export type DashboardMetric = z.infer<typeof dashboardMetricSchema>;

/** `metrics` arrives comma-separated (`holdings,roi`); unknown names are a validation error. */
export const dashboardQuerySchema = z.object({
  portfolio_id: z.union([z.literal('all'), entityIdSchema]).default('all'),
  metrics: z
    .string()
    .default(dashboardMetrics.join(','))
    .transform((s) =>
      s
        .split(',')
        .map((m) => m.trim())
        .filter(Boolean),
    )
    .pipe(z.array(dashboardMetricSchema).min(1)),
  include_technical_metrics: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** Coin identity repeated on every per-coin item so a chart needs no second lookup. */
const coinRef = {
  coin_id: z.string(),
  symbol: z.string(),
  name: z.string(),
  image: z.string().nullable(),
};

/**
 * profitLoss and profitLossPercentage for one return type. Percentage bases (null when zero):
 * realized ÷ cost of the units sold; unrealized ÷ cost basis of the units held;
 * total ÷ (cost of units sold + cost basis of units held).
 */
export const roiFiguresSchema = z.object({ profitLoss: decimalOut, profitLossPercentage: percentageOut });
export type RoiFigures = z.infer<typeof roiFiguresSchema>;
const roiByType = z.object({
  total: roiFiguresSchema,
  unrealized: roiFiguresSchema,
  realized: roiFiguresSchema,
});

export const portfolioSummarySchema = z.object({
  portfolio_id: entityIdSchema.nullable(),
  cost_basis_method: z.enum(costBasisMethods),
  base_currency: z.string(),
  total_value: decimalOut,
  total_investment: decimalOut,
  unique_coins_count: z.number().int().nonnegative(),
  change_24h: decimalOut,
  change_percentage_24h: percentageOut,
  returns: roiByType,
  /** Held coins with no current quote: valued at their cost basis, so they add no P&L. */
  unpriced_coins: z.array(z.string()),
  /**
   * Transactions whose fee is in another currency (USD on a EUR portfolio, BNB) and whose day has
   * no exchange rate or stored close for it: that fee is left out of the figures until it does.
   */
  fees_without_price: z.array(z.string()).optional(),
  /** Portfolios keep their own currency; costs in another one are converted at today's rate. */
  converted_currencies: z.array(z.string()),
  /**
   * Lots without a cost (left out of total_investment and the P&L, whose units still count in
   * total_value) and disposals whose realized P&L leaves units of unknown cost out.
   */
  ...unknownCostTotalFields,
});
export type PortfolioSummary = z.infer<typeof portfolioSummarySchema>;

export const holdingsBlockSchema = z.object({
  totalValue: decimalOut,
  items: z.array(
    z.object({
      ...coinRef,
      quantity: decimalOut,
      currentPrice: decimalOut.nullable(),
      totalValue: decimalOut,
      allocationPercentage: percentageOut,
      ...unknownCostHoldingFields,
      /** Only with include_technical_metrics=true: market context of the holding. */
      technical: z
        .object({
          price_change_percentage_24h: z.number().nullable(),
          price_change_percentage_7d: z.number().nullable(),
          ath_change_percentage: z.number().nullable(),
          market_cap_rank: z.number().nullable(),
        })
        .optional(),
    }),
  ),
});

/** Unrealized and total returns compare the value of the units of known cost with their cost. */
export const roiBlockSchema = roiByType.extend({
  ...unknownCostTotalFields,
  items: z.array(
    z.object({ ...coinRef, ...roiByType.shape, ...unknownCostHoldingFields, ...unknownCostDisposalFields }),
  ),
});

export const capitalBlockSchema = z.object({
  totalInvestment: decimalOut,
  lots_without_cost: unknownCostTotalFields.lots_without_cost,
  items: z.array(
    z.object({
      ...coinRef,
      totalInvestment: decimalOut,
      allocationPercentage: percentageOut,
      ...unknownCostHoldingFields,
    }),
  ),
});

export const costBasisBlockSchema = z.object({
  items: z.array(
    z.object({
      ...coinRef,
      /** Over the units of known cost; null when none is held. */
      costBasisPerCoin: decimalOut.nullable(),
      currentPrice: decimalOut.nullable(),
      athPrice: decimalOut.nullable(),
      ...unknownCostHoldingFields,
    }),
  ),
});

export const positionsBlockSchema = z.object({
  items: z.array(
    z.object({
      ...coinRef,
      quantity: decimalOut,
      totalInvestment: decimalOut,
      costBasisPerCoin: decimalOut.nullable(),
      currentPrice: decimalOut.nullable(),
      /** Who gave `currentPrice` when not the main provider (Binance while CoinGecko fails). */
      priceSource: z.enum(marketSourceIds).optional(),
      priceAsOf: z.string().optional(),
      totalValue: decimalOut,
      realizedProfitLoss: decimalOut,
      unrealizedProfitLoss: decimalOut,
      returns: roiByType,
      ...unknownCostHoldingFields,
      ...unknownCostDisposalFields,
      explanation: positionExplanationSchema.optional(),
    }),
  ),
});

export const dashboardResponseSchema = z.object({
  portfolio_summary: portfolioSummarySchema,
  holdings: holdingsBlockSchema.optional(),
  roi: roiBlockSchema.optional(),
  capital: capitalBlockSchema.optional(),
  cost_basis: costBasisBlockSchema.optional(),
  positions: positionsBlockSchema.optional(),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
