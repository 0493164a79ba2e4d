import {
  calculateWithTransactionsResponseSchema,
  type InsightCard,
  insightsResponseSchema,
  insightsRoutes,
  projectionListResponseSchema,
  projectionRoutes,
  projectionTaxResponseSchema,
  taxRoutes,
} from '@app/contracts';
import { z } from 'zod';
import { defineTool } from '../tool-kit.ts';
import { portfolioScopeArg } from './tool-inputs.ts';

export const listInsights = defineTool({
  name: 'list_insights',
  title: 'Insight cards',
  description:
    "The Oracle's insight cards for all portfolios or one (concentration, allocation drift, lot profit and loss, exit plans, volatility, stress, fee drag, stablecoin share, alerts, data health, tax timing). Each card has a headline, its figures, and `why`: the formula, the numbers and the tables it was computed from. Quote a card's caveats with its figures.",
  scope: 'read',
  input: z.object({ portfolio_id: portfolioScopeArg }),
  data: insightsResponseSchema,
  async run(args, { rest }) {
    const insights = await rest.get(insightsResponseSchema, insightsRoutes.list, args);
    const { market } = insights;
    return {
      data: insights,
      currency: insights.base_currency,
      // The cards were computed on the market data this answer names, not on whatever is current now.
      market: {
        source: market.demo ? 'demo' : insightsMarketSource(market.source),
        mode: market.demo ? 'demo' : 'live',
        as_of: market.as_of,
        stale: market.stale,
      },
      caveats: cardCaveats(insights.cards),
      headline: `${insights.cards.length} insight card(s)`,
    };
  },
});

/** Each caveat once, with the cards it concerns: several cards often share one (demo prices). */
function cardCaveats(cards: readonly InsightCard[]): string[] {
  const byText = new Map<string, string[]>();
  for (const card of cards) {
    for (const caveat of card.caveats) byText.set(caveat, [...(byText.get(caveat) ?? []), card.title]);
  }
  return [...byText].map(([caveat, titles]) => `${caveat.replace(/\.$/, '')} (${titles.join(', ')}).`);
}

/** The insights answer names its source as free text; anything unknown is reported as demo. */
function insightsMarketSource(source: string): 'coingecko' | 'binance' | 'coinbase' | 'demo' {
  return source === 'coingecko' || source === 'binance' || source === 'coinbase' ? source : 'demo';
}

const planSchema = z.object({
  projection_id: z.string(),
  calculation: calculateWithTransactionsResponseSchema,
  tax: projectionTaxResponseSchema,
});

export const listExitPlans = defineTool({
  name: 'list_exit_plans',
  title: 'Exit plans',
  description:
    "The user's exit-strategy projections: for each plan its coin, capital and coins owned, the planned sales (rungs: coins sold, price, fees, price impact) with the projected figures, and the tax of each rung on the real lots when the plan is linked to a portfolio (otherwise the plan's flat sell tax applies and `tax.note` says why).",
  scope: 'read',
  input: z.object({
    projection_id: z
      .string()
      .min(1)
      .max(100)
      .optional()
      .describe('Only this plan (an id from the list); all plans by default.'),
  }),
  data: z.object({ projections: projectionListResponseSchema, plans: z.array(planSchema) }),
  async run(args, { rest }) {
    const projections = await rest.get(projectionListResponseSchema, projectionRoutes.base);
    const ids = args.projection_id === undefined ? projections.map((p) => p.id) : [args.projection_id];
    const plans = await Promise.all(
      ids.map(async (id) => {
        const [calculation, tax] = await Promise.all([
          rest.get(calculateWithTransactionsResponseSchema, projectionRoutes.calculateWithTransactions(id)),
          rest.get(projectionTaxResponseSchema, taxRoutes.projectionTax(encodeURIComponent(id))),
        ]);
        return { projection_id: id, calculation, tax };
      }),
    );
    const currencies = [...new Set(plans.map((p) => p.calculation.projection.currency))];
    return {
      data: { projections, plans },
      currency: currencies.length === 1 ? (currencies[0] ?? null) : null,
      currencyNote:
        currencies.length > 1
          ? "Each plan's amounts are in its projection's currency field."
          : "Amounts are in the projection's currency; a linked plan's tax is in tax.currency.",
      caveats: plans.flatMap((p) => (p.tax.note ? [`${p.calculation.projection.name}: ${p.tax.note}`] : [])),
      headline: `${plans.length} exit plan(s)`,
    };
  },
});
