import {
  allMarketDataResponseSchema,
  apiBase,
  chartQuerySchema,
  chartResponseSchema,
  coinDetailsQuerySchema,
  coinDetailsResponseSchema,
  coinIdParamsSchema,
  coinResultsResponseSchema,
  coinSocialResponseSchema,
  errorEnvelopeSchema,
  globalDataResponseSchema,
  type MarketSelectResponse,
  marketMessages,
  marketRoutes,
  marketSelectQuerySchema,
  marketSelectResponseSchema,
  marketStatusSchema,
  priceChangesQuerySchema,
  priceChangesResponseSchema,
  searchQuerySchema,
  searchResultSchema,
  topPerformingQuerySchema,
  trendingResponseSchema,
  vsCurrencyQuerySchema,
} from '@app/contracts';
import { requireSymbol } from '@app/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { validationError } from '../../lib/app-error.ts';
import { requireUser } from '../../plugins/sessions.ts';
import { registerCoinImageRoute } from './coin-image.route.ts';
import type { CoinImageCache } from './coin-image-cache.ts';
import type { MarketService } from './market.service.ts';
import { registerMarketListRoute } from './market-list.route.ts';
import { marketStatus } from './market-status.ts';

const base = `${apiBase}/v2/cryptocurrencies`;
/** Route config of the public market routes: anyone may call, and no session lookup (plugins/sessions). */
export const publicData = { auth: 'public', publicData: true } as const;
const idParams = coinIdParamsSchema;

/** Crypto: public market data (no user data), read from the cache. */
export async function registerMarketRoutes(
  app: FastifyInstance,
  deps: {
    market: MarketService;
    /** The signed-in coin picker's list: the terminal module's, which knows holdings and favourites. */
    marketSelect: (
      userId: string,
      vs: string,
      limit: number,
      search: string | undefined,
    ) => Promise<MarketSelectResponse>;
    images: CoinImageCache;
  },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { market } = deps;
  const source = () => market.describe();
  registerMarketListRoute(app, { market, config: publicData });
  registerCoinImageRoute(app, { images: deps.images, config: publicData });

  // The web app's demo banner and stale marker read this on every page.
  r.get(
    `${apiBase}${marketRoutes.status}`,
    { config: publicData, schema: { response: { 200: marketStatusSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return marketStatus(source(), new Date());
    },
  );

  r.get(
    `${base}/global_data/`,
    {
      config: publicData,
      schema: { querystring: vsCurrencyQuerySchema, response: { 200: globalDataResponseSchema } },
    },
    async (request) => ({ ...(await market.globalData(request.query.vs_currency)), source: source() }),
  );

  r.get(
    `${base}/trending/`,
    {
      config: publicData,
      schema: {
        querystring: vsCurrencyQuerySchema.extend({
          limit: z.coerce.number().int().min(1).max(15).default(15),
        }),
        response: { 200: trendingResponseSchema },
      },
    },
    async (request) => ({
      ...(await market.trending(request.query.vs_currency, request.query.limit)),
      source: source(),
    }),
  );

  r.get(
    `${base}/top_performing/`,
    {
      config: publicData,
      schema: { querystring: topPerformingQuerySchema, response: { 200: coinResultsResponseSchema } },
    },
    async (request) => ({
      results: await market.topPerforming(request.query.vs_currency, request.query.limit),
      vs_currency: request.query.vs_currency,
      source: source(),
    }),
  );

  r.get(
    `${base}/price-changes/`,
    {
      config: publicData,
      schema: { querystring: priceChangesQuerySchema, response: { 200: priceChangesResponseSchema } },
    },
    async (request) => {
      const symbols = (request.query.symbols ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const checked = requireSymbol(symbols[0]);
      if (!checked.ok) throw validationError({ 'querystring.symbols': [checked.message] }, checked.message);
      if (symbols.length > 100)
        throw validationError({ 'querystring.symbols': ['Ask for at most 100 symbols'] });
      return {
        results: await market.priceChanges(request.query.vs_currency, symbols),
        vs_currency: request.query.vs_currency,
        source: source(),
      };
    },
  );

  r.get(
    `${base}/all_market_data/`,
    {
      config: publicData,
      schema: { querystring: vsCurrencyQuerySchema, response: { 200: allMarketDataResponseSchema } },
    },
    async (request) => {
      const { results, count } = await market.list({
        vs: request.query.vs_currency,
        page: 1,
        perPage: 10_000,
        order: 'market_cap_desc',
        excludeStablecoins: false,
        sparkline: false,
      });
      return { results, count, vs_currency: request.query.vs_currency, source: source() };
    },
  );

  r.get(
    `${base}/market_select/`,
    {
      config: { auth: 'user' },
      schema: { querystring: marketSelectQuerySchema, response: { 200: marketSelectResponseSchema } },
    },
    async (request) => {
      const { user } = requireUser(request);
      const q = request.query;
      return deps.marketSelect(user.id, q.vs_currency, q.limit, q.search);
    },
  );

  r.get(
    `${base}/search/`,
    { config: publicData, schema: { querystring: searchQuerySchema, response: { 200: searchResultSchema } } },
    async (request) => market.search(request.query.q, request.query.limit),
  );

  r.get(
    `${base}/details/:id/`,
    {
      config: publicData,
      schema: {
        params: idParams,
        querystring: coinDetailsQuerySchema,
        response: { 200: coinDetailsResponseSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const details = await market.details(id, request.query.vs_currency);
      const include = new Set(
        (request.query.include ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      );
      const all = include.size === 0;
      // Leaving parts out keeps the payload small; the shape stays the same (blank values).
      return {
        ...details,
        description: all || include.has('description') ? details.description : '',
        sparkline_in_7d: all || include.has('sparkline') ? details.sparkline_in_7d : undefined,
        source: source(),
      };
    },
  );

  r.get(
    `${base}/:id/social/`,
    { config: publicData, schema: { params: idParams, response: { 200: coinSocialResponseSchema } } },
    async (request) => {
      const { id } = request.params;
      const details = await market.details(id, 'usd');
      return { id, links: details.links, social: details.social, source: source() };
    },
  );

  r.get(
    `${base}/:id/chart/`,
    {
      config: publicData,
      schema: { params: idParams, querystring: chartQuerySchema, response: { 200: chartResponseSchema } },
    },
    async (request) => {
      const { id } = request.params;
      const { timeframe, vs_currency } = request.query;
      const chart = await market.chart(id, timeframe, vs_currency);
      return { ...chart, id, timeframe, vs_currency, source: source() };
    },
  );

  // An empty id segment ("details//") never reaches the :id routes; answer with the spec's message.
  // Doubled slashes are collapsed before routing (plugins/normalise-url), so these are the paths.
  for (const path of [`${base}/details/`, `${base}/social/`, `${base}/chart/`]) {
    r.get(path, { config: publicData, schema: { response: { 400: errorEnvelopeSchema } } }, async () => {
      throw validationError({ 'params.id': [marketMessages.coinIdRequired] }, marketMessages.coinIdRequired);
    });
  }
}
