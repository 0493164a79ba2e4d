import {
  apiBase,
  coinIdParamsSchema,
  coinResultsResponseSchema,
  coinSearchQuerySchema,
  errorEnvelopeSchema,
  marketBreadthQuerySchema,
  marketBreadthSchema,
  marketMessages,
  metricsOhlcQuerySchema,
  ohlcQuerySchema,
  ohlcResponseSchema,
  userCoinsResponseSchema,
  vsCurrencyQuerySchema,
} from '@app/contracts';
import { requireCoinId } from '@app/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { validationError } from '../../lib/app-error.ts';
import { requireUser } from '../../plugins/sessions.ts';
import type { MarketService } from '../market/index.ts';
import { publicData } from '../market/index.ts';
import type { TerminalService } from './terminal.service.ts';

const terminal = `${apiBase}/v2/terminal`;

/**
 * Required ids, word for word, as a 400 with field details, for the one coin id that
 * arrives in the query (metrics OHLC takes `coin_id` or `id`); path ids are parsed by
 * coinIdParamsSchema.
 */
function coinIdFrom(value: unknown, field = 'querystring.coin_id'): string {
  const checked = requireCoinId(value);
  if (!checked.ok) throw validationError({ [field]: [checked.message] }, checked.message);
  return checked.value;
}

/** The terminal's own endpoints and both OHLC paths. */
export async function registerTerminalRoutes(
  app: FastifyInstance,
  deps: { market: MarketService; terminal: TerminalService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { market } = deps;

  r.get(
    `${terminal}/ohlc/:id/`,
    {
      config: publicData,
      schema: {
        params: coinIdParamsSchema,
        querystring: ohlcQuerySchema,
        response: { 200: ohlcResponseSchema },
      },
    },
    async (request) => market.ohlc(request.params.id, request.query.days, request.query.vs_currency),
  );
  // `ohlc//` (no id) arrives as `ohlc/`: doubled slashes are collapsed before routing.
  r.get(
    `${terminal}/ohlc/`,
    { config: publicData, schema: { response: { 400: errorEnvelopeSchema } } },
    async () => {
      throw validationError({ 'params.id': [marketMessages.idRequired] }, marketMessages.idRequired);
    },
  );

  r.get(
    `${apiBase}/v2/metrics/ohlc/`,
    {
      config: publicData,
      schema: { querystring: metricsOhlcQuerySchema, response: { 200: ohlcResponseSchema } },
    },
    async (request) => {
      const q = request.query;
      const id = coinIdFrom(q.coin_id ?? q.id);
      return market.ohlc(id, q.days, q.vs_currency);
    },
  );

  r.get(
    `${terminal}/market-breadth/`,
    {
      config: publicData,
      schema: { querystring: marketBreadthQuerySchema, response: { 200: marketBreadthSchema } },
    },
    async (request) => {
      const q = request.query;
      return {
        ...(await market.breadth(q.vs_currency, q.ma_days, q.exclude_stablecoins)),
        source: market.describe(),
      };
    },
  );

  r.get(
    `${terminal}/coin-search/`,
    {
      config: publicData,
      schema: { querystring: coinSearchQuerySchema, response: { 200: coinResultsResponseSchema } },
    },
    async (request) => ({
      results: await market.coinSearch(request.query.vs_currency, request.query.q, request.query.limit),
      vs_currency: request.query.vs_currency,
      source: market.describe(),
    }),
  );

  r.get(
    `${terminal}/user-coins/`,
    {
      config: { auth: 'user' },
      schema: { querystring: vsCurrencyQuerySchema, response: { 200: userCoinsResponseSchema } },
    },
    async (request) => {
      const { user } = requireUser(request);
      return {
        results: await deps.terminal.userCoins(user.id, request.query.vs_currency),
        vs_currency: request.query.vs_currency,
        source: market.describe(),
      };
    },
  );
}
