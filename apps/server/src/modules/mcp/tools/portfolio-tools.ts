import {
  type DashboardResponse,
  dashboardMetrics,
  dashboardResponseSchema,
  portfolioListResponseSchema,
  portfolioRoutes,
  rewardKinds,
  transactionListResponseSchema,
  transactionPageSize,
  transactionSchema,
  transactionTypes,
} from '@app/contracts';
import { z } from 'zod';
import { defineTool } from '../tool-kit.ts';
import {
  coinIdArg,
  pageArg,
  perPortfolioCurrency,
  portfolioIdArg,
  portfolioScopeArg,
} from './tool-inputs.ts';

function summaryCaveats(summary: DashboardResponse['portfolio_summary']): string[] {
  const caveats: string[] = [];
  if (summary.unpriced_coins.length > 0) {
    caveats.push(
      `No current price for ${summary.unpriced_coins.join(', ')}: valued at cost, so they add no profit or loss.`,
    );
  }
  if (summary.lots_without_cost) {
    caveats.push(
      `${summary.lots_without_cost} lot(s) have no known cost: left out of the investment and profit figures, counted in the value.`,
    );
  }
  if (summary.converted_currencies.length > 0) {
    caveats.push(
      `Costs in ${summary.converted_currencies.join(', ').toUpperCase()} were converted at today's rate.`,
    );
  }
  return caveats;
}

export const listPortfolios = defineTool({
  name: 'list_portfolios',
  title: 'Portfolios and holdings',
  description:
    "Lists the user's portfolios (name, currency, total value, 24h change) and the coins held with quantity, current price, value and share of the total, for all portfolios together or one. Use it first to learn the portfolio ids other tools take.",
  scope: 'read',
  input: z.object({
    portfolio_id: portfolioScopeArg.describe(
      'Whose holdings to list: a portfolio id, or "all" (the default). The portfolio list is always complete.',
    ),
  }),
  data: z.object({ portfolios: portfolioListResponseSchema, holdings: dashboardResponseSchema }),
  async run(args, { rest }) {
    const [portfolios, holdings] = await Promise.all([
      rest.get(portfolioListResponseSchema, portfolioRoutes.portfolios),
      rest.get(dashboardResponseSchema, portfolioRoutes.dashboard, {
        portfolio_id: args.portfolio_id,
        metrics: 'holdings',
      }),
    ]);
    const summary = holdings.portfolio_summary;
    return {
      data: { portfolios, holdings },
      currency: summary.base_currency,
      currencyNote:
        "holdings are in the base currency; each portfolio's total_value and change_24h are in that portfolio's own currency field.",
      caveats: summaryCaveats(summary),
      headline: `${portfolios.count} portfolio(s), ${holdings.holdings?.items.length ?? 0} coin(s) held`,
    };
  },
});

export const listTransactions = defineTool({
  name: 'list_transactions',
  title: 'Transactions',
  description:
    'Lists transactions newest first, filtered by portfolio, coin, type or a search text, one page at a time (count is the total; next/previous say whether more pages exist). Each row has type, quantity, price per coin, fee and date.',
  scope: 'read',
  input: z.object({
    portfolio_id: portfolioIdArg.optional(),
    coin_id: coinIdArg.optional(),
    type: z.enum(transactionTypes).optional().describe('Only transactions of this type.'),
    q: z.string().max(100).optional().describe("Search a coin's name, symbol or id, or words of the note."),
    page: pageArg,
    page_size: z
      .number()
      .int()
      .min(1)
      .max(transactionPageSize.max)
      .optional()
      .describe(
        `Rows per page (default ${transactionPageSize.default}, at most ${transactionPageSize.max}).`,
      ),
  }),
  data: transactionListResponseSchema,
  async run(args, { rest }) {
    const list = await rest.get(transactionListResponseSchema, portfolioRoutes.transactions, args);
    return {
      data: list,
      currency: null,
      currencyNote: perPortfolioCurrency,
      headline: `${list.results.length} of ${list.count} transaction(s)`,
    };
  },
});

export const getDashboard = defineTool({
  name: 'get_dashboard',
  title: 'Dashboard figures',
  description:
    'The Metrics dashboard for all portfolios or one: total value, amount invested, 24h change, total/realized/unrealized profit and loss with percentages, and per coin the blocks asked for (holdings, roi, capital, cost_basis, positions).',
  scope: 'read',
  input: z.object({
    portfolio_id: portfolioScopeArg,
    metrics: z
      .array(z.enum(dashboardMetrics))
      .min(1)
      .optional()
      .describe('Blocks to include besides the summary; all of them by default.'),
    include_technical_metrics: z
      .boolean()
      .optional()
      .describe(
        "Add each holding's market context (24h and 7d change, distance from the all-time high, rank).",
      ),
  }),
  data: dashboardResponseSchema,
  async run(args, { rest }) {
    const dashboard = await rest.get(dashboardResponseSchema, portfolioRoutes.dashboard, args);
    const summary = dashboard.portfolio_summary;
    return {
      data: dashboard,
      currency: summary.base_currency,
      caveats: summaryCaveats(summary),
      headline: `Total value ${summary.total_value} ${summary.base_currency.toUpperCase()}`,
    };
  },
});

export const addTransaction = defineTool({
  name: 'add_transaction',
  title: 'Add a transaction',
  description:
    'Records one transaction (buy, sell, transfer in or out, reward) in a portfolio, checked like a form entry: a sale cannot sell more than is held at its date. Amounts are decimal strings in the portfolio currency. Returns the stored transaction.',
  scope: 'write:transactions',
  input: z.object({
    portfolio_id: portfolioIdArg,
    coin_id: coinIdArg,
    type: z.enum(transactionTypes),
    quantity: z.string().describe('Coins moved, a positive decimal string such as "0.25".'),
    price_per_coin: z
      .string()
      .nullable()
      .optional()
      .describe('Price of one coin in the portfolio currency; null on a transfer in whose cost is unknown.'),
    fee: z.string().optional().describe('Fee as a decimal string (default "0").'),
    fee_currency: z
      .string()
      .optional()
      .describe('Currency or coin the fee was paid in, when not the portfolio currency.'),
    date: z.string().describe('When it happened, ISO 8601 with a time zone, such as "2025-03-01T12:00:00Z".'),
    note: z.string().max(1000).optional(),
    reward_kind: z.enum(rewardKinds).optional().describe('Only on a reward.'),
  }),
  data: transactionSchema,
  async run(args, { rest }) {
    const created = await rest.post(transactionSchema, portfolioRoutes.transactions, args);
    return {
      data: created,
      currency: null,
      currencyNote: "price_per_coin and fee are in the portfolio's currency (see list_portfolios).",
      headline: `Recorded ${created.type} of ${created.quantity} ${created.coin_id}`,
    };
  },
});
