import {
  apiBase,
  insightExplainParamsSchema,
  insightExplainQuerySchema,
  insightExplainResponseSchema,
  insightMessages,
  insightSettingsSchema,
  insightsQuerySchema,
  insightsResponseSchema,
  insightsRoutes,
  limitMessages,
  narrateBodySchema,
  narratePromptResponseSchema,
  putTargetsSchema,
  targetsQuerySchema,
  targetsResponseSchema,
  updateInsightSettingsSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { LlmSettings } from '../../integrations/llm/openai-compatible.ts';
import { notFound } from '../../lib/app-error.ts';
import { readerLocale } from '../../lib/reader-locale.ts';
import { hourlyUserLimiter } from '../../plugins/rate-limit.ts';
import { requireUser } from '../../plugins/sessions.ts';
import type { InsightsService } from './insights.service.ts';
import { narrationStream } from './narrate.ts';

export async function registerInsightsRoutes(
  app: FastifyInstance,
  deps: {
    insights: InsightsService;
    llm: LlmSettings | null;
    /** LIMIT_NARRATIONS_PER_HOUR: each narration is a call to the model, paid or slow. */
    narrationsPerHour: number;
  },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { insights } = deps;
  const narrations = hourlyUserLimiter(
    app.rateLimitCounter,
    'narrate',
    deps.narrationsPerHour,
    limitMessages.narrations,
  );
  const path = (p: string) => `${apiBase}${p}`;

  app.addHook('onReady', async () => {
    insights
      .preload()
      .catch((error: unknown) => app.log.warn({ err: error }, 'insight closes preload failed'));
  });

  r.get(
    path(insightsRoutes.list),
    {
      config: { auth: 'user' },
      schema: { querystring: insightsQuerySchema, response: { 200: insightsResponseSchema } },
      // Like the dashboard: the handler's return type is checked against the schema at compile
      // time and insights.test.ts parses every response with it, so it is not re-validated here.
      serializerCompiler: () => (data: unknown) => JSON.stringify(data),
    },
    async (request) =>
      insights.list(
        requireUser(request).user.id,
        request.query.portfolio_id,
        readerLocale(request.headers['accept-language']),
      ),
  );

  r.get(
    path(insightsRoutes.explain),
    {
      config: { auth: 'user' },
      schema: {
        params: insightExplainParamsSchema,
        querystring: insightExplainQuerySchema,
        response: { 200: insightExplainResponseSchema },
      },
    },
    async (request) =>
      insights.explain(
        requireUser(request).user.id,
        request.query.portfolio_id,
        request.params.kind,
        readerLocale(request.headers['accept-language']),
        request.query.subject,
      ),
  );

  r.get(
    path(insightsRoutes.targets),
    {
      config: { auth: 'user' },
      schema: { querystring: targetsQuerySchema, response: { 200: targetsResponseSchema } },
    },
    async (request) => insights.targets(requireUser(request).user.id, request.query.portfolio_id),
  );

  r.put(
    path(insightsRoutes.targets),
    {
      config: { auth: 'user' },
      schema: { body: putTargetsSchema, response: { 200: targetsResponseSchema } },
    },
    async (request) => insights.putTargets(requireUser(request).user.id, request.body),
  );

  r.delete(
    path(insightsRoutes.targets),
    {
      config: { auth: 'user' },
      schema: { querystring: targetsQuerySchema, response: { 200: targetsResponseSchema } },
    },
    async (request) =>
      insights.putTargets(requireUser(request).user.id, {
        portfolio_id: request.query.portfolio_id,
        targets: [],
      }),
  );

  r.get(
    path(insightsRoutes.settings),
    { config: { auth: 'user' }, schema: { response: { 200: insightSettingsSchema } } },
    async (request) => insights.settings(requireUser(request).user.id),
  );

  r.patch(
    path(insightsRoutes.settings),
    {
      config: { auth: 'user' },
      schema: { body: updateInsightSettingsSchema, response: { 200: insightSettingsSchema } },
    },
    async (request) => insights.updateSettings(requireUser(request).user.id, request.body),
  );

  const requireLlm = (): LlmSettings => {
    if (!deps.llm) throw notFound(insightMessages.narrationUnavailable);
    return deps.llm;
  };

  r.get(
    path(insightsRoutes.narratePrompt),
    {
      config: { auth: 'user' },
      schema: { querystring: insightsQuerySchema, response: { 200: narratePromptResponseSchema } },
    },
    async (request) => {
      requireLlm();
      const { prompt, payload, consented } = await insights.prompt(
        requireUser(request).user.id,
        request.query.portfolio_id,
        readerLocale(request.headers['accept-language']),
      );
      return { prompt, payload, consented };
    },
  );

  r.post(
    path(insightsRoutes.narrateConsent),
    { config: { auth: 'user' }, schema: { response: { 200: insightSettingsSchema } } },
    async (request) => {
      requireLlm();
      return insights.consent(requireUser(request).user.id);
    },
  );

  r.post(
    path(insightsRoutes.narrate),
    {
      config: { auth: 'user', produces: { type: 'text/event-stream' } },
      schema: { body: narrateBodySchema },
    },
    async (request, reply) => {
      const llm = requireLlm();
      const userId = requireUser(request).user.id;
      await insights.requireConsent(userId);
      // Counted once consent is given: only a request that would reach the model uses one up.
      await narrations.hit(userId);
      const { payload, cards } = await insights.prompt(
        userId,
        request.body.portfolio_id,
        readerLocale(request.headers['accept-language']),
      );
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no');
      return reply.send(narrationStream(llm, payload, cards, request.log));
    },
  );
}
