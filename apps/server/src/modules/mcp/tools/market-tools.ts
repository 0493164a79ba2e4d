import {
  chartResponseSchema,
  chartTimeframes,
  coinDetailsResponseSchema,
  marketRoutes,
} from '@app/contracts';
import { z } from 'zod';
import { defineTool } from '../tool-kit.ts';
import { coinIdArg, vsCurrencyArg } from './tool-inputs.ts';

export const getCoinMarket = defineTool({
  name: 'get_coin_market',
  title: 'Coin market data',
  description:
    "One coin's market data: current price, market cap and rank, 24h volume, high and low, price changes, all-time high and low, supply, categories and links. `source` says whether the prices are demo, live or a stale copy.",
  scope: 'read',
  input: z.object({ coin_id: coinIdArg, vs_currency: vsCurrencyArg }),
  data: coinDetailsResponseSchema,
  async run(args, { rest, baseCurrency }) {
    const vs = args.vs_currency ?? (await baseCurrency());
    const coin = await rest.get(coinDetailsResponseSchema, marketRoutes.details(args.coin_id), {
      vs_currency: vs,
      // The long description and the 7-day sparkline are left out: they cost tokens and say little.
      include: 'links,social',
    });
    return {
      data: coin,
      currency: coin.vs_currency,
      market: coin.source,
      headline: `${coin.name} (${coin.symbol.toUpperCase()}) ${coin.current_price} ${coin.vs_currency.toUpperCase()}`,
    };
  },
});

export const getCoinHistory = defineTool({
  name: 'get_coin_history',
  title: 'Coin price history',
  description:
    "A coin's price, market cap and volume history for a timeframe (1D, 1W, 1M, 3M, 1Y, ALL) as [timestamp in ms, value] points, oldest first.",
  scope: 'read',
  input: z.object({
    coin_id: coinIdArg,
    timeframe: z.enum(chartTimeframes).optional().describe('Default 1D.'),
    vs_currency: vsCurrencyArg,
  }),
  data: chartResponseSchema,
  async run(args, { rest, baseCurrency }) {
    const vs = args.vs_currency ?? (await baseCurrency());
    const chart = await rest.get(chartResponseSchema, marketRoutes.chart(args.coin_id), {
      vs_currency: vs,
      timeframe: args.timeframe,
    });
    return {
      data: chart,
      currency: chart.vs_currency,
      market: chart.source,
      headline: `${chart.prices.length} price point(s) for ${chart.id} over ${chart.timeframe}`,
    };
  },
});
